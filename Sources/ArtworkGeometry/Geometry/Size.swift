/// A width and height in points or pixels (exact, floating).
public struct Size: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The horizontal extent.
  public var width: Double
  /// The vertical extent.
  public var height: Double

  /// A size from its width and height.
  public init(_ width: Double, _ height: Double) {
    self.width = width
    self.height = height
  }

  /// Width times height.
  public var area: Double { width * height }
  /// Width over height.
  public var aspectRatio: Double { width / height }
  /// Long side over short side (≥ 1).
  public var longOverShort: Double { max(width, height) / min(width, height) }
  /// The same size turned a quarter.
  public var transposed: Size { Size(height, width) }

  /// Both sides multiplied by `factor` (points to pixels at a scale).
  public func scaled(by factor: Double) -> Size { Size(width * factor, height * factor) }

  /// "WxH", whole numbers without ".0".
  public var description: String { "\(formatNumber(width))x\(formatNumber(height))" }
}

/// A whole-pixel size.
public struct PixelSize: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The width in pixels.
  public var width: Int
  /// The height in pixels.
  public var height: Int

  /// A pixel size from its width and height.
  public init(_ width: Int, _ height: Int) {
    self.width = width
    self.height = height
  }

  /// The same size in exact coordinates.
  public var size: Size { Size(Double(width), Double(height)) }
  /// The number of pixels.
  public var area: Int { width * height }
  /// The same size turned a quarter.
  public var transposed: PixelSize { PixelSize(height, width) }
  /// "WxH".
  public var description: String { "\(width)x\(height)" }
}

/// Formats a number without a trailing ".0" (390, 53.67): a whole number below 10^15 as an
/// integer, as Support's `Double.wholeNumber` decides for JSON (Geometry imports nothing).
package func formatNumber(_ value: Double) -> String {
  if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
  return String(value)
}
