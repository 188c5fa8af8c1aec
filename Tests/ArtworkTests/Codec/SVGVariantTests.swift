import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec

/// SVG as designers' tools save it, read as librsvg reads it: compressed (SVGZ, or gzip under
/// `.svg`), UTF-16 with or without a byte-order mark, and with a namespace prefix on `svg`.
/// Each is the same picture as the plain document; a compressed one that inflates past the
/// byte bound is refused by name.
@Suite struct SVGVariantTests {
  static let body =
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"20\">"
    + "<rect width=\"20\" height=\"20\" fill=\"#c03\"/><circle cx=\"30\" cy=\"10\" r=\"8\" fill=\"#06f\"/></svg>\n"
  static let plain = "<?xml version=\"1.0\"?>\n" + body

  static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let path = folder.write(bytes, to: "doc")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-n", "-9", path]
    try process.run()
    process.waitUntilExit()
    return Array(try Data(contentsOf: URL(fileURLWithPath: path + ".gz")))
  }

  static func utf16(_ text: String, littleEndian: Bool, mark: Bool) -> [UInt8] {
    var bytes: [UInt8] = mark ? (littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]) : []
    for unit in text.utf16 {
      bytes += littleEndian ? [UInt8(unit & 0xFF), UInt8(unit >> 8)] : [UInt8(unit >> 8), UInt8(unit & 0xFF)]
    }
    return bytes
  }

  static func variants() throws -> [(String, [UInt8])] {
    let prefixed = plain.replacing("<svg xmlns=", with: "<s:svg xmlns:s=").replacing("<rect", with: "<s:rect")
      .replacing("<circle", with: "<s:circle").replacing("</svg>", with: "</s:svg>")
    let wide = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n" + body
    return [
      ("art.svgz", try gzip(Array(plain.utf8))),
      ("art.svg", try gzip(Array(plain.utf8))),
      ("utf16le.svg", utf16(wide, littleEndian: true, mark: true)),
      ("utf16be.svg", utf16(wide, littleEndian: false, mark: true)),
      ("utf16-unmarked.svg", utf16(wide, littleEndian: true, mark: false)),
      ("prefixed.svg", Array(prefixed.utf8)),
      ("prefixed.svgz", try gzip(Array(prefixed.utf8))),
    ]
  }

  @Test func everyVariantIsThePlainDocumentsPicture() throws {
    let reference = try VectorDocument(bytes: Array(Self.plain.utf8), name: "plain.svg")
    let expected = try reference.draw(into: (80, 40))
    for (name, bytes) in try Self.variants() {
      #expect(FileKind.of(head: Array(bytes.prefix(FileKind.headLength)), name: name) == .artwork(.svg), "\(name)")
      let info = try ImageDecoder.probe(data: bytes, name: name)
      #expect(info.format == .svg && info.width == 40 && info.height == 20, "\(name): \(info.width)x\(info.height)")
      let document = try VectorDocument(bytes: bytes, name: name)
      #expect(try document.draw(into: (80, 40)) == expected, "\(name)")
    }
  }

  /// A prolog longer than the first 4 KB a file is sniffed by (a long comment before the
  /// root, as exporters write licences and metadata) reads the same whether the document is
  /// plain, compressed or UTF-16.
  @Test func aLongPrologReadsTheSameInEveryCoding() throws {
    let comment = "<!-- " + String(repeating: "licence text ", count: 1000) + "-->\n"
    let long = Self.plain.replacing("<svg xmlns=", with: comment + "<svg xmlns=")
    let wide = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n" + comment + Self.body
    let expected = try VectorDocument(bytes: Array(Self.plain.utf8), name: "plain.svg").draw(into: (80, 40))
    let variants = [
      ("long.svg", Array(long.utf8)), ("long.svgz", try Self.gzip(Array(long.utf8))),
      ("long-utf16.svg", Self.utf16(wide, littleEndian: true, mark: true)),
    ]
    for (name, bytes) in variants {
      let info = try ImageDecoder.probe(data: bytes, name: name)
      #expect(info.format == .svg && info.width == 40 && info.height == 20, "\(name)")
      #expect(try VectorDocument(bytes: bytes, name: name).draw(into: (80, 40)) == expected, "\(name)")
    }
  }

  /// A gzip stream of zeros a thousand times its size: refused at the byte bound, not inflated.
  @Test func aCompressedDocumentPastTheBoundIsRefused() throws {
    let huge = Array(Self.plain.utf8) + [UInt8](repeating: 0x20, count: 4 << 20)
    let bytes = try Self.gzip(huge)
    #expect(bytes.count < 64 << 10)
    let limits = ImageLimits(maxVectorBytes: 1 << 20)
    #expect {
      try VectorDocument(bytes: bytes, name: "bomb.svgz", limits: limits)
    } throws: { "\($0)".contains("bomb.svgz") && "\($0)".contains("inflates to more than") }
    let cut = Array(bytes.prefix(bytes.count / 2))
    #expect(throws: ImageError.self) { try VectorDocument(bytes: cut, name: "cut.svgz") }
  }

  /// A gzip file that does not hold an SVG is not one, whatever its name.
  @Test func gzipOfSomethingElseIsNotAnSVG() throws {
    let bytes = try Self.gzip(Array("just some notes\n".utf8))
    #expect(FileKind.of(head: bytes, name: "notes.txt.gz") != .artwork(.svg))
    #expect(FileKind.of(head: bytes, name: "logo.svgz") == .misnamed(name: "SVG"))
  }
}
