extension FitMode {
  /// `fit`, `fill` or `auto`, in any case.
  public static func parse(_ text: String) throws(ValueError) -> FitMode {
    guard let mode = FitMode(rawValue: text.lowercased()) else {
      throw ValueError("unknown mode '\(text)'; modes are fit, fill, auto")
    }
    return mode
  }

  /// A list of modes, each once, at least one.
  public static func parseList(_ items: [String]) throws(ValueError) -> [FitMode] {
    try ValueText.distinct(items, empty: "name at least one of fit, fill, auto", parse)
  }

  /// A comma-separated list of modes.
  public static func parseList(_ text: String) throws(ValueError) -> [FitMode] {
    try parseList(ValueText.list(text))
  }
}
