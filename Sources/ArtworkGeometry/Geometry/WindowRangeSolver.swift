/// Solves an artwork over every window of a range, exactly: every whole-point size is decided,
/// none is sampled.
///
/// Where no window keeps insets, the crop depends on the window's aspect ratio alone, and the
/// solver decides a range from a few windows: under fill, a window whose aspect lies between
/// another's and the source's shows a crop that contains the other's (along the cut axis the
/// crop widens with the aspect and, for every gravity, its edges only move outwards; gravity
/// `focus` clamps a crop centred on the focus, whose edges also only move outwards). So each
/// figure is worst in the range's narrowest or widest window, and in each width's column of
/// heights the windows that keep the focus (or stay within a crop limit) are one run of
/// heights holding the ones nearest the source's aspect, found by bisection. With insets the
/// safe part of a window does not scale with it, and every size is solved.
public enum WindowRangeSolver {
  /// `source` (pixels, upright) over every window of `range` under `mode`, with `checks`
  /// applied in each. Under `auto` with a crop limit, a source `auto` fills is filled in some
  /// windows and fitted in others (`solveAuto`; with insets every window is solved).
  /// With `runs` false the sets of windows that fail keep their counts alone
  /// (`WindowSizes(count:)`), as a report needs, without each width's runs.
  public static func solve(
    source: Size, range: WindowRange, mode: FitMode, gravity: Gravity, focus: FocusRegion?, checks: Checks,
    runs keepsRuns: Bool = true
  ) -> WindowRangeResult {
    precondition(source.width > 0 && source.height > 0, "source has no pixels")
    let insets = range.safeInsets.scaled(by: Double(range.scale))
    let limit = checks.maxCropLoss
    let place = { (window: WindowSize) in
      FitSolver.solve(
        source: source, canvas: range.canvas(width: window.width, height: window.height), safeArea: insets,
        mode: mode, gravity: gravity, focus: focus, maxCropLoss: limit)
    }
    let keepsFocus = { (placement: Placement) in placement.focusVisible != false }
    let withinLimit = { (placement: Placement) in !checks.exceedsCropLoss(placement) }
    // Under auto a wide source is filled where the fill keeps within the limit and fitted
    // elsewhere: the windows that cut the focus are then no longer one run of each column.
    let mixesModes = mode == .auto && limit != nil && FitSolver.autoFills(source)
    if mixesModes, range.safeInsets.isZero, let limit {
      return solveAuto(
        source: source, range: range, gravity: gravity, focus: focus, checks: checks, limit: limit,
        keepsRuns: keepsRuns)
    }
    let decidedByAspect = range.safeInsets.isZero && !mixesModes
    var worst: Worsts
    var focusCut = WindowSizes()
    var overCropLimit = WindowSizes()
    var focusKept: WindowRangeResult.AspectBounds?
    var withinCropLimit: WindowRangeResult.AspectBounds?
    if decidedByAspect {
      let narrowest = WindowSize(range.widths.lowerBound, range.heights.upperBound)
      let widest = WindowSize(range.widths.upperBound, range.heights.lowerBound)
      let (narrowestPlacement, widestPlacement) = (place(narrowest), place(widest))
      // The crops nest, so what both extremes show safely every window shows.
      worst = Worsts(narrowestPlacement, narrowest)
      worst.note(widestPlacement, widest)
      // The crops nest, so a check both extremes pass holds in every window: only a check
      // that fails at an extreme needs each width's run.
      let everywhere = WindowRangeResult.AspectBounds(narrowest: narrowest, widest: widest)
      let focusEverywhere = keepsFocus(narrowestPlacement) && keepsFocus(widestPlacement)
      let limitEverywhere = withinLimit(narrowestPlacement) && withinLimit(widestPlacement)
      if focusEverywhere { focusKept = everywhere }
      if limitEverywhere { withinCropLimit = everywhere }
      if !focusEverywhere || !limitEverywhere {
        let aspects = AspectRuns(range: range, source: source, gravity: gravity, focus: focus, place: place)
        let filled = mode == .fill || (mode == .auto && FitSolver.autoFills(source))
        let focusRect = focus?.rect(in: source)
        let bounds = Rect.of(source)
        func keptWindows(_ keeps: @escaping (Placement) -> Bool, _ cropKeeps: (Rect) -> Bool, narrow: Bool, wide: Bool)
          -> KeptWindows
        {
          if filled,
            let kept = aspects.kept(
              keeps: keeps, cropKeeps: cropKeeps, narrowKept: narrow, wideKept: wide, keepsRuns: keepsRuns)
          {
            return kept
          }
          var kept = KeptWindows(keepsRuns: keepsRuns, widths: range.widths.count)
          for width in range.widths {
            kept.add(
              width: width,
              run: Column(width: width, heights: range.heights, source: source, place: place).keptRun(keeps))
          }
          return kept
        }
        // Each width's heights outside its kept run fail; the kept runs bound the kept aspects.
        func note(
          _ kept: KeptWindows, failing: inout WindowSizes, keptBounds: inout WindowRangeResult.AspectBounds?
        ) {
          if keepsRuns {
            for (width, run) in zip(range.widths, kept.runs) {
              failing.add(width: width, heights: WindowSizes.complement(of: run, in: range.heights))
            }
          } else {
            failing.tally(range.count - kept.count)
          }
          keptBounds = kept.bounds
        }
        if !focusEverywhere, let focusRect {
          let kept = keptWindows(
            keepsFocus, { $0.intersection(bounds).contains(focusRect, tolerance: FitSolver.focusTolerance) },
            narrow: keepsFocus(narrowestPlacement), wide: keepsFocus(widestPlacement))
          note(kept, failing: &focusCut, keptBounds: &focusKept)
        }
        if !limitEverywhere, let limit {
          let kept = keptWindows(
            withinLimit, { clampUnit(1 - $0.area / source.area) <= limit + Checks.tolerance },
            narrow: withinLimit(narrowestPlacement), wide: withinLimit(widestPlacement))
          note(kept, failing: &overCropLimit, keptBounds: &withinCropLimit)
        }
      }
    } else {
      let first = WindowSize(range.widths.lowerBound, range.heights.lowerBound)
      worst = Worsts(place(first), first)
      for width in range.widths {
        let placements = range.heights.map { place(WindowSize(width, $0)) }
        for (placement, height) in zip(placements, range.heights) { worst.note(placement, WindowSize(width, height)) }
        let lowest = range.heights.lowerBound
        focusCut.add(
          width: width, heights: WindowSizes.runs(in: range.heights) { !keepsFocus(placements[$0 - lowest]) },
          runs: keepsRuns)
        overCropLimit.add(
          width: width, heights: WindowSizes.runs(in: range.heights) { !withinLimit(placements[$0 - lowest]) },
          runs: keepsRuns)
      }
    }
    var result = WindowRangeResult(
      range: range, source: source, mode: mode, gravity: gravity, focus: focus, decidedByAspect: decidedByAspect,
      cropLoss: worst.cropLoss, barsFraction: worst.barsFraction, safeCropLoss: worst.safeCropLoss,
      focusLoss: focus == nil ? nil : worst.focusLoss, focusCut: focus == nil ? nil : focusCut,
      focusKept: decidedByAspect && focus != nil ? focusKept : nil,
      overCropLimit: limit == nil ? nil : overCropLimit,
      withinCropLimit: decidedByAspect && limit != nil ? withinCropLimit : nil, safeEverywhere: worst.safe,
      failures: [])
    result.failures = failures(of: result, checks: checks)
    return result
  }

