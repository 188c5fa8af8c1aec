/// Distances in from each edge (safe-area insets), in points or pixels.
public struct Insets: Sendable, Hashable, Codable, CustomStringConvertible {
  public var top: Double
  public var left: Double
  public var bottom: Double
  public var right: Double

  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  public static let zero = Insets()

  public var isZero: Bool { top == 0 && left == 0 && bottom == 0 && right == 0 }

  public func scaled(by factor: Double) -> Insets {
    Insets(top: top * factor, left: left * factor, bottom: bottom * factor, right: right * factor)
  }

  public var description: String {
    "T \(formatNumber(top)) L \(formatNumber(left)) B \(formatNumber(bottom)) R \(formatNumber(right))"
  }
}
