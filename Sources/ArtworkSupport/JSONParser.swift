/// Parses JSON text into a JSONValue, keeping object keys in document order (RFC 8259;
/// nesting is limited so hostile input cannot exhaust the stack).
public struct JSONParser {
  /// Where and why the text is not JSON.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int
    /// What is wrong there.
    public var reason: String
    /// "line L, column C: reason".
    public var description: String { "line \(line), column \(column): \(reason)" }
  }

  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0
  static let maxDepth = 200

  /// `text` (UTF-8) as a value, or where and why it is not JSON.
  public static func parse(_ text: [UInt8]) throws(Failure) -> JSONValue {
    var parser = JSONParser(bytes: text)
    parser.skipSpace()
    let value = try parser.value()
    parser.skipSpace()
    guard parser.index == parser.bytes.count else { throw parser.fail("unexpected text after the JSON value") }
    return value
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private func fail(_ reason: String) -> Failure {
    var line = 1
    var column = 1
    for byte in bytes[..<min(index, bytes.count)] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    return Failure(line: line, column: column, reason: reason)
  }

  private mutating func skipSpace() {
    while index < bytes.count, [0x20, 0x09, 0x0a, 0x0d].contains(bytes[index]) { index += 1 }
  }

  private mutating func value() throws(Failure) -> JSONValue {
    guard index < bytes.count else { throw fail("the text ends where a value should be") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    default: return try number()
    }
  }

  private mutating func literal(_ word: String, _ value: JSONValue) throws(Failure) -> JSONValue {
    let expected = Array(word.utf8)
    guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
      throw fail("expected a value (a string, number, object, array, true, false or null)")
    }
    index += expected.count
    return value
  }

  private mutating func nest() throws(Failure) {
    depth += 1
    if depth > Self.maxDepth { throw fail("nested more than \(Self.maxDepth) levels deep") }
  }

  private mutating func object() throws(Failure) -> JSONValue {
    try nest()
    defer { depth -= 1 }
    index += 1
    var members: [(String, JSONValue)] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key in quotes") }
      let key = try string()
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw fail("expected ':' after the key \"\(key)\"")
      }
      index += 1
      skipSpace()
      members.append((key, try value()))
      skipSpace()
      guard index < bytes.count else { throw fail("the text ends inside an object") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "}") else { throw fail("expected ',' or '}' in an object") }
      index += 1
      return .object(members)
    }
  }

  private mutating func array() throws(Failure) -> JSONValue {
    try nest()
    defer { depth -= 1 }
    index += 1
    var items: [JSONValue] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(items)
    }
    while true {
      skipSpace()
      items.append(try value())
      skipSpace()
      guard index < bytes.count else { throw fail("the text ends inside an array") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "]") else { throw fail("expected ',' or ']' in an array") }
      index += 1
      return .array(items)
    }
  }

  private mutating func string() throws(Failure) -> String {
    index += 1
    var scalars = String.UnicodeScalarView()
    var raw: [UInt8] = []
    func flush() {
      if !raw.isEmpty {
        scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
        raw.removeAll()
      }
    }
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        flush()
        return String(scalars)
      case UInt8(ascii: "\\"):
        flush()
        scalars.append(try escaped())
      default:
        guard byte >= 0x20 else { throw fail("a control character inside a string") }
        raw.append(byte)
      }
    }
    throw fail("the text ends inside a string")
  }

  /// The character of the escape after a backslash (a surrogate pair's two escapes at once).
  private mutating func escaped() throws(Failure) -> Unicode.Scalar {
    guard index < bytes.count else { throw fail("the text ends inside a string") }
    let escape = bytes[index]
    index += 1
    switch escape {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{8}"
    case UInt8(ascii: "f"): return "\u{c}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      var code = try hex4()
      if (0xd800...0xdbff).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
        bytes[index + 1] == UInt8(ascii: "u")
      {
        index += 2
        let low = try hex4()
        guard (0xdc00...0xdfff).contains(low) else { throw fail("a high surrogate without its low half") }
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00)
      }
      guard let scalar = Unicode.Scalar(code) else { throw fail("\\u escape is not a character") }
      return scalar
    default: throw fail("unknown escape in a string")
    }
  }

  private mutating func hex4() throws(Failure) -> UInt32 {
    guard index + 4 <= bytes.count else { throw fail("the text ends inside a \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      index += 1
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw fail("a \\u escape needs four hex digits")
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  private mutating func number() throws(Failure) -> JSONValue {
    let start = index
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    func digits() -> Int {
      let from = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
      return index - from
    }
    let first = index
    let count = digits()
    guard count > 0 else { throw fail("expected a value (a string, number, object, array, true, false or null)") }
    if count > 1 && bytes[first] == UInt8(ascii: "0") {
      index = first + 1
      throw fail("a number may not start with 0 (RFC 8259)")
    }
    var integral = true
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      integral = false
      guard digits() > 0 else { throw fail("a number needs digits after '.'") }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      integral = false
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard digits() > 0 else { throw fail("a number needs digits in its exponent") }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if integral, let value = Int(text) { return .integer(value) }
    guard let value = Double(text), value.isFinite else { throw fail("the number \(text) is out of range") }
    return .number(value)
  }
}
