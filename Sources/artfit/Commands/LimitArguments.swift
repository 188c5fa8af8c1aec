import Artwork

/// The reading bounds every command that reads artwork takes: pixels for rasters, and bytes,
/// expanded elements and seconds for SVG and PDF documents.
enum LimitArguments {
  private static let defaults = ImageLimits()

  /// `--max-pixels`, also taken alone by the commands that are given sizes, not files.
  static let maxPixelsOption = OptionSpec.option(
    "--max-pixels", "N", "Refuse inputs larger than N pixels, from the header.",
    defaultValue: String(defaults.maxPixels))

  static let options: [OptionSpec] = [
    maxPixelsOption,
    .option(
      "--max-vector-bytes", "N", "Refuse an SVG or PDF larger than N bytes.",
      defaultValue: String(defaults.maxVectorBytes)),
    .option(
      "--max-vector-elements", "N",
      "Refuse an SVG with more than N elements once its <use> and url(#id) references are expanded.",
      defaultValue: String(defaults.maxVectorElements)),
    .option(
      "--max-vector-seconds", "S",
      "Stop and refuse an SVG or PDF once parsing and drawing it have taken S seconds in all.",
      defaultValue: VectorBudget.secondsText(defaults.maxVectorSeconds)),
  ]

  /// `--max-pixels`, or the default.
  static func maxPixels(_ arguments: ParsedArguments) throws(UsageError) -> Int {
    guard let text = arguments.value("--max-pixels") else { return defaults.maxPixels }
    return try ValueParsers.integer(text, option: "--max-pixels", range: 1...(1 << 40))
  }

  /// The limits the options give, the defaults where none is given.
  static func limits(_ arguments: ParsedArguments) throws(UsageError) -> ImageLimits {
    var limits = ImageLimits()
    limits.maxPixels = try maxPixels(arguments)
    if let text = arguments.value("--max-vector-bytes") {
      limits.maxVectorBytes = try ValueParsers.integer(text, option: "--max-vector-bytes", range: 1...(1 << 31 - 1))
    }
    if let text = arguments.value("--max-vector-elements") {
      limits.maxVectorElements = try ValueParsers.integer(
        text, option: "--max-vector-elements", range: 1...(1 << 31 - 1))
    }
    if let text = arguments.value("--max-vector-seconds") {
      guard let seconds = Double(ValueText.trimmed(text)), seconds > 0, seconds <= 86_400 else {
        throw UsageError("--max-vector-seconds takes a number of seconds above 0, up to 86400 (got '\(text)')")
      }
      limits.maxVectorSeconds = seconds
    }
    return limits
  }

  /// The flag that raises the bound an error names, if it names one.
  static func remedy(_ error: ImageError) -> String? {
    switch error {
    case .tooLarge: "raise it with --max-pixels"
    case .overBudget(_, _, .bytes): "or raise --max-vector-bytes"
    case .overBudget(_, _, .elements): "or raise --max-vector-elements"
    case .overBudget(_, _, .seconds): "or raise --max-vector-seconds"
    default: nil
    }
  }
}
