extension WindowRangeSolver {
  /// Each width's kept run of heights for a check, found along the aspect ratio rather than
  /// column by column, where no window keeps insets and every window is filled.
  ///
  /// A window narrower than the source shows the source's full height and a crop as wide as
  /// the aspect makes it; wider, the full width. On each side the crops nest, so a check keeps
  /// exactly the windows whose aspect lies past one threshold. The threshold is estimated once
  /// from the crop alone (a bisection on the crop's width or height), each width's run is then
  /// arithmetic, and the estimate is never trusted: the narrowest window it keeps and the
  /// nearest one it drops on each side are solved in full, and since every window of the range
  /// lies on one side of that pair, their verdicts decide every window. When they disagree with
  /// the estimate (a crop test that differs from the placement's), nil: the caller solves each
  /// width instead.
  struct AspectRuns {
    let range: WindowRange
    let source: Size
    let gravity: Gravity
    let focus: FocusRegion?
    let place: (WindowSize) -> Placement
    /// Each width's pivot (`WindowRangeSolver.pivot`), worked out once for every check.
    let pivots: [Int]

    init(
      range: WindowRange, source: Size, gravity: Gravity, focus: FocusRegion?,
      place: @escaping (WindowSize) -> Placement
    ) {
      self.range = range
      self.source = source
      self.gravity = gravity
      self.focus = focus
      self.place = place
      pivots = range.widths.map { WindowRangeSolver.pivot(width: $0, source: source) }
    }

    /// The kept run of each width (nil where none is kept), in the order of `range.widths`;
    /// nil when the estimate could not be confirmed. `keeps` is the check on a placement,
    /// `cropKeeps` the same check on a fill's crop alone; `narrowKept` and `wideKept` say
    /// whether the range's narrowest and widest windows keep it.
    func keptRuns(
      keeps: (Placement) -> Bool, cropKeeps: (Rect) -> Bool, narrowKept: Bool, wideKept: Bool
    ) -> [ClosedRange<Int>?]? {
      let heights = range.heights
      // Narrow windows (heights from the pivot up): kept up to `last`; wide ones (below the
      // pivot): kept from `first`.
      var lasts = pivots.map { _ in heights.upperBound }
      var firsts = pivots.map { _ in heights.lowerBound }
      if !narrowKept {
        let threshold = narrowThreshold(cropKeeps)
        for (index, width) in range.widths.enumerated() {
          lasts[index] = min(heights.upperBound, Int((Double(width) / threshold).rounded(.down)))
        }
        guard confirmNarrow(lasts: lasts, pivots: pivots, keeps: keeps) else { return nil }
      }
      if !wideKept {
        let threshold = wideThreshold(cropKeeps)
        for (index, width) in range.widths.enumerated() {
          firsts[index] = max(heights.lowerBound, Int((Double(width) / threshold).rounded(.up)))
        }
        guard confirmWide(firsts: firsts, pivots: pivots, keeps: keeps) else { return nil }
      }
      return pivots.indices.map { index in
        // The wide side's kept heights [first, pivot - 1] meet the narrow side's [pivot, last].
        let pivot = pivots[index]
        let low = max(heights.lowerBound, firsts[index] < pivot ? firsts[index] : pivot)
        let high = min(heights.upperBound, lasts[index] >= pivot ? lasts[index] : pivot - 1)
        return low <= high ? low...high : nil
      }
    }

    /// The narrowest aspect whose fill keeps the check, estimated from crops of the full height.
    private func narrowThreshold(_ cropKeeps: (Rect) -> Bool) -> Double {
      let narrowest = Double(range.widths.lowerBound) / Double(range.heights.upperBound)
      var (cut, kept) = (source.height * narrowest, source.width)
      for _ in 0..<64 where cut < kept {
        let middle = (cut + kept) / 2
        guard middle > cut && middle < kept else { break }
        let crop = FitSolver.fillCrop(
          visible: Size(middle, source.height), in: source, gravity: gravity, focus: focus)
        if cropKeeps(crop) { kept = middle } else { cut = middle }
      }
      return kept / source.height
    }

    /// The widest aspect whose fill keeps the check, estimated from crops of the full width.
    private func wideThreshold(_ cropKeeps: (Rect) -> Bool) -> Double {
      let widest = Double(range.widths.upperBound) / Double(range.heights.lowerBound)
      var (cut, kept) = (source.width / widest, source.height)
      for _ in 0..<64 where cut < kept {
        let middle = (cut + kept) / 2
        guard middle > cut && middle < kept else { break }
        let crop = FitSolver.fillCrop(visible: Size(source.width, middle), in: source, gravity: gravity, focus: focus)
        if cropKeeps(crop) { kept = middle } else { cut = middle }
      }
      return source.width / kept
    }

    /// Whether the narrow side's estimate holds: its narrowest kept window keeps the check and
    /// the widest narrow window it drops does not.
    private func confirmNarrow(lasts: [Int], pivots: [Int], keeps: (Placement) -> Bool) -> Bool {
      var kept: WindowSize?
      var dropped: WindowSize?
      for (index, width) in range.widths.enumerated() {
        let last = lasts[index]
        let lowest = max(pivots[index], range.heights.lowerBound)
        if last >= lowest, last <= range.heights.upperBound {
          let window = WindowSize(width, last)
          if kept.map({ window.isNarrower(than: $0) }) ?? true { kept = window }
        }
        let next = max(last + 1, lowest)
        if next <= range.heights.upperBound {
          let window = WindowSize(width, next)
          if dropped.map({ $0.isNarrower(than: window) }) ?? true { dropped = window }
        }
      }
      return (kept.map { keeps(place($0)) } ?? true) && (dropped.map { !keeps(place($0)) } ?? true)
    }

    /// Whether the wide side's estimate holds: its widest kept window keeps the check and the
    /// narrowest wide window it drops does not.
    private func confirmWide(firsts: [Int], pivots: [Int], keeps: (Placement) -> Bool) -> Bool {
      var kept: WindowSize?
      var dropped: WindowSize?
      for (index, width) in range.widths.enumerated() {
        let first = firsts[index]
        let highest = min(pivots[index] - 1, range.heights.upperBound)
        if first <= highest, first >= range.heights.lowerBound {
          let window = WindowSize(width, first)
          if kept.map({ $0.isNarrower(than: window) }) ?? true { kept = window }
        }
        let previous = min(first - 1, highest)
        if previous >= range.heights.lowerBound {
          let window = WindowSize(width, previous)
          if dropped.map({ window.isNarrower(than: $0) }) ?? true { dropped = window }
        }
      }
      return (kept.map { keeps(place($0)) } ?? true) && (dropped.map { !keeps(place($0)) } ?? true)
    }
  }

  /// The first height at which a `width`-point window is as narrow as `source` or narrower.
  static func pivot(width: Int, source: Size) -> Int {
    // Whole numbers' cross products are exact in Double: the estimate is put right by them.
    let w = Double(width)
    var pivot = Int((w * source.height / source.width).rounded(.up))
    while Double(pivot - 1) * source.width >= w * source.height { pivot -= 1 }
    while Double(pivot) * source.width < w * source.height { pivot += 1 }
    return pivot
  }
}
