import Artwork
import ArtworkGeometry

/// Option values read with the library's parsers; a bad value becomes bad usage that names
/// the option.
enum ValueParsers {
  /// Runs one of the library's parsers on an option's value.
  static func parse<Value>(_ option: String, _ parse: () throws(ValueError) -> Value) throws(UsageError) -> Value {
    do { return try parse() } catch { throw UsageError("\(option): \(error.message)") }
  }

  static func size(_ text: String, option: String) throws(UsageError) -> Size {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0,
      w.isFinite, h.isFinite
    else {
      throw UsageError("\(option) takes WxH in pixels, e.g. 2732x2732 (got '\(text)')")
    }
    return Size(w, h)
  }

  static func integer(_ text: String, option: String, range: ClosedRange<Int>) throws(UsageError) -> Int {
    guard let value = Int(ValueText.trimmed(text)), range.contains(value) else {
      throw UsageError(
        "\(option) takes a whole number \(range.lowerBound)...\(range.upperBound) (got '\(text)')")
    }
    return value
  }
}

extension ParsedArguments {
  /// The value of `name` (given, or its declared default) read by one of the library's
  /// parsers; nil when it has neither.
  func parsed<Value>(_ name: String, _ parse: (String) throws(ValueError) -> Value) throws(UsageError) -> Value? {
    guard let text = value(name) else { return nil }
    return try ValueParsers.parse(name) { () throws(ValueError) in try parse(text) }
  }
}
