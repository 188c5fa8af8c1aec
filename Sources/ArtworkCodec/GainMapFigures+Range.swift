import Foundation

extension GainMapFigures {
  /// The most stops a headroom or a gain may have: 16 stops is 65,536 times SDR white, past
  /// any display, and past what ISO 21496-1's writers and Apple's tags give.
  public static let mostStops = 16.0

  /// Why these figures cannot be what a gain map means, or nil when they can: every figure
  /// finite, both headrooms from 0 to `mostStops`, each channel's gain from its minimum up to
  /// its maximum within `mostStops` either way, and a positive gamma.
  public var problem: String? {
    let stops = 0...Self.mostStops
    for (name, value) in [("base headroom", baseHeadroom), ("alternate headroom", alternateHeadroom)]
    where !stops.contains(value) {
      guard value.isFinite else { return "its \(name) is \(Self.figure(value))" }
      return "its \(name) is \(Self.figure(value)) stops, outside 0 to \(Self.figure(Self.mostStops))"
    }
    let gains = -Self.mostStops...Self.mostStops
    for channel in 0..<channels {
      let (low, high) = (gainMin[channel], gainMax[channel])
      if !gains.contains(low) || !gains.contains(high) {
        return "its gain (\(Self.figure(low)) to \(Self.figure(high)) stops) reaches past "
          + "\(Self.figure(Self.mostStops)) stops"
      }
      if low > high { return "its smallest gain (\(Self.figure(low))) is above its largest (\(Self.figure(high)))" }
      if !(gamma[channel] > 0 && gamma[channel].isFinite) { return "its gamma is \(Self.figure(gamma[channel]))" }
      if !baseOffset[channel].isFinite || !alternateOffset[channel].isFinite { return "an offset is not a number" }
    }
    return nil
  }

  /// A figure as a person reads it: NaN and infinities by name, else two decimals at most.
  static func figure(_ value: Double) -> String {
    guard value.isFinite else { return value.isNaN ? "not a number" : value > 0 ? "infinite" : "minus infinite" }
    return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.2f", value)
  }
}
