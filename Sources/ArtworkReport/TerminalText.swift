/// What artfit prints is what artfit wrote: a file name cannot start a line of its own (a
/// forged `::error` workflow command or Xcode `path:line: error:`), move the cursor or colour
/// the terminal (ESC sequences), or turn text around (bidi overrides). Every path in a line
/// goes through `path(_:)`, every message about a path through `message(_:about:)`, and
/// every line through `line(_:)` on its way out.
package enum TerminalText {
  /// `path` with every control character, line break, backslash and bidi control written as
  /// a visible escape (`\n`, `\t`, `\e`, `\x7f`, `\u{202e}`, `\\`).
  package static func path(_ path: String) -> String {
    guard path.unicodeScalars.contains(where: { needsEscape($0) || $0 == "\\" }) else { return path }
    var text = ""
    for scalar in path.unicodeScalars {
      text += scalar == "\\" ? "\\\\" : needsEscape(scalar) ? escape(scalar) : String(scalar)
    }
    return text
  }

  /// A one-line message about `path`: the path in it escaped as `path(_:)` escapes it, and any
  /// other control character or line break made visible too.
  package static func message(_ message: String, about path: String) -> String {
    let named = path.isEmpty || path == self.path(path) ? message : message.replacing(path, with: self.path(path))
    return line(named, keepingLineBreaks: false)
  }

  /// A line on its way to the terminal: control characters (but line breaks that artfit
  /// itself wrote, when `keepingLineBreaks`) and bidi controls made visible.
  package static func line(_ text: String, keepingLineBreaks: Bool = true) -> String {
    guard text.unicodeScalars.contains(where: { needsEscape($0) && !(keepingLineBreaks && $0 == "\n") }) else {
      return text
    }
    var escaped = ""
    for scalar in text.unicodeScalars {
      escaped += needsEscape(scalar) && !(keepingLineBreaks && scalar == "\n") ? escape(scalar) : String(scalar)
    }
    return escaped
  }

  /// C0 and C1 controls, DEL, and the bidirectional formatting characters.
  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7f..<0xa0, 0x200e, 0x200f, 0x202a...0x202e, 0x2066...0x2069: true
    default: false
    }
  }

  private static func escape(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "\n": return "\\n"
    case "\r": return "\\r"
    case "\t": return "\\t"
    case "\u{1B}": return "\\e"
    default:
      return scalar.value < 0x100
        ? "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
        : "\\u{" + String(scalar.value, radix: 16) + "}"
    }
  }
}
