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

  public static func optional(_ value: JSONValue?) -> JSONValue { value ?? .null }

  /// A whole number as an integer (3), anything else rounded to `places` decimals.
  public static func compact(_ value: Double, _ places: Int = 4) -> JSONValue {
    value == value.rounded() && abs(value) < 1e15 ? .integer(Int(value)) : .rounded(value, places)
  }

  /// The text, pretty-printed with two-space indents when `pretty`.
  public func serialized(pretty: Bool = true) -> String {
    var out = ""
    write(into: &out, indent: pretty ? 0 : nil)
    return out
  }

  private func write(into out: inout String, indent: Int?) {
    switch self {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .integer(let value): out += String(value)
    case .number(let value):
      if value.isFinite { out += value == value.rounded() && abs(value) < 1e15 ? String(format1(value)) : String(value) }
      else { out += "null" }
    case .string(let value): JSONValue.writeString(value, into: &out)
    case .array(let items):
      if items.isEmpty { out += "[]"; return }
      out += "["
      for (index, item) in items.enumerated() {
        if index > 0 { out += "," }
        if let indent { out += "\n" + String(repeating: "  ", count: indent + 1) }
        item.write(into: &out, indent: indent.map { $0 + 1 })
      }
      if let indent { out += "\n" + String(repeating: "  ", count: indent) }
      out += "]"
    case .object(let members):
      if members.isEmpty { out += "{}"; return }
      out += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { out += "," }
        if let indent { out += "\n" + String(repeating: "  ", count: indent + 1) }
        JSONValue.writeString(key, into: &out)
        out += indent == nil ? ":" : ": "
        value.write(into: &out, indent: indent.map { $0 + 1 })
      }
      if let indent { out += "\n" + String(repeating: "  ", count: indent) }
      out += "}"
    }
  }

  private func format1(_ value: Double) -> String { String(Int(value)) + ".0" }

  static func writeString(_ value: String, into out: inout String) {
    out += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{2028}": out += "\\u2028"
      case "\u{2029}": out += "\\u2029"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    out += "\""
  }
}
