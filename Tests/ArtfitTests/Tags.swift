import Testing

extension Tag {
  /// Suites that render many previews or launch the binary on real folders: `swift test
  /// --skip tag:slow` leaves them out for a fast local loop (README, "Tests").
  @Tag static var slow: Self
}

/// The suites that take seconds each, nested here so that their names hold "Slow" and
/// `swift test --skip Slow` leaves them out (SwiftPM filters by name, not by tag).
enum Slow {}