  /// What fails somewhere in the range, each at its worst window.
  static func failures(of result: WindowRangeResult, checks: Checks) -> [WindowRangeResult.Failure] {
    var failures: [WindowRangeResult.Failure] = []
    if let limit = checks.maxCropLoss, let over = result.overCropLimit, !over.isEmpty {
      failures.append(
        .init(
          failure: .cropLoss(value: result.cropLoss.value, limit: limit), window: result.cropLoss.window,
          windows: over.count))
    }
    if checks.requireFocus {
      if let cut = result.focusCut, let loss = result.focusLoss {
        if !cut.isEmpty {
          failures.append(.init(failure: .focusOutside(loss: loss.value), window: loss.window, windows: cut.count))
        }
      } else {
        failures.append(.init(failure: .focusUnknown, window: nil, windows: result.range.count))
      }
    }
    return failures
  }

  /// The kept aspect bounds with `width`'s run of kept heights added.
  static func widen(
    _ bounds: WindowRangeResult.AspectBounds?, width: Int, heights: ClosedRange<Int>
  ) -> WindowRangeResult.AspectBounds {
    let narrow = WindowSize(width, heights.upperBound)
    let wide = WindowSize(width, heights.lowerBound)
    guard let bounds else { return .init(narrowest: narrow, widest: wide) }
    return .init(
      narrowest: narrow.isNarrower(than: bounds.narrowest) ? narrow : bounds.narrowest,
      widest: bounds.widest.isNarrower(than: wide) ? wide : bounds.widest)
  }

