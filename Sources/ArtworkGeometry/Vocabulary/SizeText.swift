/// Sizes as people type them (`2732x2732`, `390x844`), read by one rule wherever a size is
/// given: two numbers that are finite and above zero, whole where pixels are counted, and
/// never more pixels than the limit the caller holds them to (`--max-pixels`), so no figure
/// further on can overflow.
public enum SizeText {
  /// Why a size was refused.
  public enum Failure: Error, Sendable, Equatable {
    /// Not two finite numbers above zero (whole ones, for pixels); says what is accepted.
    case notASize(ValueError)
    /// More pixels than the caller's limit.
    case tooLarge(String, pixels: Double, scale: Double, limit: Int)

    /// What is wrong, and what is accepted.
    public var message: String {
      switch self {
      case .notASize(let error): error.message
      case .tooLarge(let text, let pixels, let scale, let limit):
        "'\(text)' is \(pixels < 1e15 ? formatNumber(pixels) : "\(pixels)") pixels\(scale == 1 ? "" : " at @\(formatNumber(scale))x"), more than the limit of \(limit)"
      }
    }
  }

  /// A size in pixels: two whole numbers above zero whose product is at most `maxPixels`.
  public static func pixels(_ text: String, maxPixels: Int) throws(Failure) -> PixelSize {
    guard let (width, height) = numbers(text) else {
      throw .notASize(ValueError("takes WxH in pixels, e.g. 2732x2732 (got '\(text)')"))
    }
    guard width == width.rounded(), height == height.rounded() else {
      throw .notASize(ValueError("counts pixels, so its width and height are whole numbers (got '\(text)')"))
    }
    try within(width, height, maxPixels: maxPixels, text)
    return PixelSize(Int(width), Int(height))
  }

  /// A size in points, each of whose sides may be fractional: numbers above zero whose pixels
  /// at `scale` (each side rounded up) are at most `maxPixels`.
  public static func points(_ text: String, scale: Double, maxPixels: Int) throws(Failure) -> Size {
    guard let (width, height) = numbers(text) else {
      throw .notASize(ValueError("takes WxH in points, e.g. 390x844 (got '\(text)')"))
    }
    try within((width * scale).rounded(.up), (height * scale).rounded(.up), maxPixels: maxPixels, text, scale: scale)
    return Size(width, height)
  }

  /// The two numbers of `WxH` (`x`, `X` or `×` between them, spaces around ignored): finite and
  /// above zero, or nil.
  package static func numbers(_ text: String) -> (Double, Double)? {
    let parts = ValueText.trimmed(text).lowercased().split(separator: "x", omittingEmptySubsequences: false)
      .flatMap { $0.split(separator: "×", omittingEmptySubsequences: false) }
    guard parts.count == 2, let width = Double(ValueText.trimmed(String(parts[0]))),
      let height = Double(ValueText.trimmed(String(parts[1]))), width.isFinite, height.isFinite, width > 0, height > 0
    else { return nil }
    return (width, height)
  }

  private static func within(
    _ width: Double, _ height: Double, maxPixels: Int, _ text: String, scale: Double = 1
  ) throws(Failure) {
    guard width * height <= Double(maxPixels) else {
      throw .tooLarge(text, pixels: width * height, scale: scale, limit: maxPixels)
    }
  }
}
