extension WindowRangeSolver {
  /// The windows of a range that keep a check, gathered width by width: each width's run of
  /// heights when the caller keeps runs, and always how many they are and the narrowest and
  /// widest of them (a report needs only those, and the runs of a thousand widths cost more
  /// than the check).
  struct KeptWindows {
    /// Whether each width's run is kept (`runs`).
    let keepsRuns: Bool
    /// Each width's run of kept heights (nil where none), in the order the widths came; empty
    /// when runs are not kept.
    private(set) var runs: [ClosedRange<Int>?] = []
    /// How many windows are kept.
    private(set) var count = 0
    /// The narrowest and widest kept windows; nil when none is kept.
    private(set) var bounds: WindowRangeResult.AspectBounds?

    init(keepsRuns: Bool, widths: Int) {
      self.keepsRuns = keepsRuns
      if keepsRuns { runs.reserveCapacity(widths) }
    }

    /// Adds `width`'s kept heights, `low` to `high` (none when `low` is above `high`); widths
    /// come in ascending order.
    @inline(__always)
    mutating func add(width: Int, low: Int, high: Int) {
      if keepsRuns { runs.append(low <= high ? low...high : nil) }
      guard low <= high else { return }
      count += high - low + 1
      bounds = WindowRangeSolver.widen(bounds, width: width, heights: low...high)
    }

    /// Adds `width`'s kept run (nil for none).
    mutating func add(width: Int, run: ClosedRange<Int>?) {
      if let run {
        add(width: width, low: run.lowerBound, high: run.upperBound)
      } else if keepsRuns {
        runs.append(nil)
      }
    }
  }
}
