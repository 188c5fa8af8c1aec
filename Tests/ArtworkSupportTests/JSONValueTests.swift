import Testing

@_spi(Support) @testable import ArtworkSupport

/// JSONValue's equality is by value: the kind, the value, the members in order.
struct JSONValueTests {
  @Test func equalValuesOfTheSameKindAreEqual() throws {
    let text = #"{"a": [1, 2.5, "x", null, true], "b": {"c": -0.25}}"#
    #expect(try JSONParser.parse(Array(text.utf8)) == JSONParser.parse(Array(text.utf8)))
    #expect(JSONValue.object([("a", .integer(1))]) == .object([("a", .integer(1))]))
  }

  @Test func differentValuesKindsOrOrdersAreNot() {
    #expect(JSONValue.number(.nan) != .null, "both are written null, but a NaN is not a null")
    #expect(JSONValue.number(.nan) != .number(.nan))
    #expect(JSONValue.integer(1) != .number(1), "1 and 1.0 are written differently")
    #expect(JSONValue.string("1") != .integer(1))
    #expect(JSONValue.array([.integer(1), .integer(2)]) != .array([.integer(2), .integer(1)]))
    #expect(JSONValue.object([("a", .null), ("b", .null)]) != .object([("b", .null), ("a", .null)]))
    #expect(JSONValue.object([("a", .null)]) != .object([("a", .null), ("b", .null)]))
    #expect(JSONValue.bool(true) != .bool(false))
  }
}
