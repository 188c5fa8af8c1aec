extension WindowRangeSolver {
  /// `auto` over a range with no insets, for a source `auto` fills, under a crop limit: each
  /// window is filled where the fill keeps within the limit and fitted elsewhere. The windows
  /// within the limit are one run of each width (the fill's crops nest), and so are the fill's
  /// windows that keep the focus; a fitted window keeps the whole source. So the windows that
  /// cut the focus are those within the limit but outside the focus's run, and every figure is
  /// worst at the range's extremes (the fitted windows' bars) or at the extremes of the windows
  /// within the limit (the filled windows' crops): no window is solved beyond those.
  static func solveAuto(
    source: Size, range: WindowRange, gravity: Gravity, focus: FocusRegion?, checks: Checks, limit: Double,
    keepsRuns: Bool
  ) -> WindowRangeResult {
    let fill = { (window: WindowSize) in
      FitSolver.solve(
        source: source, canvas: range.canvas(width: window.width, height: window.height), mode: .fill,
        gravity: gravity, focus: focus)
    }
    let auto = { (window: WindowSize) in
      FitSolver.solve(
        source: source, canvas: range.canvas(width: window.width, height: window.height), mode: .auto,
        gravity: gravity, focus: focus, maxCropLoss: limit)
    }
    let narrowest = WindowSize(range.widths.lowerBound, range.heights.upperBound)
    let widest = WindowSize(range.widths.upperBound, range.heights.lowerBound)
    let keepsFocus = { (placement: Placement) in placement.focusVisible != false }
    let withinLimit = { (placement: Placement) in placement.cropLoss <= limit + Checks.tolerance }
    let bounds = Rect.of(source)
    let aspects = AspectRuns(range: range, source: source, gravity: gravity, focus: focus, place: fill)
    func runs(_ keeps: @escaping (Placement) -> Bool, _ cropKeeps: (Rect) -> Bool) -> [ClosedRange<Int>?] {
      let (narrow, wide) = (keeps(fill(narrowest)), keeps(fill(widest)))
      if narrow && wide { return range.widths.map { _ in range.heights } }
      return aspects.kept(keeps: keeps, cropKeeps: cropKeeps, narrowKept: narrow, wideKept: wide, keepsRuns: true)?
        .runs
        ?? range.widths.map { Column(width: $0, heights: range.heights, source: source, place: fill).keptRun(keeps) }
    }
    let within = runs(withinLimit) { clampUnit(1 - $0.area / source.area) <= limit + Checks.tolerance }
    let focusRect = focus?.rect(in: source)
    let kept = focusRect.map { focusRect in
      runs(keepsFocus) { $0.intersection(bounds).contains(focusRect, tolerance: FitSolver.focusTolerance) }
    }
    var worst = Worsts(auto(narrowest), narrowest)
    worst.note(auto(widest), widest)
    var filled: WindowRangeResult.AspectBounds?
    var focusCut = WindowSizes()
    for (index, width) in range.widths.enumerated() {
      guard let run = within[index] else {
        focusCut.add(width: width, heights: [], runs: keepsRuns)
        continue
      }
      filled = widen(filled, width: width, heights: run)
      // Filled and cutting the focus: the run within the limit, less the focus's run.
      let keptHere = kept.map { $0[index] } ?? run
      var cut: [ClosedRange<Int>] = []
      if let keptHere, keptHere.overlaps(run) {
        if run.lowerBound < keptHere.lowerBound { cut.append(run.lowerBound...(keptHere.lowerBound - 1)) }
        if keptHere.upperBound < run.upperBound { cut.append((keptHere.upperBound + 1)...run.upperBound) }
      } else {
        cut = [run]
      }
      focusCut.add(width: width, heights: cut, runs: keepsRuns)
    }
    if let filled {
      worst.note(auto(filled.narrowest), filled.narrowest)
      worst.note(auto(filled.widest), filled.widest)
    }
    var result = WindowRangeResult(
      range: range, source: source, mode: .auto, gravity: gravity, focus: focus, decidedByAspect: false,
      cropLoss: worst.cropLoss, barsFraction: worst.barsFraction, safeCropLoss: worst.safeCropLoss,
      focusLoss: focus == nil ? nil : worst.focusLoss, focusCut: focus == nil ? nil : focusCut, focusKept: nil,
      overCropLimit: WindowSizes(), withinCropLimit: nil, safeEverywhere: worst.safe, failures: [])
    result.failures = failures(of: result, checks: checks)
    return result
  }
}
