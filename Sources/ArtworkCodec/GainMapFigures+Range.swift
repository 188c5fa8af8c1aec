import Foundation

extension GainMapFigures {
  /// The most stops a headroom or a gain may have: 16 stops is 65,536 times SDR white, past
  /// any display, and past what ISO 21496-1's writers and Apple's tags give.
  public static let mostStops = 16.0

  /// The gammas a map may be encoded with: 1 in every writer artfit knows, 1/2.2 or 2.2 at
  /// most in others; a gamma far outside means the figure is not one.
  public static let gammas = (1.0 / 16)...16
  /// The offsets a map's figures may add: in linear light where SDR white is 1, a writer adds
  /// a small fraction of white (libultrahdr 1/64) to keep black's gain finite; one past white
  /// either way is not an offset.
  public static let offsets = -1.0...1.0

  /// Why these figures cannot be what a gain map means, or nil when they can: every figure
  /// finite, both headrooms from 0 to `mostStops`, each channel's gain from its minimum up to
  /// its maximum within `mostStops` either way, its gamma in `gammas`, its offsets in
  /// `offsets`, and the HDR rendition the one with the larger headroom.
  public var problem: String? {
    let stops = 0...Self.mostStops
    for (name, value) in [("base headroom", baseHeadroom), ("alternate headroom", alternateHeadroom)]
    where !stops.contains(value) {
      guard value.isFinite else { return "its \(name) is \(Self.figure(value))" }
      return "its \(name) is \(Self.figure(value)) stops, outside 0 to \(Self.figure(Self.mostStops))"
    }
    // ISO 21496-1 tells the HDR rendition by its larger headroom; Ultra HDR's XMP says which
    // it is, and its capacities must agree.
    if baseIsHDR ? baseHeadroom < alternateHeadroom : baseHeadroom > alternateHeadroom {
      let (base, other) = baseIsHDR ? ("HDR", "SDR") : ("SDR", "HDR")
      return "its base rendition is said to be \(base), but its headroom (\(Self.figure(baseHeadroom)) stops) is "
        + "\(baseIsHDR ? "below" : "above") the \(other) rendition's (\(Self.figure(alternateHeadroom)))"
    }
    let gains = -Self.mostStops...Self.mostStops
    for channel in 0..<channels {
      let (low, high) = (gainMin[channel], gainMax[channel])
      if !gains.contains(low) || !gains.contains(high) {
        return "its gain (\(Self.figure(low)) to \(Self.figure(high)) stops) reaches past "
          + "\(Self.figure(Self.mostStops)) stops"
      }
      if low > high { return "its smallest gain (\(Self.figure(low))) is above its largest (\(Self.figure(high)))" }
      if !Self.gammas.contains(gamma[channel]) {
        let outside = gamma[channel].isFinite ? ", outside 1/16 to 16" : ""
        return "its gamma is \(Self.figure(gamma[channel]))\(outside)"
      }
      for (name, offset) in [("base", baseOffset[channel]), ("alternate", alternateOffset[channel])]
      where !Self.offsets.contains(offset) {
        let outside = offset.isFinite ? ", outside -1 to 1 (SDR white)" : ""
        return "its \(name) offset is \(Self.figure(offset))\(outside)"
      }
    }
    return nil
  }

  /// A figure as a person reads it: NaN and infinities by name, else two decimals at most.
  static func figure(_ value: Double) -> String {
    guard value.isFinite else { return value.isNaN ? "not a number" : value > 0 ? "infinite" : "minus infinite" }
    return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.2f", value)
  }
}
