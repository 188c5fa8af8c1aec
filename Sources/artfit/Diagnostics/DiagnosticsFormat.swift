import Artwork

/// Where a run's failures are announced besides the summary: as lines Xcode's Issue
/// navigator reads from a Run Script phase, or as GitHub Actions annotations.
enum DiagnosticsFormat: String, CaseIterable, Sendable {
  case xcode
  case github
  case none

  /// `github` inside GitHub Actions, `xcode` inside an Xcode build phase, else `none`.
  static func automatic(environment: [String: String]) -> DiagnosticsFormat {
    if environment["GITHUB_ACTIONS"] == "true" { return .github }
    if environment["XCODE_VERSION_ACTUAL"] != nil { return .xcode }
    return .none
  }

  static func parse(_ text: String) throws(ValueError) -> DiagnosticsFormat {
    guard let format = DiagnosticsFormat(rawValue: text.lowercased()) else {
      throw ValueError("unknown format '\(text)'; formats are xcode, github, none")
    }
    return format
  }
}
