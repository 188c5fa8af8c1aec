import TestSupport
import Testing

@testable import ArtworkCodec

/// One PNGWriter encoding image after image gives the same files as fresh encodes.
struct PNGWriterTests {
  @Test func aReusedWriterGivesTheSameBytesAsAFreshEncode() throws {
    let writer = PNGWriter()
    let profile = try FileBytes.read(Fixtures.path("srgb.icc"), limit: 1 << 20)
    // Growing and shrinking buffers, every layout, effort changes, a profile on and off,
    // one band and many.
    let cases: [(ChannelLayout, Int, Int, Int, [UInt8]?)] = [
      (.rgb, 37, 23, 4, nil), (.rgba, 120, 90, 1, profile), (.gray, 5, 3, 2, nil),
      (.grayAlpha, 64, 200, 9, nil), (.rgb, 301, 40, 1, profile), (.rgb, 7, 7, 0, nil),
      (.rgba, 700, 900, 1, profile), (.rgb, 30, 20, 1, nil),
    ]
    for (layout, width, height, level, icc) in cases {
      var image = RoundTripTests.pattern8(layout, width: width, height: height)
      image.iccProfile = icc
      let effort = PNGEffort(rawValue: level)!
      let fresh = try ImageEncoder.png(image, effort: effort)
      let reused = try writer.withPNG(of: image, effort: effort, name: "t.png") { Array($0) }
      #expect(reused == fresh, "\(layout) \(width)x\(height) effort \(level)")
      #expect(try ImageDecoder.decode(data: reused, name: "t.png") == image)
    }
  }

  /// An image of several ~1 MiB bands: filtered on any number of threads, and at effort 1 each
  /// band compressed on its own and joined into one zlib stream; the same bytes on any number
  /// of threads, and a stream zlib (under libpng) inflates to the exact pixels, its Adler-32
  /// checked across the joins.
  @Test(arguments: [1, 2])
  func bandsGiveTheSameValidStreamOnAnyNumberOfThreads(effort: Int) throws {
    let image = RegionDecodeTests.photo(.rgba, width: 1000, height: 900)  // 3.6 MB of rows: 4 bands
    let writer = PNGWriter()
    let effort = PNGEffort(rawValue: effort)!
    let one = try writer.withPNG(of: image, effort: effort, threads: 1, name: "t.png") { Array($0) }
    for threads in [2, 3, 8] {
      let many = try writer.withPNG(of: image, effort: effort, threads: threads, name: "t.png") { Array($0) }
      #expect(many == one, "\(threads) threads")
    }
    for run in 0..<4 {
      let fresh = try ImageEncoder.png(image, effort: effort, threads: 1 + run % 2)
      #expect(fresh == one, "fresh writer, run \(run)")
    }
    #expect(try ImageDecoder.decode(data: one, name: "t.png") == image)
    // A wrong Adler-32 is refused, so the check above covered the joined stream's sum.
    var broken = one
    let idat = try #require(Self.chunk("IDAT", in: broken))
    broken[idat.data.upperBound - 1] ^= 0xff
    let crc = crc32(broken[(idat.data.lowerBound - 4)..<idat.data.upperBound])
    broken.replaceSubrange(idat.data.upperBound..<(idat.data.upperBound + 4), with: bigEndian(crc))
    #expect(throws: ImageError.self) { try ImageDecoder.decode(data: broken, name: "broken.png") }
  }

  /// The same bytes wherever a writer's memory lies: 320 writers, 16 alive at a time and so
  /// each at its own addresses, all agree. (igzip, the fastest effort's compressor before,
  /// hashed a register holding its stream's address, and about one writer in a hundred wrote
  /// other bytes for this image.)
  @Test(arguments: [1, 2])
  func theBytesDoNotDependOnWhereTheWriterLies(effort: Int) throws {
    let image = RoundTripTests.pattern8(.rgba, width: 700, height: 900)  // 3 bands
    let effort = PNGEffort(rawValue: effort)!
    let first = try ImageEncoder.png(image, effort: effort)
    var differing = 0
    for _ in 0..<20 {
      let writers = (0..<16).map { _ in PNGWriter() }  // alive together: each slot elsewhere
      for writer in writers where try writer.withPNG(of: image, effort: effort, name: "t.png", { Array($0) }) != first {
        differing += 1
      }
    }
    #expect(differing == 0, "\(differing) of 320 writers wrote other bytes")
  }

  /// Rows the fastest effort cannot shrink go in stored blocks, so the file stays within a few
  /// bytes of the rows, the same on any number of threads, and decodes to the exact pixels.
  @Test func incompressibleBandsAreStored() throws {
    var generator = SeededGenerator(seed: 7)
    let width = 700
    let height = 900  // 3 bands
    let samples = (0..<(width * height * 4)).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let image = Image(width: width, height: height, layout: .rgba, storage: .uint8(samples))
    let one = try ImageEncoder.png(image, effort: .fastest, threads: 1)
    let two = try ImageEncoder.png(image, effort: .fastest, threads: 2)
    #expect(one == two)
    let row = width * 4 + 1
    let bandRows = ((1 << 20) + row - 1) / row
    let bands = [bandRows * row, bandRows * row, (height - 2 * bandRows) * row]
    let stored = bands.reduce(0) { $0 + $1 + 5 * (($1 + 65534) / 65535) }
    let idat = try #require(Self.chunk("IDAT", in: one))
    #expect(idat.data.count == 2 + stored + 4, "zlib header, stored blocks, Adler-32")
    #expect(try ImageDecoder.decode(data: one, name: "noise.png") == image)
  }

  /// Where the data of the first chunk of `type` lies in a PNG file.
  static func chunk(_ type: String, in png: [UInt8]) -> (type: String, data: Range<Int>)? {
    var at = 8
    while at + 12 <= png.count {
      let length = png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
      let name = String(decoding: png[(at + 4)..<(at + 8)], as: UTF8.self)
      if name == type { return (name, (at + 8)..<(at + 8 + length)) }
      at += 12 + length
    }
    return nil
  }
}
