/// Distances in from each edge (safe-area insets), in points or pixels.
public struct Insets: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The distance in from the top edge.
  public var top: Double
  /// The distance in from the left edge.
  public var left: Double
  /// The distance in from the bottom edge.
  public var bottom: Double
  /// The distance in from the right edge.
  public var right: Double

  /// Insets from each edge's distance; an edge left out is 0.
  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// No inset on any edge.
  public static let zero = Insets()

  /// Whether every edge's inset is 0.
  public var isZero: Bool { top == 0 && left == 0 && bottom == 0 && right == 0 }

  /// Every inset multiplied by `factor` (points to pixels at a scale).
  public func scaled(by factor: Double) -> Insets {
    Insets(top: top * factor, left: left * factor, bottom: bottom * factor, right: right * factor)
  }

  /// "T 59 L 0 B 34 R 0": each edge's inset.
  public var description: String {
    "T \(formatNumber(top)) L \(formatNumber(left)) B \(formatNumber(bottom)) R \(formatNumber(right))"
  }
}
