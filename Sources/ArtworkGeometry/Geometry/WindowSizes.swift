/// A set of whole-point window sizes, as the boundary at each width: for every width that has
/// any, the heights in the set as runs, both in ascending order. A set read back from a report
/// holds its count alone (report.json gives counts, not runs: `init(count:)`).
public struct WindowSizes: Sendable, Hashable {
  /// One width's heights.
  public struct Column: Sendable, Hashable {
    /// The window's width in points.
    public var width: Int
    /// The heights in the set at this width, in points, as runs in ascending order.
    public var heights: [ClosedRange<Int>]
  }

  /// The widths with any height in the set, in ascending order.
  public private(set) var columns: [Column] = []

  /// How many sizes the set holds.
  public private(set) var count = 0

  /// No sizes.
  public init() {}

  /// A set known by its count alone, as a report gives it: no runs.
  public init(count: Int) { self.count = max(0, count) }

  /// Adds `width`'s heights (runs in ascending order, apart); widths come in ascending order.
  mutating func add(width: Int, heights: [ClosedRange<Int>]) {
    precondition(columns.last.map { $0.width < width } ?? true, "widths come in ascending order")
    guard !heights.isEmpty else { return }
    columns.append(Column(width: width, heights: heights))
    count += heights.reduce(0) { $0 + $1.count }
  }

  /// Adds `width`'s heights, or, when `runs` is false, counts them alone (a set kept for its
  /// count: `init(count:)`).
  mutating func add(width: Int, heights: [ClosedRange<Int>], runs: Bool) {
    if runs { add(width: width, heights: heights) } else { count += heights.reduce(0) { $0 + $1.count } }
  }

  /// Adds `count` sizes to a set kept for its count.
  mutating func tally(_ sizes: Int) { count += sizes }

  /// Whether the set holds no size.
  public var isEmpty: Bool { count == 0 }

  /// Whether the set holds the `width` x `height` window.
  public func contains(width: Int, height: Int) -> Bool {
    columns.first { $0.width == width }?.heights.contains { $0.contains(height) } ?? false
  }

  /// The runs of `heights` whose sizes `member` holds, in ascending order.
  static func runs(in heights: ClosedRange<Int>, where member: (Int) -> Bool) -> [ClosedRange<Int>] {
    var runs: [ClosedRange<Int>] = []
    var start: Int?
    for height in heights {
      if member(height) {
        if start == nil { start = height }
      } else if let first = start {
        runs.append(first...(height - 1))
        start = nil
      }
    }
    if let first = start { runs.append(first...heights.upperBound) }
    return runs
  }

  /// `heights` without `kept` (a run inside it, or nil for none), as runs.
  static func complement(of kept: ClosedRange<Int>?, in heights: ClosedRange<Int>) -> [ClosedRange<Int>] {
    guard let kept else { return [heights] }
    var runs: [ClosedRange<Int>] = []
    if kept.lowerBound > heights.lowerBound { runs.append(heights.lowerBound...(kept.lowerBound - 1)) }
    if kept.upperBound < heights.upperBound { runs.append((kept.upperBound + 1)...heights.upperBound) }
    return runs
  }
}
