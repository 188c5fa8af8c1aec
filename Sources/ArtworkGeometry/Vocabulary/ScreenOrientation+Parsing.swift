extension ScreenOrientation {
  /// `portrait`, `landscape` or `landscape-right`, in any case.
  public static func parse(_ text: String) throws(ValueError) -> ScreenOrientation {
    guard let orientation = ScreenOrientation(rawValue: text.lowercased()) else {
      throw ValueError("unknown orientation '\(text)'; orientations are portrait, landscape, landscape-right")
    }
    return orientation
  }

  /// A list of orientations, each once, at least one.
  public static func parseList(_ items: [String]) throws(ValueError) -> [ScreenOrientation] {
    try ValueText.distinct(items, empty: "name portrait, landscape or both", parse)
  }

  /// A comma-separated list of orientations.
  public static func parseList(_ text: String) throws(ValueError) -> [ScreenOrientation] {
    try parseList(ValueText.list(text))
  }
}
