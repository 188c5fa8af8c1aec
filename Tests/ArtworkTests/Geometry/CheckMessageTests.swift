import TestSupport
import Testing

@testable import ArtworkGeometry

/// A failure never reads as passing: a figure over its limit prints differently from the
/// limit, and a focus sliver outside never prints as 0.0%, at every scale of difference a
/// failure can have; each printed figure is its value to within half its last decimal.
struct CheckMessageTests {
  /// The number a printed percentage says, as a fraction, and its decimals.
  static func parsed(_ text: String) -> (Double, Int)? {
    guard text.hasSuffix("%"), let value = Double(text.dropLast()) else { return nil }
    return (value / 100, text.split(separator: ".").last.map { $0.count - 1 } ?? 0)
  }

  @Test func aFigureOverItsLimitNeverPrintsAsTheLimit() {
    var random = SeededGenerator(seed: 1066)
    for _ in 0..<2000 {
      let limit = Double.random(in: 0...1, using: &random)
      let over = limit + Double.random(in: 0...1, using: &random) * Self.pow10(-Int.random(in: 1...10, using: &random))
      guard over > limit + 1e-12, over <= 1 else { continue }
      let failure = CheckFailure.cropLoss(value: over, limit: limit)
      let printed = failure.message.split(separator: " ")
      let (value, limitText) = (String(printed[1]), String(printed[3]))
      #expect(value != limitText, "\(failure.message)")
      for (text, figure) in [(value, over), (limitText, limit)] {
        guard let (read, decimals) = Self.parsed(text) else {
          Issue.record("\(text) is a percentage")
          continue
        }
        #expect(abs(read - figure) <= 0.5 * Self.pow10(-decimals - 2) + 1e-15, "\(text) for \(figure)")
      }
    }
  }

  @Test func aSliverOfFocusOutsideNeverPrintsAsNothing() {
    for exponent in 1...11 {
      let loss = 3 * Self.pow10(-exponent - 1)
      let message = CheckFailure.focusOutside(loss: loss).message
      let printed = String(message.split(separator: " ")[1])
      #expect(Self.parsed(printed).map { $0.0 > 0 } == true, "\(message)")
    }
  }

  static func pow10(_ exponent: Int) -> Double {
    var value = 1.0
    for _ in 0..<abs(exponent) { value *= 10 }
    return exponent < 0 ? 1 / value : value
  }
}
