/// A JSON value whose objects keep their keys in the order written, so reports diff
/// cleanly and read in the contract's order.
public indirect enum JSONValue: Sendable, Equatable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number as a double (what the parser gives for a fraction, an exponent or a whole number past `Int`); written with ".0" when whole.
  case number(Double)
  /// A whole number within `Int`, written without a fraction.
  case integer(Int)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, its members in the order written.
  case object([(String, JSONValue)])

  /// Equal values of the same kind, members in the same order; 1 and 1.0 differ, as they
  /// are written differently, and a NaN equals nothing.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.integer(let a), .integer(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: false
    }
  }

  /// A number rounded to `places` decimals (written as 0.5379, -681.0, 0.0).
  public static func rounded(_ value: Double, _ places: Int) -> JSONValue {
    var factor = 1.0
    for _ in 0..<places { factor *= 10 }
    let result = (value * factor).rounded() / factor
    return .number(result == 0 ? 0 : result)  // no "-0.0"
  }

  /// A whole number as an integer (3), anything else rounded to `places` decimals.
  public static func compact(_ value: Double, _ places: Int = 4) -> JSONValue {
    value.wholeNumber.map { .integer($0) } ?? .rounded(value, places)
  }

  /// Not an array or object (empty ones count as scalars: they print as [] and {}).
  var isScalar: Bool {
    switch self {
    case .array(let items): items.isEmpty
    case .object(let members): members.isEmpty
    default: true
    }
  }

  /// The text, pretty-printed when `pretty`: two-space indents, one member per line, and
  /// objects and arrays that hold no other container on one line (`{ "w": 1170, "h": 2532 }`),
  /// as the contract writes them.
  public func serialized(pretty: Bool = true) -> String {
    String(decoding: bytes(pretty: pretty), as: UTF8.self)
  }

  /// The UTF-8 text; built as bytes because reports can hold hundreds of thousands of results.
  public func bytes(pretty: Bool = true) -> [UInt8] {
    var json = JSONStream(buffer: ByteBuffer(capacity: 4096), compact: !pretty)
    json.value(self)
    return json.bytes
  }

  /// A JSON string literal: quotes, backslashes and control characters escaped, and
  /// U+2028/U+2029 too (so the text is also valid JavaScript).
  package static func writeString(_ value: String, into out: inout ByteBuffer) {
    out.append(byte: UInt8(ascii: "\""))
    // Most strings need no escape: copy their bytes (0xE2 leads U+2028/U+2029).
    var text = value
    let copied = text.withUTF8 { utf8 -> Bool in
      for byte in utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5c || byte == 0xe2 { return false }
      out.append(raw: utf8)
      return true
    }
    if copied {
      out.append(byte: UInt8(ascii: "\""))
      return
    }
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out.append("\\\"")
      case "\\": out.append("\\\\")
      case "\n": out.append("\\n")
      case "\r": out.append("\\r")
      case "\t": out.append("\\t")
      case "\u{2028}": out.append("\\u2028")
      case "\u{2029}": out.append("\\u2029")
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
        } else {
          out.append(String(scalar))
        }
      }
    }
    out.append(byte: UInt8(ascii: "\""))
  }
}
