import Testing

@_spi(Support) @testable import ArtworkSupport

/// JSONParser reads RFC 8259 text into values with their keys in order, and says where and
/// why text is not JSON.
struct JSONParserTests {
  func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

  @Test func valuesOfEveryKindAndKeysInOrder() throws {
    let value = try parse(#"{"z": [1, -2.5e3, "a\u00e9\n", true, false, null], "a": {}}"#)
    #expect(
      value
        == .object([
          ("z", .array([.integer(1), .number(-2500), .string("aé\n"), .bool(true), .bool(false), .null])),
          ("a", .object([])),
        ]))
  }

  @Test func surrogatePairsBecomeOneCharacter() throws {
    #expect(try parse(#""\ud83d\ude00""#) == .string("😀"))
  }

  @Test(arguments: [
    ("{\"a\": 1,}", 1, 9), ("[1 2]", 1, 4), ("{\n  \"a\" 1}", 2, 7), ("\"open", 1, 6), ("01", 1, 2), ("[] x", 1, 4),
  ])
  func malformedTextSaysWhere(text: String, line: Int, column: Int) {
    do {
      _ = try JSONParser.parse(Array(text.utf8))
      Issue.record("\(text) parsed")
    } catch {
      #expect(error.line == line && error.column == column, "\(text): \(error)")
      #expect(!error.reason.isEmpty)
    }
  }

  @Test func nestingIsBoundedSoHostileTextCannotExhaustTheStack() {
    let deep =
      String(repeating: "[", count: JSONParser.maxDepth + 1) + String(repeating: "]", count: JSONParser.maxDepth + 1)
    #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Array(deep.utf8)) }
    let fine =
      String(repeating: "[", count: JSONParser.maxDepth - 1) + String(repeating: "]", count: JSONParser.maxDepth - 1)
    #expect(throws: Never.self) { try JSONParser.parse(Array(fine.utf8)) }
  }
}

/// JSONStream writes what JSONValue prints, byte for byte, and the parser reads it back.
struct JSONStreamTests {
  @Test func aStreamPrintsAsTheTreeDoes() throws {
    var stream = JSONStream()
    stream.beginObject()
    stream.key("name")
    stream.string("hero \"final\".png")
    stream.key("sizes")
    stream.beginArray(inline: true)
    stream.integer(1170)
    stream.rounded(0.125, 3)
    stream.compact(2.0, 3)
    stream.endArray()
    stream.key("ok")
    stream.bool(true)
    stream.key("none")
    stream.null()
    stream.endObject()
    let tree = JSONValue.object([
      ("name", .string("hero \"final\".png")),
      ("sizes", .array([.integer(1170), .number(0.125), .integer(2)])),
      ("ok", .bool(true)), ("none", .null),
    ])
    #expect(stream.bytes == tree.bytes(), "\(String(decoding: stream.bytes, as: UTF8.self))")
    #expect(try JSONParser.parse(stream.bytes) == tree)
  }
}

/// ByteBuffer grows past its capacity without losing bytes, and writes what it holds to a
/// descriptor when it has one.
struct ByteBufferTests {
  @Test func appendsPastTheCapacityKeepEveryByte() {
    var buffer = ByteBuffer(capacity: 16)
    var expected: [UInt8] = []
    for i in 0..<1000 {
      buffer.append("row \(i);")
      expected += Array("row \(i);".utf8)
    }
    #expect(buffer.bytes == expected)
  }
}
