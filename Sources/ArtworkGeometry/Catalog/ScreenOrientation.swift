/// How a screen is held.
///
/// `landscape` has the sensor housing on the left (the catalog's convention, as a phone
/// turned counter-clockwise); `landscape-right` is the mirror image, sensor on the right.
/// Safe-area insets are symmetric, so only the sensor housing differs between the two.
public enum ScreenOrientation: String, Sendable, Hashable, Codable, CaseIterable {
  /// Held upright.
  case portrait
  /// Turned counter-clockwise: the sensor housing on the left.
  case landscape
  /// Turned clockwise: the sensor housing on the right.
  case landscapeRight = "landscape-right"

  /// Whether the screen is held sideways, either way.
  public var isLandscape: Bool { self != .portrait }
}
