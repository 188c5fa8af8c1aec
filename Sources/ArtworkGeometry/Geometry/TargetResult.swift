/// One artwork on one screen in one mode: the geometry, the checks and the preview.
public struct TargetResult: Sendable, Hashable {
  public var screen: Screen
  public var placement: Placement
  public var failures: [CheckFailure]
  /// The preview's path relative to the output folder, when one was written.
  public var preview: String?
  /// Whether an earlier run's report already had these failures, no better: they are
  /// reported but do not fail the run.
  public var baselined = false

  public init(screen: Screen, placement: Placement, failures: [CheckFailure] = [], preview: String? = nil) {
    self.screen = screen
    self.placement = placement
    self.failures = failures
    self.preview = preview
  }

  public var passed: Bool { failures.isEmpty }

  /// Whether this result fails the run: a failed check that no baseline excuses.
  public var failsRun: Bool { !failures.isEmpty && !baselined }

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
