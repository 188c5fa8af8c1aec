import ArtworkGeometry

/// A region of the canvas with anti-aliased edges: how much of each pixel it covers.
///
/// Straight edges use the exact overlap of the pixel square with the rect; rounded
/// corners use the distance from the pixel centre to the arc (clamped to ±½ pixel), a
/// close stand-in for exact area that stays analytic.
public enum CanvasRegion: Sendable {
  /// An axis-aligned rect.
  case rect(Rect)
  /// A rect with circular corners of the given radius (capped at half the short side).
  case roundedRect(Rect, radius: Double)
  /// A rect with each corner its own circular radius (each capped at half the short side).
  case roundedCorners(Rect, CornerRadii)
  /// An app icon's mask inscribed in a rect.
  case mask(Rect, IconMask)
  /// The ring between two shapes: what `outer` covers and `inner` does not.
  indirect case difference(CanvasRegion, minus: CanvasRegion)
  /// Everything `shape` does not cover.
  indirect case outside(CanvasRegion)

  /// Coverage of pixel (x, y), 0...1.
  func coverage(_ x: Int, _ y: Int) -> Float {
    switch self {
    case .rect(let rect):
      return CanvasRegion.overlap(rect, x, y)
    case .roundedRect(let rect, let radius):
      return CanvasRegion.rounded(rect, radius: min(radius, rect.width / 2, rect.height / 2), x, y)
    case .roundedCorners(let rect, let radii):
      let right = Double(x) + 0.5 > rect.midX
      let bottom = Double(y) + 0.5 > rect.midY
      let radius = bottom ? (right ? radii.bottomRight : radii.bottomLeft) : (right ? radii.topRight : radii.topLeft)
      return CanvasRegion.roundedRect(rect, radius: radius).coverage(x, y)
    case .mask(let rect, let mask):
      return CanvasRegion.masked(rect, mask, x, y)
    case .difference(let outer, let inner):
      return max(0, outer.coverage(x, y) - inner.coverage(x, y))
    case .outside(let shape):
      return 1 - shape.coverage(x, y)
    }
  }

  /// The pixels the shape can touch, within a canvas of `size`.
  func bounds(in size: PixelSize) -> PixelRect {
    let canvas = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
    switch self {
    case .rect(let rect), .roundedRect(let rect, _), .roundedCorners(let rect, _), .mask(let rect, _):
      let x0 = max(0, Int(rect.x.rounded(.down)))
      let y0 = max(0, Int(rect.y.rounded(.down)))
      let x1 = min(size.width, Int(rect.maxX.rounded(.up)))
      let y1 = min(size.height, Int(rect.maxY.rounded(.up)))
      return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    case .difference(let outer, _):
      return outer.bounds(in: size)
    case .outside:
      return canvas
    }
  }

  /// Coverage of pixel (x, y) by `rect` with corners of radius `r` (already capped).
  @inline(__always)
  static func rounded(_ rect: Rect, radius r: Double, _ x: Int, _ y: Int) -> Float {
    let base = CanvasRegion.overlap(rect, x, y)
    if base == 0 || r <= 0 { return base }
    let cx = Double(x) + 0.5
    let cy = Double(y) + 0.5
    let left = rect.x + r
    let right = rect.maxX - r
    let top = rect.y + r
    let bottom = rect.maxY - r
    let dx = cx < left ? left - cx : cx > right ? cx - right : 0
    let dy = cy < top ? top - cy : cy > bottom ? cy - bottom : 0
    if dx == 0 || dy == 0 { return base }
    let distance = (dx * dx + dy * dy).squareRoot() - r
    return min(base, Float(min(1, max(0, 0.5 - distance))))
  }

  /// Coverage of pixel (x, y) by `mask` inscribed in `rect`: 4×4 samples (the mask's own
  /// test at each) where the edge passes through the pixel; elsewhere one test says it is
  /// wholly in or out. |u|ⁿ + |v|ⁿ grows with |u| and with |v| apart, so over the pixel's
  /// square it is least at the point nearest the centre on each axis and greatest at the
  /// corner farthest on each: outside at the first, the whole pixel is outside; inside at
  /// the second, the whole pixel is inside.
  static func masked(_ rect: Rect, _ mask: IconMask, _ x: Int, _ y: Int) -> Float {
    let (left, top) = (Double(x), Double(y))
    let nearest = (min(max(rect.midX, left), left + 1), min(max(rect.midY, top), top + 1))
    if !mask.contains(x: nearest.0, y: nearest.1, in: rect) { return 0 }
    let farthest = (
      abs(left - rect.midX) > abs(left + 1 - rect.midX) ? left : left + 1,
      abs(top - rect.midY) > abs(top + 1 - rect.midY) ? top : top + 1
    )
    if mask.contains(x: farthest.0, y: farthest.1, in: rect) { return 1 }
    var inside = 0
    for row in 0..<4 {
      for column in 0..<4
      where mask.contains(x: left + (Double(column) + 0.5) / 4, y: top + (Double(row) + 0.5) / 4, in: rect) {
        inside += 1
      }
    }
    return Float(inside) / 16
  }

  /// Overlap of the unit pixel square at (x, y) with `rect`.
  @inline(__always)
  static func overlap(_ rect: Rect, _ x: Int, _ y: Int) -> Float {
    Float(span(rect.x, rect.maxX, x) * span(rect.y, rect.maxY, y))
  }

  /// How much of the pixel at `pixel` (from `pixel` to `pixel + 1`) lies between `low` and
  /// `high`: a rect's coverage along one axis.
  @inline(__always)
  static func span(_ low: Double, _ high: Double, _ pixel: Int) -> Double {
    max(0, min(high, Double(pixel + 1)) - max(low, Double(pixel)))
  }
}