  /// The worst of each figure so far, and the first window giving it.
  struct Worsts {
    var cropLoss: WindowRangeResult.Worst
    var barsFraction: WindowRangeResult.Worst
    var safeCropLoss: WindowRangeResult.Worst
    var focusLoss: WindowRangeResult.Worst
    /// The part of the source every window noted shows inside its safe area.
    var safe: Rect

    /// Starts from `placement`'s figures in `window`.
    init(_ placement: Placement, _ window: WindowSize) {
      safe = placement.visibleSafeSource
      cropLoss = .init(value: placement.cropLoss, window: window)
      barsFraction = .init(value: placement.barsFraction, window: window)
      safeCropLoss = .init(value: placement.safeCropLoss, window: window)
      focusLoss = .init(value: placement.focusLoss ?? 0, window: window)
    }

    /// Keeps `placement`'s figures where they are worse than the worst so far.
    mutating func note(_ placement: Placement, _ window: WindowSize) {
      safe = safe.intersection(placement.visibleSafeSource)
      Self.keep(&cropLoss, placement.cropLoss, window)
      Self.keep(&barsFraction, placement.barsFraction, window)
      Self.keep(&safeCropLoss, placement.safeCropLoss, window)
      Self.keep(&focusLoss, placement.focusLoss ?? 0, window)
    }

    private static func keep(_ worst: inout WindowRangeResult.Worst, _ value: Double, _ window: WindowSize) {
      if value > worst.value { worst = .init(value: value, window: window) }
    }
  }

  /// One width's column of heights, where the aspect ratio alone decides: a check's kept
  /// heights are one run holding the heights nearest the source's aspect.
  struct Column {
    let width: Int
    let heights: ClosedRange<Int>
    /// The first height at which the window is as narrow as the source or narrower.
    let pivot: Int
    let place: (WindowSize) -> Placement

    init(width: Int, heights: ClosedRange<Int>, source: Size, place: @escaping (WindowSize) -> Placement) {
      self.width = width
      self.heights = heights
      self.place = place
      pivot = WindowRangeSolver.pivot(width: width, source: source)
    }

    /// The heights whose window `keeps`, as one run; nil when none does.
    func keptRun(_ keeps: (Placement) -> Bool) -> ClosedRange<Int>? {
      func kept(_ height: Int) -> Bool { keeps(place(WindowSize(width, height))) }
      // A kept run holds the height at or nearest above the source's aspect, or the one
      // nearest below it, within the column.
      let below = min(pivot - 1, heights.upperBound)
      let above = max(pivot, heights.lowerBound)
      let seed: Int
      if below >= heights.lowerBound, kept(below) {
        seed = below
      } else if above <= heights.upperBound, kept(above) {
        seed = above
      } else {
        return nil
      }
      var (low, high) = (heights.lowerBound, seed)
      while low < high {
        let middle = low + (high - low) / 2
        if kept(middle) { high = middle } else { low = middle + 1 }
      }
      let first = low
      (low, high) = (seed, heights.upperBound)
      while low < high {
        let middle = low + (high - low + 1) / 2
        if kept(middle) { low = middle } else { high = middle - 1 }
      }
      return first...low
    }
  }
}
