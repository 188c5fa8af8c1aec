import Foundation

extension GainMapFigures {
  /// Apple's gain map codes recoded as ISO 21496-1 codes of the same gain, under the figures
  /// artfit reads for Apple's map (gain from none up to the headroom, gamma 1, no offsets).
  /// Apple's published method ("Applying Apple HDR effect to your photos") multiplies linear
  /// SDR by 1 + (headroom − 1) × g, g the code through the inverse of the Rec. 709 transfer;
  /// ISO's by 2 to the power of a gain linear in the code. `table[code]` is the nearest ISO
  /// code, so the map then means the same under either reader (within half a code).
  public static func appleCodesAsISO(headroomStops: Double) -> [UInt8] {
    guard headroomStops > 0 else { return [UInt8](repeating: 0, count: 256) }
    let headroom = pow(2, headroomStops)
    return (0...255).map { code in
      let gain = log2(1 + (headroom - 1) * rec709Linear(Double(code) / 255))
      return UInt8(min(255, max(0, (gain / headroomStops * 255).rounded())))
    }
  }

  /// The inverse of Rec. 709's transfer function (ITU-R BT.709, item 1.2).
  static func rec709Linear(_ value: Double) -> Double {
    value < 0.081 ? value / 4.5 : pow((value + 0.099) / 1.099, 1 / 0.45)
  }
}
