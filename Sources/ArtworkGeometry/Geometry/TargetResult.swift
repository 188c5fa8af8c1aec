/// One artwork on one screen in one mode: the geometry and the checks.
public struct TargetResult: Sendable, Hashable {
  public var screen: Screen
  public var placement: Placement
  public var failures: [CheckFailure]

  public init(screen: Screen, placement: Placement, failures: [CheckFailure] = []) {
    self.screen = screen
    self.placement = placement
    self.failures = failures
  }

  /// Whether every check passed.
  public var passed: Bool { failures.isEmpty }

  /// Solves `source` on `screen` and applies `checks`.
  public static func solve(
    source: Size, screen: Screen, mode: FitMode, gravity: Gravity, focus: FocusRegion?,
    checks: Checks
  ) -> TargetResult {
    let placement = FitSolver.solve(
      source: source, canvas: screen.canvas, safeArea: screen.safeInsets, mode: mode,
      gravity: gravity, focus: focus, maxCropLoss: checks.maxCropLoss)
    return TargetResult(screen: screen, placement: placement, failures: checks.failures(of: placement))
  }
}
