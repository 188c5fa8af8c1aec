import Artwork
import ArtworkGeometry

/// Option values read with the library's parsers; a bad value becomes bad usage that names
/// the option.
enum ValueParsers {
  /// Runs one of the library's parsers on an option's value.
  static func parse<Value>(_ option: String, _ parse: () throws(ValueError) -> Value) throws(UsageError) -> Value {
    do { return try parse() } catch { throw UsageError("\(option): \(error.message)") }
  }

  /// A size in pixels (`--source`), by the library's one rule for sizes.
  static func pixelSize(_ text: String, option: String, maxPixels: Int) throws(UsageError) -> PixelSize {
    do { return try SizeText.pixels(text, maxPixels: maxPixels) } catch { throw usage(error, option) }
  }

  /// A size in points drawn at up to `scale` (`--points`), by the library's one rule for sizes.
  static func pointSize(_ text: String, option: String, scale: Double, maxPixels: Int) throws(UsageError) -> Size {
    do { return try SizeText.points(text, scale: scale, maxPixels: maxPixels) } catch { throw usage(error, option) }
  }

  private static func usage(_ error: SizeText.Failure, _ option: String) -> UsageError {
    switch error {
    case .notASize: UsageError("\(option) \(error.message)")
    case .tooLarge: UsageError("\(option): \(error.message); raise it with --max-pixels")
    }
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
