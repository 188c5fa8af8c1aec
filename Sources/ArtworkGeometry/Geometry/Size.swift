/// A width and height in points or pixels (exact, floating).
public struct Size: Sendable, Hashable, Codable, CustomStringConvertible {
  public var width: Double
  public var height: Double

  public init(_ width: Double, _ height: Double) {
    self.width = width
    self.height = height
  }

  public var area: Double { width * height }
  /// Width over height.
  public var aspectRatio: Double { width / height }
  /// Long side over short side (≥ 1).
  public var longOverShort: Double { max(width, height) / min(width, height) }
  /// The same size turned a quarter.
  public var transposed: Size { Size(height, width) }

  public func scaled(by factor: Double) -> Size { Size(width * factor, height * factor) }

  public var description: String { "\(formatNumber(width))x\(formatNumber(height))" }
}

/// A whole-pixel size.
public struct PixelSize: Sendable, Hashable, Codable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  public init(_ width: Int, _ height: Int) {
    self.width = width
    self.height = height
  }

  public var size: Size { Size(Double(width), Double(height)) }
  public var area: Int { width * height }
  public var transposed: PixelSize { PixelSize(height, width) }
  public var description: String { "\(width)x\(height)" }
}

/// Formats a number without a trailing ".0" (390, 53.67).
package func formatNumber(_ value: Double) -> String {
  if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
  return String(value)
}
