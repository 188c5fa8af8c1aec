/// Every window an app can take on a screen whose windows a person resizes: each whole-point
/// width and height between the smallest window and the largest, drawn at `scale`, with the
/// same safe-area insets in every one.
///
/// Points are whole because a window's edge moves by whole points; the scale is whole so that
/// every window is a whole-pixel canvas, as the solver takes one.
public struct WindowRange: Sendable, Hashable, CustomStringConvertible {
  /// The widths a window can take, in points.
  public var widths: ClosedRange<Int>
  /// The heights a window can take, in points.
  public var heights: ClosedRange<Int>
  /// Pixels per point (1, 2 or 3).
  public var scale: Int
  /// The insets every window keeps, in points (window controls that push content in).
  public var safeInsets: Insets

  /// The windows from `smallest` to `largest` (points, width by height) at `scale`; nil when a
  /// side is not above zero, the smallest is larger than the largest, the scale is not 1 to 3
  /// or the insets leave no window a safe area.
  public init?(
    smallest: (width: Int, height: Int), largest: (width: Int, height: Int), scale: Int, safeInsets: Insets = .zero
  ) {
    guard smallest.width > 0, smallest.height > 0, smallest.width <= largest.width,
      smallest.height <= largest.height, (1...3).contains(scale),
      [safeInsets.top, safeInsets.left, safeInsets.bottom, safeInsets.right].allSatisfy({ $0 >= 0 && $0.isFinite }),
      safeInsets.left + safeInsets.right < Double(smallest.width),
      safeInsets.top + safeInsets.bottom < Double(smallest.height)
    else { return nil }
    widths = smallest.width...largest.width
    heights = smallest.height...largest.height
    self.scale = scale
    self.safeInsets = safeInsets
  }

  /// How many window sizes the range holds.
  public var count: Int { widths.count * heights.count }

  /// The canvas of a `width` x `height` point window, in pixels.
  public func canvas(width: Int, height: Int) -> PixelSize { PixelSize(width * scale, height * scale) }

  /// "320x320 to 1366x1024 pt @2x", with the insets when there are any.
  public var description: String {
    let sizes = "\(widths.lowerBound)x\(heights.lowerBound) to \(widths.upperBound)x\(heights.upperBound) pt @\(scale)x"
    return safeInsets.isZero ? sizes : "\(sizes), safe area \(safeInsets)"
  }
}
