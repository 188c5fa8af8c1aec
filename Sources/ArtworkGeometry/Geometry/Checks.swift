/// The checks a build can gate on, applied to one placement.
public struct Checks: Sendable, Hashable {
  /// Fail when crop loss exceeds this fraction.
  public var maxCropLoss: Double?
  /// Fail when the focus region is not wholly inside the visible safe area, clear of every
  /// occlusion, or when a division crosses it.
  public var requireFocus: Bool

  /// Checks with these limits; none by default.
  public init(maxCropLoss: Double? = nil, requireFocus: Bool = false) {
    self.maxCropLoss = maxCropLoss
    self.requireFocus = requireFocus
  }

  /// What failed, in the order the checks are listed.
  public func failures(of placement: Placement) -> [CheckFailure] {
    var failures: [CheckFailure] = []
    if let limit = maxCropLoss, exceedsCropLoss(placement) {
      failures.append(.cropLoss(value: placement.cropLoss, limit: limit))
    }
    if requireFocus {
      if let loss = placement.focusLoss, placement.focusVisible == false {
        failures.append(.focusOutside(loss: loss))
      } else if placement.focus == nil {
        failures.append(.focusUnknown)
      }
      if placement.focusDivided == true { failures.append(.focusDivided) }
    }
    return failures
  }

  /// Whether `placement` loses more than `maxCropLoss` (within the checks' tolerance of
  /// 1e-12); never without a limit.
  public func exceedsCropLoss(_ placement: Placement) -> Bool {
    maxCropLoss.map { placement.cropLoss > $0 + Self.tolerance } ?? false
  }

  /// How far past a limit a figure may be and pass: rounding, not content.
  static let tolerance = 1e-12

  /// `fraction` as a percentage with as many decimals (one to ten) as it takes to differ from
  /// `other`: a failure just over its limit (the checks' tolerance is 1e-12), or a sliver of a
  /// focus, never reads as its limit ("25.0% > 25.0%", "0.0% outside").
  public static func percent(_ fraction: Double, apartFrom other: Double) -> String {
    for decimals in 1...10 {
      let (text, limit) = (percent(fraction, decimals: decimals), percent(other, decimals: decimals))
      if text != limit || decimals == 10 { return text }
    }
    return percent(fraction)
  }

  /// A fraction as a percentage with `decimals` decimals.
  static func percent(_ fraction: Double, decimals: Int) -> String {
    guard decimals > 1 else { return percent(fraction) }
    var unit = 1.0
    for _ in 0..<decimals { unit *= 10 }
    let scaled = (abs(fraction) * 100 * unit).rounded()
    let whole = (scaled / unit).rounded(.down)
    let part = String(Int(scaled - whole * unit))
    let sign = fraction < 0 && scaled > 0 ? "-" : ""
    return "\(sign)\(Int(whole)).\(String(repeating: "0", count: decimals - part.count))\(part)%"
  }

  /// A fraction as a percentage with one decimal: 0.5379 → "53.8%".
  public static func percent(_ fraction: Double) -> String {
    let tenths = (fraction * 1000).rounded()
    let whole = Int(tenths) / 10
    let decimal = abs(Int(tenths)) % 10
    return "\(tenths < 0 && whole == 0 ? "-" : "")\(whole).\(decimal)%"
  }
}
