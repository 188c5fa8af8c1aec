/// The display's corner radii, each corner its own (a hinge side and an outer side differ),
/// in points or pixels; 0 is a square corner.
public struct CornerRadii: Sendable, Hashable, Codable {
  /// The top-left corner's radius.
  public var topLeft: Double
  /// The top-right corner's radius.
  public var topRight: Double
  /// The bottom-right corner's radius.
  public var bottomRight: Double
  /// The bottom-left corner's radius.
  public var bottomLeft: Double

  /// Radii for each corner, clockwise from the top left.
  public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
    self.topLeft = topLeft
    self.topRight = topRight
    self.bottomRight = bottomRight
    self.bottomLeft = bottomLeft
  }

  /// The same radius at every corner.
  public init(uniform radius: Double) {
    self.init(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
  }

  /// Clockwise from the top left.
  public var all: [Double] { [topLeft, topRight, bottomRight, bottomLeft] }

  /// The one radius every corner shares, or nil when they differ.
  public var uniform: Double? { all.allSatisfy { $0 == topLeft } ? topLeft : nil }

  /// The largest of the four.
  public var largest: Double { all.max()! }

  /// Every radius multiplied by `factor` (points to pixels at a scale).
  public func scaled(by factor: Double) -> CornerRadii {
    CornerRadii(
      topLeft: topLeft * factor, topRight: topRight * factor, bottomRight: bottomRight * factor,
      bottomLeft: bottomLeft * factor)
  }
}
