/// The part of an artwork that matters, as fractions 0...1 of the source's width and height.
public struct FocusRegion: Sendable, Hashable, Codable {
  /// Where a focus region came from.
  public enum Origin: String, Sendable, Hashable, Codable {
    /// From `--focus` on the command line.
    case option
    /// From the manifest (`artfit.json`).
    case manifest
    /// Found in the pixels (`--auto-focus`).
    case auto
  }

  /// The left edge, as a fraction of the source's width.
  public var x: Double
  /// The top edge, as a fraction of the source's height.
  public var y: Double
  /// The width, as a fraction of the source's width.
  public var width: Double
  /// The height, as a fraction of the source's height.
  public var height: Double
  /// Where the region came from.
  public var origin: Origin

  /// A region, or nil when it is empty or reaches outside 0...1.
  public init?(x: Double, y: Double, width: Double, height: Double, origin: Origin) {
    let values = [x, y, width, height]
    guard values.allSatisfy({ $0.isFinite }), x >= 0, y >= 0, width > 0, height > 0,
      x + width <= 1 + 1e-9, y + height <= 1 + 1e-9
    else { return nil }
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.origin = origin
  }

  /// The region in pixels of a source of `size`.
  public func rect(in size: Size) -> Rect {
    Rect(x: x * size.width, y: y * size.height, width: width * size.width, height: height * size.height)
  }
}

extension FocusRegion {
  /// This region (fractions of a source of `size`) as fractions of `content`, a rect inside
  /// that source; the part outside the content is cut off, and nil when nothing is left.
  public func within(_ content: Rect, of size: Size) -> FocusRegion? {
    let region = rect(in: size)
    let left = max(region.x, content.x)
    let top = max(region.y, content.y)
    let right = min(region.x + region.width, content.x + content.width)
    let bottom = min(region.y + region.height, content.y + content.height)
    guard right > left, bottom > top else { return nil }
    return FocusRegion(
      x: (left - content.x) / content.width, y: (top - content.y) / content.height,
      width: (right - left) / content.width, height: (bottom - top) / content.height, origin: origin)
  }
}
