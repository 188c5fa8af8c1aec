import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec

/// AVIF files made with avifenc's `--irot`, `--imir` and `--crop` (`clap`), at 8 and 10 bits,
/// 4:4:4 and 4:2:0: artfit's decode is avifdec's decode (the coded image, which avifdec writes
/// untransformed) with the transforms applied as ISO/IEC 23008-12 as amended says, within 1.5
/// levels on 8 px block means, and its probe gives the size its decode has.
@Suite struct HEIFTransformTests {
  static let tools = ["/usr/bin/avifenc", "/usr/bin/avifdec"]
  static let available = tools.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }

  /// The transforms of one file, in the order avifenc writes them (clap, irot, imir).
  struct Case: CustomStringConvertible, Sendable {
    var crop: (x: Int, y: Int, w: Int, h: Int)? = nil
    var rotate = 0
    var mirror: Int? = nil
    var arguments: [String] {
      var list: [String] = []
      if let crop { list += ["--crop", "\(crop.x),\(crop.y),\(crop.w),\(crop.h)"] }
      if rotate != 0 { list += ["--irot", "\(rotate)"] }
      if let mirror { list += ["--imir", "\(mirror)"] }
      return list
    }
    var description: String { arguments.isEmpty ? "none" : arguments.joined(separator: " ") }
  }

  static let cases: [Case] = [
    Case(rotate: 1), Case(rotate: 2), Case(rotate: 3), Case(mirror: 0), Case(mirror: 1),
    Case(crop: (8, 4, 40, 32)), Case(crop: (8, 4, 40, 32), rotate: 3, mirror: 1), Case(rotate: 1, mirror: 0),
  ]

  /// Samples as 8-bit RGB values, row-major.
  static func rgb8(_ image: Image) -> [Double] {
    let channels = image.layout.channels
    var out: [Double] = []
    switch image.storage {
    case .uint8(let samples):
      for p in 0..<image.width * image.height { for c in 0..<3 { out.append(Double(samples[p * channels + c])) } }
    case .uint16(let samples):
      for p in 0..<image.width * image.height {
        for c in 0..<3 { out.append(Double(samples[p * channels + c]) / 257) }
      }
    }
    return out
  }

  /// The reference: `case`'s transforms applied, one after the other, to RGB samples.
  static func transformed(_ pixels: [Double], width: Int, height: Int, by test: Case) -> (
    [Double], width: Int, height: Int
  ) {
    var (p, w, h) = (pixels, width, height)
    func remap(_ nw: Int, _ nh: Int, _ source: (Int, Int) -> (Int, Int)) {
      var out = [Double](repeating: 0, count: nw * nh * 3)
      for y in 0..<nh {
        for x in 0..<nw {
          let (sx, sy) = source(x, y)
          for c in 0..<3 { out[(y * nw + x) * 3 + c] = p[(sy * w + sx) * 3 + c] }
        }
      }
      (p, w, h) = (out, nw, nh)
    }
    if let crop = test.crop { remap(crop.w, crop.h) { (crop.x + $0, crop.y + $1) } }
    for _ in 0..<test.rotate {
      let (ow, _) = (w, h)
      remap(h, w) { x, y in (ow - 1 - y, x) }  // a quarter turn anticlockwise
    }
    if let mirror = test.mirror {
      let (ow, oh) = (w, h)
      remap(w, h) { x, y in mirror == 0 ? (x, oh - 1 - y) : (ow - 1 - x, y) }
    }
    return (p, w, h)
  }

  @Test(
    .enabled(if: available, "needs libavif-bin's avifenc and avifdec (.ci/run installs them)"),
    arguments: [(8, "444"), (10, "444"), (8, "420"), (10, "420")], cases)
  func aTransformedAVIFIsDrawnUprightAsItsAuthorsShowIt(format: (depth: Int, yuv: String), test: Case) throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let source = folder.write(try ImageEncoder.png(TestPictures.quadrants(width: 64, height: 48)), to: "source.png")
    let avif = folder.path("t.avif")
    let decoded = folder.path("avifdec.png")
    for (tool, arguments) in [
      (
        Self.tools[0],
        ["--min", "0", "--max", "0", "-d", "\(format.depth)", "--yuv", format.yuv] + test.arguments + [source, avif]
      ),
      (Self.tools[1], ["-d", "8", avif, decoded]),
    ] {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: tool)
      process.arguments = arguments
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      try #require(process.terminationStatus == 0, "\(tool) \(arguments)")
    }
    let coded = try ImageDecoder.decode(file: decoded)
    let reference = Self.transformed(Self.rgb8(coded), width: coded.width, height: coded.height, by: test)
    let info = try ImageDecoder.probe(file: avif)
    let image = try ImageDecoder.decode(file: avif)
    #expect(info.width == image.width && info.height == image.height, "check's size is render's")
    try #require(image.width == reference.width && image.height == reference.height)
    let ours = Self.rgb8(image)
    var worst = 0.0
    for by in stride(from: 0, to: image.height, by: 8) {
      for bx in stride(from: 0, to: image.width, by: 8) {
        for c in 0..<3 {
          var (a, b, n) = (0.0, 0.0, 0.0)
          for y in by..<min(by + 8, image.height) {
            for x in bx..<min(bx + 8, image.width) {
              a += ours[(y * image.width + x) * 3 + c]
              b += reference.0[(y * image.width + x) * 3 + c]
              n += 1
            }
          }
          worst = max(worst, abs(a - b) / n)
        }
      }
    }
    #expect(worst <= 1.5, "\(format) \(test): blocks differ by up to \(worst) levels")
  }

  /// The top-level boxes of an ISO file: offset, size and type.
  static func boxes(_ data: [UInt8]) -> [(at: Int, size: Int, type: String)] {
    var list: [(Int, Int, String)] = []
    var at = 0
    while at + 8 <= data.count {
      let size = data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
      list.append((at, size, String(decoding: data[at + 4..<at + 8], as: UTF8.self)))
      guard size >= 8 else { break }
      at += size
    }
    return list
  }

  @Test func aLastBoxOfSizeZeroRunsToTheEndOfTheFile() throws {
    let data = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("heif-quad.avif"))))
    let last = try #require(Self.boxes(data).last)
    try #require(last.at + last.size == data.count, "the fixture's last box ends the file")
    var zero = data
    for i in 0..<4 { zero[last.at + i] = 0 }
    let whole = try ImageDecoder.decode(data: data, name: "quad.avif")
    let sizedByEnd = try ImageDecoder.decode(data: zero, name: "zero.avif")
    #expect(sizedByEnd.storage == whole.storage && sizedByEnd.width == whole.width)
  }

  @Test(arguments: [("unci", "uncompressed samples"), ("jpeg", "JPEG"), ("j2k1", "JPEG 2000"), ("avc1", "AVC (H.264)")])
  func aPrimaryImageInACodingArtfitDoesNotDecodeIsNamed(type: String, name: String) throws {
    var data = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("heif-quad.avif"))))
    // The primary item's type in its item information entry, written over.
    let infe = try #require((0..<data.count - 4).first { Array(data[$0..<$0 + 4]) == Array("infe".utf8) })
    let at = try #require((infe..<data.count - 4).first { Array(data[$0..<$0 + 4]) == Array("av01".utf8) })
    data.replaceSubrange(at..<at + 4, with: Array(type.utf8))
    #expect {
      try ImageDecoder.probe(data: data, name: "coded.avif")
    } throws: { error in
      guard case ImageError.unusable(_, _, let reason) = error else { return false }
      return reason.contains("coded as \(name) (item type '\(type)')")
    }
  }
}
