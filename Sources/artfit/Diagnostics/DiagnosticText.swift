import Artwork

/// What the diagnostics say about one result or artwork, shared by both formats.
enum DiagnosticText {
  /// "iPhone 16 Pro portrait fill: crop_loss 74.1% > 25.0%".
  static func failure(_ result: TargetResult) -> String {
    let place =
      "\(result.screen.name) \(result.screen.orientation.rawValue) \(result.placement.requestedMode.rawValue)"
    return place + ": " + Remedy.failures(of: result)
  }

  /// The failing result a person should see first: the largest crop loss among the failures.
  static func worst(_ failing: [TargetResult]) -> TargetResult? {
    failing.enumerated().max { a, b in
      (a.element.placement.cropLoss, b.offset) < (b.element.placement.cropLoss, a.offset)
    }?.element
  }
}
