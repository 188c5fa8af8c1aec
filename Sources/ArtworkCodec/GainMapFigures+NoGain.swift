import Foundation

extension GainMapFigures {
  /// The log2 gain a map code means in `channel` (ISO 21496-1: the code, to the power of
  /// 1 / gamma, places the gain between the map's smallest and largest).
  public func gain(code: UInt8, channel: Int) -> Double {
    let recovery = pow(Double(code) / 255, 1 / gamma[channel])
    return gainMin[channel] + (gainMax[channel] - gainMin[channel]) * recovery
  }

  /// The same map recoded so that one code means no gain at all, in every channel: the range
  /// widened to take in 0 where it did not, and its low end lowered (by under a code) so
  /// that 0 falls on a whole code. Bars and overlays are then filled with that code and show
  /// exactly the SDR image (given equal offsets). `table[channel][code]` recodes each sample;
  /// it is the identity when the range already starts or ends at 0.
  public func recodedForNoGain() -> (figures: GainMapFigures, table: [[UInt8]], noGain: [UInt8]) {
    var figures = self
    var table: [[UInt8]] = []
    var noGain: [UInt8] = []
    for channel in 0..<3 {
      let low = gainMin[channel]
      let high = gainMax[channel]
      let exponent = gamma[channel]
      var newLow = min(low, 0)
      var newHigh = max(high, 0)
      let code: Int
      if newLow == 0 {
        code = 0
      } else if newHigh == 0 {
        code = 255
      } else {
        // The first code at or above where 0 falls, and the low end lowered to put 0 on it:
        // lowered, never raised, so no gain the map codes falls outside the new range.
        let share = pow(-newLow / (newHigh - newLow), exponent)
        code = min(254, max(1, Int((share * 255).rounded(.up))))
        let recovery = pow(Double(code) / 255, 1 / exponent)
        newLow = -recovery * newHigh / (1 - recovery)
      }
      if newHigh == newLow { newHigh = newLow + 1 }  // a map of no gain anywhere
      figures.gainMin[channel] = newLow
      figures.gainMax[channel] = newHigh
      noGain.append(UInt8(code))
      if newLow == low && newHigh == high {
        table.append((0...255).map { UInt8($0) })
        continue
      }
      table.append(
        (0...255).map { sample in
          let share = (gain(code: UInt8(sample), channel: channel) - newLow) / (newHigh - newLow)
          return UInt8(min(255, max(0, (pow(min(1, max(0, share)), exponent) * 255).rounded())))
        })
    }
    return (figures, table, noGain)
  }
}
