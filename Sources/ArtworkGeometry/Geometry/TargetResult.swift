/// One artwork on one screen in one mode: the geometry and the checks.
public struct TargetResult: Sendable, Hashable {
  /// The screen the artwork was solved on.
  public var screen: Screen
  /// Where the artwork lands and what it loses.
  public var placement: Placement
  /// The checks it failed; none when it passed.
  public var failures: [CheckFailure]

  /// A result from a placement and the checks it failed.
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
      gravity: gravity, focus: focus, maxCropLoss: checks.maxCropLoss, regions: screen.regions, mask: screen.mask)
    return TargetResult(screen: screen, placement: placement, failures: checks.failures(of: placement))
  }
}
