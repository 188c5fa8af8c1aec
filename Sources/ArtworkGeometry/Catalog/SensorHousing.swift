/// The cut-out at the top of a portrait screen: a notch or the Dynamic Island.
public struct SensorHousing: Sendable, Hashable, Codable {
  /// The cut-out's outline, as the overlays draw it.
  public enum Shape: String, Sendable, Hashable, Codable {
    /// The notch, as on iPhone X through iPhone 14.
    case notch
    /// The Dynamic Island, as on iPhone 14 Pro and later.
    case island
  }

  /// Which cut-out it is.
  public var shape: Shape
  /// Where it sits, in portrait points; nil when the shape is known but its rect is not.
  public var rect: Rect?

  /// A cut-out of `shape` at `rect` (portrait points), when its rect is known.
  public init(shape: Shape, rect: Rect?) {
    self.shape = shape
    self.rect = rect
  }

  /// The rect on a screen of `portrait` points held in `orientation`: turned with the
  /// screen, on the left in `landscape` and on the right in `landscape-right`.
  public func rect(in orientation: ScreenOrientation, portrait: Size) -> Rect? {
    guard let rect else { return nil }
    switch orientation {
    case .portrait: return rect
    case .landscape:
      return Rect(x: rect.y, y: portrait.width - rect.maxX, width: rect.height, height: rect.width)
    case .landscapeRight:
      return Rect(x: portrait.height - rect.maxY, y: rect.x, width: rect.height, height: rect.width)
    }
  }
}

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
