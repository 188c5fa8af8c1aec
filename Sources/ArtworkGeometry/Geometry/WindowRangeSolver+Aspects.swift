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

    /// The windows that keep a check (each width's run when `keepsRuns`); nil when the
    /// estimate could not be confirmed. `keeps` is the check on a placement, `cropKeeps` the
    /// same check on a fill's crop alone; `narrowKept` and `wideKept` say whether the range's
    /// narrowest and widest windows keep it.
    func kept(
      keeps: (Placement) -> Bool, cropKeeps: (Rect) -> Bool, narrowKept: Bool, wideKept: Bool, keepsRuns: Bool
    ) -> KeptWindows? {
      let heights = range.heights
      let narrow = narrowKept ? nil : narrowThreshold(cropKeeps)
      let wide = wideKept ? nil : wideThreshold(cropKeeps)
      // One pass over the widths (a range has a thousand or more, and every check of every
      // range walks them): each width's run, and the windows that confirm each estimate.
      var narrowSide = Confirmation(narrowSide: true)
      var wideSide = Confirmation(narrowSide: false)
      var kept = KeptWindows(keepsRuns: keepsRuns, widths: range.widths.count)
      let (sourceWidth, sourceHeight) = (source.width, source.height)
      for width in range.widths {
        let w = Double(width)
        // Whether the window `height` points tall is as narrow as the source or narrower (the
        // narrow side); whole numbers' cross products are exact in Double.
        func isNarrow(_ height: Int) -> Bool { Double(height) * sourceWidth >= w * sourceHeight }
        // Narrow windows are kept up to `last`, wide ones from `first`. A threshold lies on
        // its own side of the source's aspect, so `last` is a narrow window or the widest
        // wide one just below them, and `first` a wide window or the narrowest narrow one:
        // the two sides' kept heights meet. Where rounding puts either past that (a window
        // whose aspect is the source's, reached by a quotient just off a whole number), the
        // exact pivot puts it back.
        var (low, high) = (heights.lowerBound, heights.upperBound)
        if let narrow {
          var last = WindowRangeSolver.wholeAtMost(w / narrow, capped: heights.upperBound)
          if last < heights.upperBound, !isNarrow(last + 1) {
            last = WindowRangeSolver.pivot(width: width, source: source) - 1
          }
          if last >= heights.lowerBound, isNarrow(last) { narrowSide.keep(WindowSize(width, last)) }
          let next = max(last + 1, heights.lowerBound)
          if next <= heights.upperBound { narrowSide.drop(WindowSize(width, next)) }
          high = min(high, last)
        }
        if let wide {
          var first = max(
            heights.lowerBound, WindowRangeSolver.wholeAtLeast(w / wide, capped: heights.upperBound + 1))
          if first > heights.lowerBound, isNarrow(first - 1) {
            first = WindowRangeSolver.pivot(width: width, source: source)
          }
          if first <= heights.upperBound, !isNarrow(first) { wideSide.keep(WindowSize(width, first)) }
          let previous = min(first - 1, heights.upperBound)
          if previous >= heights.lowerBound { wideSide.drop(WindowSize(width, previous)) }
          low = max(low, first)
        }
        kept.add(width: width, low: low, high: high)
      }
      guard narrowSide.holds(keeps, place), wideSide.holds(keeps, place) else { return nil }
      return kept
    }

    /// The windows that confirm one side's estimate: the kept window nearest the threshold
    /// must keep the check and the dropped one nearest it must not. Every window of the range
    /// lies on one side of that pair, so their verdicts decide every window.
    struct Confirmation {
      /// On the narrow side the threshold lies narrower than every kept window and wider than
      /// every dropped one; on the wide side the other way round.
      let narrowSide: Bool
      private(set) var kept: WindowSize?
      private(set) var dropped: WindowSize?

      init(narrowSide: Bool) { self.narrowSide = narrowSide }

      /// Notes a kept window, keeping the one nearest the threshold.
      mutating func keep(_ window: WindowSize) {
        if kept.map({ nearer(window, than: $0, fromKept: true) }) ?? true { kept = window }
      }

      /// Notes a dropped window, keeping the one nearest the threshold.
      mutating func drop(_ window: WindowSize) {
        if dropped.map({ nearer(window, than: $0, fromKept: false) }) ?? true { dropped = window }
      }

      private func nearer(_ window: WindowSize, than other: WindowSize, fromKept: Bool) -> Bool {
        narrowSide == fromKept ? window.isNarrower(than: other) : other.isNarrower(than: window)
      }

      /// Whether the kept window keeps the check and the dropped one does not.
      func holds(_ keeps: (Placement) -> Bool, _ place: (WindowSize) -> Placement) -> Bool {
        (kept.map { keeps(place($0)) } ?? true) && (dropped.map { !keeps(place($0)) } ?? true)
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
  }

  /// The first height at which a `width`-point window is as narrow as `source` or narrower.
  static func pivot(width: Int, source: Size) -> Int {
    // Whole numbers' cross products are exact in Double: the estimate is put right by them.
    let w = Double(width)
    var pivot = wholeAtLeast(w * source.height / source.width, capped: Int(Int32.max))
    while Double(pivot - 1) * source.width >= w * source.height { pivot -= 1 }
    while Double(pivot) * source.width < w * source.height { pivot += 1 }
    return pivot
  }

  // Each range rounds a quotient at every width; `rounded(.down)` and `.up` are library calls
  // on x86-64's baseline, and these two are a conversion and a compare.

  /// The largest whole number at most `value` (not negative), and at most `cap`.
  @inline(__always)
  static func wholeAtMost(_ value: Double, capped cap: Int) -> Int {
    guard value < Double(cap) else { return cap }
    return Int(value)
  }

  /// The smallest whole number at least `value` (not negative), and at most `cap`.
  @inline(__always)
  static func wholeAtLeast(_ value: Double, capped cap: Int) -> Int {
    guard value < Double(cap) else { return cap }
    let whole = Int(value)
    return Double(whole) < value ? whole + 1 : whole
  }
}
