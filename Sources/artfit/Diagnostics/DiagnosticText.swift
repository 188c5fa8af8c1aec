import Artwork

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
    return "bars baked in (\(sides(bars))); Apple advises against baking letterbox or pillarbox bars into artwork"
  }

  /// The sides that have bars, with their widths: "top 140 px, bottom 140 px".
  static func sides(_ bars: Insets) -> String {
    [("top", bars.top), ("bottom", bars.bottom), ("left", bars.left), ("right", bars.right)]
      .filter { $0.1 > 0 }.map { "\($0.0) \(Int($0.1)) px" }.joined(separator: ", ")
  }

  /// The failing result a person should see first: the largest crop loss among the failures.
  static func worst(_ failing: [TargetResult]) -> TargetResult? {
    failing.enumerated().max { a, b in
      (a.element.placement.cropLoss, b.offset) < (b.element.placement.cropLoss, a.offset)
    }?.element
  }
}
