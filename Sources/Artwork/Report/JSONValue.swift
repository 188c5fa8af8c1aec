/// A JSON value whose objects keep their keys in the order written, so reports diff
/// cleanly and read in the contract's order.
public indirect enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case integer(Int)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.serialized() == rhs.serialized()
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
    value == value.rounded() && abs(value) < 1e15 ? .integer(Int(value)) : .rounded(value, places)
  }

  /// The text, pretty-printed with two-space indents when `pretty`.
  public func serialized(pretty: Bool = true) -> String {
    String(decoding: bytes(pretty: pretty), as: UTF8.self)
  }

  /// The UTF-8 text; built as bytes because reports can hold hundreds of thousands of results.
  public func bytes(pretty: Bool = true) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(4096)
    write(into: &out, indent: pretty ? 0 : nil)
    return out
  }

  private static let spaces = [UInt8](repeating: 0x20, count: 256)

  private func newline(_ out: inout [UInt8], _ indent: Int) {
    out.append(0x0a)
    out.append(contentsOf: JSONValue.spaces.prefix(min(256, indent * 2)))
  }

  private func write(into out: inout [UInt8], indent: Int?) {
    switch self {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
    case .integer(let value): out.append(contentsOf: String(value).utf8)
    case .number(let value):
      if !value.isFinite {
        out.append(contentsOf: "null".utf8)
      } else if value == value.rounded() && abs(value) < 1e15 {
        out.append(contentsOf: String(Int(value)).utf8)
        out.append(contentsOf: ".0".utf8)
      } else {
        out.append(contentsOf: String(value).utf8)
      }
    case .string(let value): JSONValue.writeString(value, into: &out)
    case .array(let items):
      if items.isEmpty {
        out.append(contentsOf: "[]".utf8)
        return
      }
      out.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        if let indent { newline(&out, indent + 1) }
        item.write(into: &out, indent: indent.map { $0 + 1 })
      }
      if let indent { newline(&out, indent) }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      if members.isEmpty {
        out.append(contentsOf: "{}".utf8)
        return
      }
      out.append(UInt8(ascii: "{"))
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        if let indent { newline(&out, indent + 1) }
        JSONValue.writeString(key, into: &out)
        out.append(UInt8(ascii: ":"))
        if indent != nil { out.append(0x20) }
        value.write(into: &out, indent: indent.map { $0 + 1 })
      }
      if let indent { newline(&out, indent) }
      out.append(UInt8(ascii: "}"))
    }
  }

  /// A JSON string literal: quotes, backslashes and control characters escaped, and
  /// U+2028/U+2029 too (so the text is also valid JavaScript).
  static func writeString(_ value: String, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    // Most strings need no escape: copy their bytes (0xE2 leads U+2028/U+2029).
    if !value.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5c || $0 == 0xe2 }) {
      out.append(contentsOf: value.utf8)
      out.append(UInt8(ascii: "\""))
      return
    }
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out.append(contentsOf: "\\\"".utf8)
      case "\\": out.append(contentsOf: "\\\\".utf8)
      case "\n": out.append(contentsOf: "\\n".utf8)
      case "\r": out.append(contentsOf: "\\r".utf8)
      case "\t": out.append(contentsOf: "\\t".utf8)
      case "\u{2028}": out.append(contentsOf: "\\u2028".utf8)
      case "\u{2029}": out.append(contentsOf: "\\u2029".utf8)
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
        } else {
          out.append(contentsOf: String(scalar).utf8)
        }
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
