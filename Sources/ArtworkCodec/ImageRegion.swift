/// A rectangle of whole pixels in an image: what a region decode delivers.
public struct ImageRegion: Hashable, Sendable {
  /// The left edge, in pixels of the upright image.
  public var x: Int
  /// The top edge, in pixels of the upright image.
  public var y: Int
  /// The width in pixels.
  public var width: Int
  /// The height in pixels.
  public var height: Int

  /// A region from its top-left pixel and its size.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// Whether it is not empty and lies inside a `width` × `height` image.
  public func fits(width imageWidth: Int, height imageHeight: Int) -> Bool {
    width > 0 && height > 0 && x >= 0 && y >= 0 && x + width <= imageWidth && y + height <= imageHeight
  }

  /// The same pixels in the stored image (`storedWidth` × `storedHeight`) that `orientation`
  /// turns upright: the box of its two corners' stored positions.
  func stored(by orientation: ExifOrientation, storedWidth: Int, storedHeight: Int) -> ImageRegion {
    let a = orientation.storedPosition(x: x, y: y, width: storedWidth, height: storedHeight)
    let b = orientation.storedPosition(x: x + width - 1, y: y + height - 1, width: storedWidth, height: storedHeight)
    return ImageRegion(
      x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x) + 1, height: abs(a.y - b.y) + 1)
  }
}
