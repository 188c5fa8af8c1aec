/// The window sizes an app allows itself, in points, whatever the system allows: UIKit's
/// `UIWindowScene.sizeRestrictions` (minimumSize, maximumSize), AppKit's content minimum and
/// maximum sizes, SwiftUI's `windowResizability(.contentSize)` with a frame's bounds. Applied to
/// a target that stands for every window of a screen (`Target.limitingWindows(to:)`).
public struct AppWindowLimits: Sendable, Hashable {
  /// The smallest window the app takes; nil for the system's smallest.
  public var minimum: WindowSize?
  /// The largest window the app takes; nil for the whole screen.
  public var maximum: WindowSize?

  /// No limits of the app's own.
  public static let none = AppWindowLimits()

  /// Limits of `minimum` and `maximum`.
  public init(minimum: WindowSize? = nil, maximum: WindowSize? = nil) {
    self.minimum = minimum
    self.maximum = maximum
  }

  /// Whether the app sets neither limit.
  public var isNone: Bool { minimum == nil && maximum == nil }

  /// A limit written `WxH` in whole points, as `--window-min` and `--window-max` take it.
  public static func parseSize(_ text: String) throws(ValueError) -> WindowSize {
    guard let size = WindowSize(text: text), size.width >= 1, size.height >= 1 else {
      throw ValueError("a window size is WxH in whole points above zero, e.g. 800x600 (got '\(text)')")
    }
    return size
  }

  /// Why these limits cannot be an app's, or nil when they can: a minimum wider or taller
  /// than the maximum.
  public var problem: String? {
    guard let minimum, let maximum, minimum.width > maximum.width || minimum.height > maximum.height else {
      return nil
    }
    return "the app's smallest window (\(minimum)) is larger than its largest (\(maximum)) in width or height"
  }

  /// The windows of a screen `screen` points in size whose system limits run from `smallest`:
  /// the app's limits within the system's, each side of the smallest no larger than the
  /// largest's (the system clamps an app's minimum to the screen, as UIKit documents for
  /// `sizeRestrictions`).
  func windows(smallest: WindowSize, screen: WindowSize) -> (smallest: WindowSize, largest: WindowSize) {
    let largest = WindowSize(
      min(screen.width, maximum?.width ?? screen.width), min(screen.height, maximum?.height ?? screen.height))
    let floor = WindowSize(
      max(smallest.width, minimum?.width ?? smallest.width), max(smallest.height, minimum?.height ?? smallest.height))
    return (WindowSize(min(floor.width, largest.width), min(floor.height, largest.height)), largest)
  }
}
