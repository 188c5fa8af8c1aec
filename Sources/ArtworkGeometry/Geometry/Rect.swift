/// An axis-aligned rectangle with a floating origin and size (top-left origin, y down).
public struct Rect: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The left edge.
  public var x: Double
  /// The top edge.
  public var y: Double
  /// The width; none (0 or less) makes the rectangle empty.
  public var width: Double
  /// The height.
  public var height: Double

  /// A rectangle from its top-left corner and its size.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// A rectangle of `size` with its top-left corner at (`x`, `y`).
  public init(origin x: Double, _ y: Double, size: Size) {
    self.init(x: x, y: y, width: size.width, height: size.height)
  }

  /// The rectangle of `size` at the origin: a whole picture or canvas.
  public static func of(_ size: Size) -> Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

  /// The right edge.
  public var maxX: Double { x + width }
  /// The bottom edge.
  public var maxY: Double { y + height }
  /// The horizontal centre.
  public var midX: Double { x + width / 2 }
  /// The vertical centre.
  public var midY: Double { y + height / 2 }
  /// Width times height, 0 for an empty rectangle.
  public var area: Double { max(0, width) * max(0, height) }
  /// The width and height.
  public var size: Size { Size(width, height) }
  /// Whether it covers no area.
  public var isEmpty: Bool { width <= 0 || height <= 0 }

  /// The overlap of two rectangles (empty, with zero size, when they do not meet).
  public func intersection(_ other: Rect) -> Rect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
  }

  /// Whether `other` lies wholly inside, allowing `tolerance` for rounding noise.
  public func contains(_ other: Rect, tolerance: Double = 1e-9) -> Bool {
    other.x >= x - tolerance && other.y >= y - tolerance && other.maxX <= maxX + tolerance
      && other.maxY <= maxY + tolerance
  }

  /// The rectangle moved into `bounds` along each axis where it fits (it never grows).
  public func clamped(into bounds: Rect) -> Rect {
    var result = self
    result.x = min(max(x, bounds.x), max(bounds.x, bounds.maxX - width))
    result.y = min(max(y, bounds.y), max(bounds.y, bounds.maxY - height))
    return result
  }

  /// The rectangle with its origin and size multiplied by `factor`.
  public func scaled(by factor: Double) -> Rect {
    Rect(x: x * factor, y: y * factor, width: width * factor, height: height * factor)
  }

  /// The same rectangle moved by `dx` across and `dy` down.
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: x + dx, y: y + dy, width: width, height: height)
  }

  /// The rectangle inset by `insets` (never negative in size).
  public func inset(by insets: Insets) -> Rect {
    Rect(
      x: x + insets.left, y: y + insets.top,
      width: max(0, width - insets.left - insets.right),
      height: max(0, height - insets.top - insets.bottom))
  }

  /// Each edge rounded to the nearest whole pixel, halves up: artfit's one rounding rule.
  public var rounded: PixelRect {
    let left = roundHalfUp(x)
    let top = roundHalfUp(y)
    return PixelRect(
      x: left, y: top, width: roundHalfUp(maxX) - left, height: roundHalfUp(maxY) - top)
  }

  /// "(x, y, WxH)", whole numbers without ".0".
  public var description: String {
    "(\(formatNumber(x)), \(formatNumber(y)), \(formatNumber(width))x\(formatNumber(height)))"
  }
}

/// A rectangle on the pixel grid.
public struct PixelRect: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The left edge, in pixels.
  public var x: Int
  /// The top edge, in pixels.
  public var y: Int
  /// The width in pixels.
  public var width: Int
  /// The height in pixels.
  public var height: Int

  /// A pixel rectangle from its top-left pixel and its size.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The column just past the right edge.
  public var maxX: Int { x + width }
  /// The row just below the bottom edge.
  public var maxY: Int { y + height }
  /// The same rectangle in exact coordinates.
  public var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }
  /// "(x, y, WxH)".
  public var description: String { "(\(x), \(y), \(width)x\(height))" }
}

/// Rounds to the nearest integer, halves toward +∞, after absorbing floating noise
/// (1169.9999999 is 1170, not a half).
func roundHalfUp(_ value: Double) -> Int {
  let snapped = (value * 1e6).rounded() / 1e6
  return Int((snapped + 0.5).rounded(.down))
}
