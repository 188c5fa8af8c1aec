/// The checks a build can gate on, applied to one placement.
public struct Checks: Sendable, Hashable {
  /// Fail when crop loss exceeds this fraction.
  public var maxCropLoss: Double?
  /// Fail when the focus region is not wholly inside the visible safe area.
  public var requireFocus: Bool

  public init(maxCropLoss: Double? = nil, requireFocus: Bool = false) {
    self.maxCropLoss = maxCropLoss
    self.requireFocus = requireFocus
  }

  /// What failed, one line each, with the figure and the limit ("crop_loss 53.8% > 25.0%").
  public func failures(of placement: Placement) -> [String] {
    var failures: [String] = []
    if let limit = maxCropLoss, placement.cropLoss > limit + 1e-12 {
      failures.append("crop_loss \(Checks.percent(placement.cropLoss)) > \(Checks.percent(limit))")
    }
    if requireFocus {
      if let loss = placement.focusLoss, placement.focusVisible == false {
        failures.append("focus \(Checks.percent(loss)) outside the visible safe area (required wholly inside)")
      } else if placement.focus == nil {
        failures.append(Checks.focusUnknown)
      }
    }
    return failures
  }

  /// The failure of `requireFocus` on an artwork with no focus region at all.
  public static let focusUnknown = "focus required but none is known"

  /// A fraction as a percentage with one decimal: 0.5379 → "53.8%".
  public static func percent(_ fraction: Double) -> String {
    let tenths = (fraction * 1000).rounded()
    let whole = Int(tenths) / 10
    let decimal = abs(Int(tenths)) % 10
    return "\(tenths < 0 && whole == 0 ? "-" : "")\(whole).\(decimal)%"
  }
}
