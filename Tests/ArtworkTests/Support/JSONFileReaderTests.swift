import Foundation
import TestSupport
import Testing

@_spi(Support) @testable import ArtworkSupport

/// The bounded-memory reader of report-sized JSON files, walked as merge-reports and the
/// render cache walk them, across the reader's 1 MiB chunks.
struct JSONFileReaderTests {
  /// An element whose strings hold brackets, braces, commas and escaped quotes, which the
  /// reader must not count.
  static func element(_ index: Int) -> JSONValue {
    .object([
      ("index", .integer(index)),
      ("name", .string("art/\(index) [draft] {\"final\"}, \\ ]]}}.png")),
      ("values", .array((0..<20).map { .number(Double(index) + (Double($0) + 0.5) / 8) })),
    ])
  }

  static func document(_ count: Int) -> JSONValue {
    .object([
      ("key", .string("k")),
      ("artworks", .array((0..<count).map(element))),
      ("tail", .integer(3)),
    ])
  }

  @Test func walksAnObjectAndItsArrayAValueAtATime() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let text = Self.document(6000).serialized()
    #expect(text.utf8.count > 1 << 20, "more than one of the reader's 1 MiB chunks")
    let path = folder.write(Array(text.utf8), to: "big.json")
    let reader = try #require(JSONFileReader(path))
    try reader.expect(UInt8(ascii: "{"))
    #expect(try reader.nextMember() && reader.readKey() == "key")
    #expect(try reader.readValue() == .string("k"))
    #expect(try reader.nextMember() && reader.readKey() == "artworks")
    try reader.expect(UInt8(ascii: "["))
    var index = 0
    while try reader.nextElement() {
      #expect(try reader.readValue() == Self.element(index))
      index += 1
    }
    #expect(index == 6000)
    #expect(try reader.nextMember() && reader.readKey() == "tail")
    #expect(try reader.readValue() == .integer(3))
    #expect(try reader.nextMember() == false)
  }

  @Test func aTruncatedFileFailsWithoutAValue() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let text = Self.document(50).serialized()
    let path = folder.write(Array(text.utf8.prefix(text.utf8.count / 2)), to: "cut.json")
    let reader = try #require(JSONFileReader(path))
    try reader.expect(UInt8(ascii: "{"))
    _ = try reader.nextMember()
    _ = try reader.readKey()
    _ = try reader.readValue()
    _ = try reader.nextMember()
    #expect(try reader.readKey() == "artworks")
    try reader.expect(UInt8(ascii: "["))
    var read = 0
    #expect(throws: JSONFileReader.Failure.self) {
      while try reader.nextElement() {
        _ = try reader.readValue()
        read += 1
      }
    }
    #expect(read < 50)
  }

  @Test func aMissingFileIsNil() {
    #expect(JSONFileReader("/nonexistent/artfit/report.json") == nil)
  }
}
