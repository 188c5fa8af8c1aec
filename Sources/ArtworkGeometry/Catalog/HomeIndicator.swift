/// The Home indicator pill: its size and the gap below it, in points.
public struct HomeIndicator: Sendable, Hashable, Codable {
  /// The pill's width in points.
  public var width: Double
  /// The pill's height in points.
  public var height: Double
  /// Distance from the pill's bottom edge to the screen's bottom edge.
  public var bottom: Double

  /// A pill of `width` × `height` points, `bottom` points above the screen's bottom edge.
  public init(width: Double, height: Double, bottom: Double) {
    self.width = width
    self.height = height
    self.bottom = bottom
  }

  /// The pill on a canvas of `size` points, centred at the bottom.
  public func rect(on size: Size) -> Rect {
    Rect(x: (size.width - width) / 2, y: size.height - bottom - height, width: width, height: height)
  }
}
