/// An edge of a screen, as it is held: where a status bar runs.
public enum ScreenEdge: String, Sendable, Hashable, Codable, CaseIterable {
  /// The top edge.
  case top
  /// The left edge.
  case left
  /// The bottom edge.
  case bottom
  /// The right edge.
  case right

  /// The band of `depth` along this edge of `bounds`.
  public func band(of depth: Double, in bounds: Rect) -> Rect {
    switch self {
    case .top: Rect(x: bounds.x, y: bounds.y, width: bounds.width, height: depth)
    case .bottom: Rect(x: bounds.x, y: bounds.maxY - depth, width: bounds.width, height: depth)
    case .left: Rect(x: bounds.x, y: bounds.y, width: depth, height: bounds.height)
    case .right: Rect(x: bounds.maxX - depth, y: bounds.y, width: depth, height: bounds.height)
    }
  }
}
