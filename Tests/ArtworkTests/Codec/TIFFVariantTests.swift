import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec

/// TIFF as print masters come: channels in separate planes (Photoshop's "Per Channel" pixel
/// order) read as the same file with them interleaved, stripped or tiled, plain or
/// compressed; valid variants artfit does not read are named as what they are, never
/// "corrupt".
@Suite struct TIFFVariantTests {
  static let tiffcp = "/usr/bin/tiffcp"

  func planar(_ fixture: String, _ options: [String], into folder: TemporaryFolder) throws -> String {
    let out = folder.path("planar.tif")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.tiffcp)
    process.arguments = ["-p", "separate"] + options + [Fixtures.path(fixture), out]
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    return out
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: tiffcp), "needs libtiff-tools' tiffcp (.ci/run installs it)"),
    arguments: ["tiff-rgb8-lzw.tif", "tiff-rgba8-deflate.tif", "tiff-cmyk-icc.tif", "tiff-assoc-alpha.tif"],
    [[], ["-c", "lzw"], ["-c", "zip", "-r", "7"], ["-t", "-w", "16", "-l", "16"]])
  func separatePlanesReadAsInterleavedOnesDo(fixture: String, options: [String]) throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let planar = try planar(fixture, options, into: folder)
    let reference = try ImageDecoder.decode(file: Fixtures.path(fixture))
    let image = try ImageDecoder.decode(file: planar)
    #expect(image.width == reference.width && image.height == reference.height && image.layout == reference.layout)
    #expect(image.storage == reference.storage, "\(fixture) \(options)")
    // A region (a preview's shrink-on-load and crops read only what they need).
    let region = ImageRegion(x: 3, y: 5, width: 7, height: 4)
    #expect(
      try ImageDecoder.decode(file: planar, region: region).storage
        == ImageDecoder.decode(file: Fixtures.path(fixture), region: region).storage)
  }

  /// A little-endian, uncompressed TIFF of `samples` channels of `bits` bits (values from
  /// `value`), its channels interleaved in one strip or in a strip each (`planar`); with
  /// `extraSample`, its last channel is of that kind (ExtraSamples: 1 associated alpha, 2
  /// unassociated).
  static func tiff(
    width: Int, height: Int, samples: Int, bits: Int, photometric: Int, planar: Bool, extraSample: Int? = nil,
    value: (Int, Int, Int) -> Int
  ) -> [UInt8] {
    var pixels: [[UInt8]] = []
    func bytes(_ v: Int) -> [UInt8] { bits == 8 ? [UInt8(v & 255)] : [UInt8(v & 255), UInt8(v >> 8 & 255)] }
    if planar {
      for c in 0..<samples {
        var plane: [UInt8] = []
        for y in 0..<height { for x in 0..<width { plane += bytes(value(x, y, c)) } }
        pixels.append(plane)
      }
    } else {
      var strip: [UInt8] = []
      for y in 0..<height { for x in 0..<width { for c in 0..<samples { strip += bytes(value(x, y, c)) } } }
      pixels.append(strip)
    }
    var file: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0]
    let tags = extraSample == nil ? 10 : 11
    let ifdSize = 2 + tags * 12 + 4
    var extra: [UInt8] = []
    let extraStart = 8 + ifdSize
    let bitsAt = extraStart + extra.count
    for _ in 0..<samples { extra += [UInt8(bits), 0] }
    let dataStart = extraStart + extra.count + samples * 8
    var offsets: [Int] = []
    var at = dataStart
    for strip in pixels {
      offsets.append(at)
      at += strip.count
    }
    let offsetsAt = extraStart + extra.count
    for offset in offsets { extra += [UInt8(offset & 255), UInt8(offset >> 8 & 255), UInt8(offset >> 16 & 255), 0] }
    let countsAt = extraStart + extra.count
    for strip in pixels {
      extra += [UInt8(strip.count & 255), UInt8(strip.count >> 8 & 255), UInt8(strip.count >> 16 & 255), 0]
    }
    while extra.count < samples * 8 + samples * 2 { extra.append(0) }
    func u16(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8)] }
    func u32(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8 & 255), UInt8(v >> 16 & 255), UInt8(v >> 24)] }
    func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: Int) -> [UInt8] {
      u16(tag) + u16(type) + u32(count) + (type == 3 && count == 1 ? u16(value) + [0, 0] : u32(value))
    }
    let strips = pixels.count
    file += u16(tags)
    file += entry(256, 3, 1, width) + entry(257, 3, 1, height)
    // Values that fit in four bytes sit in the entry itself, as TIFF 6.0 requires.
    file +=
      samples == 1
      ? entry(258, 3, 1, bits)
      : samples == 2
        ? u16(258) + u16(3) + u32(2) + u16(bits) + u16(bits)
        : entry(258, 3, samples, bitsAt)
    file += entry(259, 3, 1, 1) + entry(262, 3, 1, photometric)
    file += strips == 1 ? entry(273, 4, 1, offsets[0]) : entry(273, 4, strips, offsetsAt)
    file += entry(277, 3, 1, samples) + entry(278, 3, 1, height)
    file += strips == 1 ? entry(279, 4, 1, pixels[0].count) : entry(279, 4, strips, countsAt)
    file += entry(284, 3, 1, planar ? 2 : 1)
    if let extraSample { file += entry(338, 3, 1, extraSample) }
    file += u32(0)
    file += extra
    file += [UInt8](repeating: 0, count: dataStart - file.count)
    for strip in pixels { file += strip }
    return file
  }

  @Test(arguments: [(3, 16, 2), (4, 16, 2), (2, 16, 1), (3, 8, 2), (4, 8, 5)])
  func separatePlanesAt8And16BitsReadAsInterleavedOnes(samples: Int, bits: Int, photometric: Int) throws {
    let value = { (x: Int, y: Int, c: Int) in
      bits == 16 ? (x * 2053 + y * 977 + c * 16411) % 65536 : (x * 7 + y * 13 + c * 61) % 256
    }
    let interleaved = Self.tiff(
      width: 21, height: 9, samples: samples, bits: bits, photometric: photometric, planar: false, value: value)
    let planar = Self.tiff(
      width: 21, height: 9, samples: samples, bits: bits, photometric: photometric, planar: true, value: value)
    let reference = try ImageDecoder.decode(data: interleaved, name: "interleaved.tif")
    let image = try ImageDecoder.decode(data: planar, name: "planar.tif")
    #expect(image.storage == reference.storage && image.layout == reference.layout, "\(samples) × \(bits) bits")
  }

  /// Associated alpha (Photoshop's, ExtraSamples 1) made straight once, as the TIFF's samples
  /// are premultiplied: gray and RGB, 8 and 16 bits, interleaved and in planes. The truth is
  /// computed here from the stored values, and stays within one level of them over black.
  @Test(arguments: [(2, 8), (2, 16), (4, 8), (4, 16)], [false, true])
  func associatedAlphaIsUnpremultipliedOnce(layout: (samples: Int, bits: Int), planar: Bool) throws {
    let (samples, bits) = layout
    let full = bits == 8 ? 255 : 65535
    let alpha = { (x: Int, y: Int) in (x * 37 + y * 11) % (full + 1) }
    // Premultiplied colour: at most alpha.
    let colour = { (x: Int, y: Int, c: Int) in alpha(x, y) * ((x * 5 + y * 3 + c * 7) % 10) / 9 }
    let file = Self.tiff(
      width: 23, height: 7, samples: samples, bits: bits, photometric: samples == 2 ? 1 : 2, planar: planar,
      extraSample: 1
    ) { x, y, c in c == samples - 1 ? alpha(x, y) : colour(x, y, c) }
    let image = try ImageDecoder.decode(data: file, name: "associated.tif")
    #expect(image.layout.hasAlpha && image.width == 23 && image.height == 7)
    let channels = samples
    for y in 0..<7 {
      for x in 0..<23 {
        let a = alpha(x, y)
        #expect(image.sample(x: x, y: y, channel: channels - 1) == a)
        for c in 0..<channels - 1 where a > 0 {
          let straight = image.sample(x: x, y: y, channel: c)
          let expected = min(full, (colour(x, y, c) * full + a / 2) / a)
          #expect(straight == expected, "\(x),\(y) channel \(c): \(straight), straight \(expected)")
          // Over black, the straight sample gives back the stored premultiplied one.
          #expect(abs((straight * a + full / 2) / full - colour(x, y, c)) <= 1)
        }
      }
    }
  }

  /// Valid TIFFs of variants artfit does not read: named, never "corrupt".
  @Test func variantsArtfitDoesNotReadAreNamed() throws {
    var float = Self.tiff(width: 4, height: 4, samples: 1, bits: 32, photometric: 1, planar: false) { _, _, _ in 0 }
    // SampleFormat 3 (IEEE floating point): one more tag would move the layout, so the
    // PlanarConfiguration entry (tag 284, the last) is written over as SampleFormat (339).
    let last = 8 + 2 + 9 * 12
    float.replaceSubrange(last..<last + 12, with: [0x53, 0x01, 3, 0, 1, 0, 0, 0, 3, 0, 0, 0])
    #expect {
      try ImageDecoder.probe(data: float, name: "float.tif")
    } throws: { error in
      guard case ImageError.unusable(_, .tiff, let reason) = error else { return false }
      return reason.contains("floating point")
    }
  }
}

extension Image {
  /// Sample `channel` of the pixel at (`x`, `y`), 8- or 16-bit.
  fileprivate func sample(x: Int, y: Int, channel: Int) -> Int {
    let index = (y * width + x) * layout.channels + channel
    switch storage {
    case .uint8(let samples): return Int(samples[index])
    case .uint16(let samples): return Int(samples[index])
    }
  }
}
