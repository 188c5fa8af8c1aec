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

/// What the diagnostics say about one result or artwork, shared by both formats.
enum DiagnosticText {
  /// "iPhone 16 Pro portrait fill: crop_loss 74.1% > 25.0%".
  static func failure(_ result: TargetResult) -> String {
    let place =
      "\(result.screen.target.name) \(result.screen.orientation.rawValue) \(result.placement.requestedMode.rawValue)"
    return place + ": " + result.failures.map(Remedy.failure).joined(separator: "; ")
  }

  /// "bars baked in (top 140 px, bottom 140 px)", or nil when there are none.
  static func bars(_ artwork: ArtworkReport) -> String? {
    guard let bars = artwork.embeddedBars else { return nil }
    let sides = [("top", bars.top), ("bottom", bars.bottom), ("left", bars.left), ("right", bars.right)]
      .filter { $0.1 > 0 }.map { "\($0.0) \(Int($0.1)) px" }.joined(separator: ", ")
    return "bars baked in (\(sides)); Apple advises against baking letterbox or pillarbox bars into artwork"
  }

  /// The failing result a person should see first: the largest crop loss among the failures.
  static func worst(_ failing: [TargetResult]) -> TargetResult? {
    failing.enumerated().max { a, b in
      (a.element.placement.cropLoss, b.offset) < (b.element.placement.cropLoss, a.offset)
    }?.element
  }
}
