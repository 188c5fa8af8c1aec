import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec

/// Netpbm's formats read as netpbm's own tools write them: every variant its tools make from
/// a picture (plain and raw PBM, PGM, PPM; PAM with alpha; 8 and 16 bits; an odd maxval) reads
/// back as that picture, a region as the same part of the whole, and a damaged file as an
/// error naming its cause.
@Suite(
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pngtopam"),
    "needs netpbm's tools (.ci/run installs them)"))
struct NetpbmDecodeTests {
  /// Runs `command` through the shell with `input` on its standard input; its output.
  static func netpbm(_ command: String, _ input: Data) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let inPath = folder.path("in")
    let outPath = folder.path("out")
    try input.write(to: URL(fileURLWithPath: inPath))
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "\(command)")
    return Array(try Data(contentsOf: URL(fileURLWithPath: outPath)))
  }

  /// Each fixture, each netpbm writing of it, and the maxval it is written at.
  static let cases: [(fixture: String, command: String)] = [
    ("png-rgb8.png", "pngtopam | pamtopnm"),
    ("png-rgb8.png", "pngtopam | pamtopnm | pnmtoplainpnm"),
    ("png-gray8.png", "pngtopam | pamtopnm"),
    ("png-gray8.png", "pngtopam | pamtopnm | pnmtoplainpnm"),
    ("png-rgb16.png", "pngtopam | pamtopnm"),
    ("png-gray16.png", "pngtopam | pamtopnm | pnmtoplainpnm"),
    ("png-rgba8.png", "pngtopam -alphapam"),
    ("png-grayalpha16.png", "pngtopam -alphapam"),
    ("png-rgb8.png", "pngtopam | pamdepth 1000"),
    ("png-gray1.png", "pngtopam | pamtopnm"),
    ("png-gray1.png", "pngtopam | pamtopnm | pnmtoplainpnm"),
  ]

  @Test(arguments: cases)
  func netpbmsOwnWritingsReadBackAsThePicture(fixture: String, command: String) throws {
    let png = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(fixture)))
    let bytes = try Self.netpbm(command, png)
    let reference = try ImageDecoder.decode(file: Fixtures.path(fixture))
    let image = try ImageDecoder.decode(data: bytes, name: "art.pnm")
    #expect(image.width == reference.width && image.height == reference.height)
    let probe = try ImageDecoder.probe(data: bytes, name: "art.pnm")
    #expect(probe.format == .netpbm && probe.width == reference.width && probe.height == reference.height)
    // An odd maxval (read at 16 bits) rounds each sample once each way: within a level of 8 bits.
    let tolerance = command.contains("pamdepth") ? 0.6 / 255 : 1e-9
    let (a, b) = (Self.samples(image), Self.samples(reference))
    #expect(a.count == b.count, "\(image.layout) against \(reference.layout)")
    let worst = zip(a, b).map { abs($0 - $1) }.max() ?? 0
    #expect(worst <= tolerance, "\(command): \(worst * 255) levels")
    let region = ImageRegion(x: 2, y: 3, width: 5, height: 4)
    #expect(
      try regionReadsAsTheCrop(of: image, region) { try ImageDecoder.decode(data: bytes, name: "art.pnm", region: $0) })
  }

  /// Samples as fractions of full scale, so 8 and 16 bits compare.
  static func samples(_ image: Image) -> [Double] {
    switch image.storage {
    case .uint8(let s): s.map { Double($0) / 255 }
    case .uint16(let s): s.map { Double($0) / 65535 }
    }
  }

  @Test func pfmIsLinearLightEncodedAsSRGB() throws {
    // 2 x 1 RGB, little-endian (negative scale), bottom row first: red, then mid gray.
    var bytes = Array("PF\n2 1\n-1.0\n".utf8)
    for value: Float in [1, 0, 0, 0.2140, 0.2140, 0.2140] {
      withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 }
    }
    let image = try ImageDecoder.decode(data: bytes, name: "art.pfm")
    guard case .uint16(let s) = image.storage else {
      Issue.record("not 16-bit")
      return
    }
    #expect(s[0] == 65535 && s[1] == 0 && s[2] == 0)
    #expect(abs(Int(s[3]) - 32896) < 200, "linear 0.214 is sRGB's middle gray: \(s[3])")
  }

  @Test(arguments: [
    ("P6\n4 4\n255\n\u{1}\u{2}", "ends early"),
    ("P3\n2 1\n255\n1 2 3 4", "ends early"),
    ("P3\n2 1\n255\n1 2 3 4 5 300", "is not 0 to 255"),
    ("P5\n0 4\n255\n", "size of 0 x 4"),
    ("P5\n4 4\n70000\n", "maxval is not 1 to 65535"),
    ("P2\n99999999999 1\n255\n0\n", "its width is past 32 bits"),
    ("P2\n1 4294967296\n255\n0\n", "its height is past 32 bits"),
    ("P5\n4 4\n18446744073709551617\n", "its maxval is past 32 bits"),
    ("P7\nWIDTH 2\nHEIGHT 99999999999\nDEPTH 1\nMAXVAL 255\nENDHDR\n", "its PAM HEIGHT is past 32 bits"),
    ("P7\nWIDTH 2\nHEIGHT 2\nDEPTH 5\nMAXVAL 255\nENDHDR\n", "depth 5"),
    ("P7\nWIDTH 2\nHIGHT 2\nENDHDR\n", "unknown line 'HIGHT'"),
    ("PF\n2 2\nfast\n", "scale 'fast'"),
    ("P7\nWIDTH 1\nHEIGHT 1\nDEPTH 4\nMAXVAL 255\nTUPLTYPE CMYK\nENDHDR\n\0\0\0\0", "tuple type 'CMYK'"),
    ("P7\nWIDTH 1\nHEIGHT 1\nDEPTH 1\nMAXVAL 255\nTUPLTYPE RGB\nENDHDR\n\0", "RGB has depth 3, but its DEPTH is 1"),
  ])
  func damagedFilesAreErrorsNamingTheirCause(text: String, cause: String) {
    #expect {
      try ImageDecoder.decode(data: Array(text.utf8), name: "bad.ppm")
    } throws: { error in
      "\(error)".contains("bad.ppm") && "\(error)".contains(cause)
    }
  }

  /// Comments where netpbm allows them, before any header field and after the last, to the
  /// line's end, are read as netpbm reads them.
  @Test func commentsAreReadWhereNetpbmAllowsThem() throws {
    let text = "P2\n# a comment\n2 # the width\n1\n# its maxval\n255#after\n0 255\n"
    let image = try ImageDecoder.decode(data: Array(text.utf8), name: "comments.pgm")
    #expect(image.width == 2 && image.height == 1 && image.storage == .uint8([0, 255]))
  }

  /// A PAM's tuple type and depth agree or it is refused: every type netpbm defines, at every
  /// depth artfit reads, trailing blanks after the type's name or not.
  @Test func aTupleTypeIsReadOnlyAtItsOwnDepth() {
    let depths = [
      "BLACKANDWHITE": 1, "GRAYSCALE": 1, "RGB": 3, "BLACKANDWHITE_ALPHA": 2, "GRAYSCALE_ALPHA": 2, "RGB_ALPHA": 4,
    ]
    for (type, own) in depths {
      for depth in 1...4 {
        for blanks in ["", "  \t"] {
          let header = "P7\nWIDTH 2\nHEIGHT 1\nDEPTH \(depth)\nMAXVAL 1\nTUPLTYPE \(type)\(blanks)\nENDHDR\n"
          let bytes = Array(header.utf8) + [UInt8](repeating: 1, count: 2 * depth)
          let image = try? ImageDecoder.decode(data: bytes, name: "art.pam")
          #expect((image != nil) == (depth == own), "\(type) at depth \(depth)")
          #expect(image.map { $0.layout.channels == own } ?? true, "\(type)")
        }
      }
    }
  }

  /// Random bytes after each magic number: an error or a picture, never a crash or a hang.
  @Test func anyBytesAfterTheMagicNumberAreReadOrRefused() {
    var random = SeededGenerator(seed: 52)
    for magic in ["P1", "P2", "P3", "P4", "P5", "P6", "P7", "PF", "Pf"] {
      for _ in 0..<200 {
        let length = Int.random(in: 0..<64, using: &random)
        let body = (0..<length).map { _ in
          Bool.random(using: &random)
            ? UInt8.random(in: 0...255, using: &random) : Array("0123456789 \n#".utf8).randomElement(using: &random)!
        }
        let bytes = Array((magic + "\n").utf8) + body
        _ = try? ImageDecoder.decode(data: bytes, name: "fuzz.pnm", limits: ImageLimits(maxPixels: 4096))
      }
    }
  }
}
