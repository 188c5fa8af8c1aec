/// One artwork on one screen in one mode: the geometry and the checks.
public struct TargetResult: Sendable, Hashable {
  /// The screen the artwork was solved on.
  public var screen: Screen
  /// Where the artwork lands and what it loses.
  public var placement: Placement
  /// The checks it failed; none when it passed.
  public var failures: [CheckFailure]
  /// For a screen whose windows a person resizes: every window decided, of which `screen` is
  /// the one shown (the first failure's worst window, else the worst for crop loss under fill
  /// or for bars under fit); nil for a screen of one size. Its sets of failing windows hold
  /// their counts (`WindowRangeSolver.solve(…, runs: true)` gives each width's runs).
  public var windows: WindowRangeResult?

  /// A result from a placement and the checks it failed.
  public init(
    screen: Screen, placement: Placement, failures: [CheckFailure] = [], windows: WindowRangeResult? = nil
  ) {
    self.screen = screen
    self.placement = placement
    self.failures = failures
    self.windows = windows
  }

  /// Whether every check passed.
  public var passed: Bool { failures.isEmpty }

  /// `failure`'s message, with the windows it fails in when the screen's windows resize.
  public func message(of failure: CheckFailure) -> String {
    failure.message + (windows?.extent(of: failure.check) ?? "")
  }

  /// Every failure's message (`message(of:)`), joined by "; ".
  public var failureMessages: String { failures.map(message(of:)).joined(separator: "; ") }

  /// Solves `source` on `screen` and applies `checks`.
  public static func solve(
    source: Size, screen: Screen, mode: FitMode, gravity: Gravity, focus: FocusRegion?,
    checks: Checks
  ) -> TargetResult {
    if let range = screen.windowRange {
      return solve(
        source: source, screen: screen, range: range, mode: mode, gravity: gravity, focus: focus, checks: checks)
    }
    let placement = FitSolver.solve(
      source: source, canvas: screen.canvas, safeArea: screen.safeInsets, mode: mode,
      gravity: gravity, focus: focus, maxCropLoss: checks.maxCropLoss, regions: screen.regions, mask: screen.mask)
    return TargetResult(screen: screen, placement: placement, failures: checks.failures(of: placement))
  }

  /// Solves `source` over every window of `range`, shown at the window that matters most.
  private static func solve(
    source: Size, screen: Screen, range: WindowRange, mode: FitMode, gravity: Gravity, focus: FocusRegion?,
    checks: Checks
  ) -> TargetResult {
    let windows = WindowRangeSolver.solve(
      source: source, range: range, mode: mode, gravity: gravity, focus: focus, checks: checks, runs: false)
    let worst =
      windows.failures.first?.window ?? (windows.mode == .fit ? windows.barsFraction : windows.cropLoss).window
    let shown = screen.at(worst)
    let placement = FitSolver.solve(
      source: source, canvas: shown.canvas, safeArea: shown.safeInsets, mode: mode, gravity: gravity, focus: focus,
      maxCropLoss: checks.maxCropLoss)
    return TargetResult(
      screen: shown, placement: placement, failures: windows.failures.map(\.failure), windows: windows)
  }
}
