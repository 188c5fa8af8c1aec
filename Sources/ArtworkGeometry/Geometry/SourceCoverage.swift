/// How many of a run's fills show each part of a source: each fill's visible rect, clipped to
/// the source, counted once per fill. (A fit shows the whole source, so fits are left out:
/// they would only lift every count alike.) Everything it answers takes time near linear in
/// the number of fills, so a run on thousands of screens draws its crop map and contact
/// sheet as fast per result as a run on a few.
public struct SourceCoverage: Sendable {
  /// One distinct visible rect and how many fills have it.
  public struct Crop: Sendable, Equatable {
    /// The rect in source pixels, inside the source.
    public var rect: Rect
    /// Fills whose visible rect it is.
    public var count: Int
  }

  /// The distinct visible rects, in the order first met.
  public let crops: [Crop]
  /// The number of fills.
  public let total: Int
  /// The source's size in pixels.
  public let source: Size

  /// How many of `results`' fills show each part of a source of `size` `source`.
  public init(results: [TargetResult], source: Size) {
    self.init(visible: results.filter { $0.placement.mode == .fill }.map(\.placement.crop), source: source)
  }

  /// From each fill's visible rect in source pixels.
  public init(visible rects: [Rect], source: Size) {
    total = rects.count
    self.source = source
    var index: [Rect: Int] = [:]
    var crops: [Crop] = []
    for rect in rects {
      let clipped = rect.intersection(Rect.of(source))
      if let at = index[clipped] {
        crops[at].count += 1
      } else {
        index[clipped] = crops.count
        crops.append(Crop(rect: clipped, count: 1))
      }
    }
    self.crops = crops
  }

  /// The share of the source's area every fill shows: where all visible rects meet.
  public var shownByAll: Double {
    guard source.width > 0, source.height > 0 else { return 0 }
    let all = crops.reduce(Rect.of(source)) { $0.intersection($1.rect) }
    return all.area / (source.width * source.height)
  }

  /// The fewest fills showing any part of the source (of positive area): a sweep across the
  /// source's columns between crop edges, each column's rows held in a tree of counts.
  public var fewest: Int {
    let xs = edges(\.x, \.maxX, limit: source.width)
    let ys = edges(\.y, \.maxY, limit: source.height)
    guard xs.count > 1, ys.count > 1 else { return 0 }
    let row = Dictionary(uniqueKeysWithValues: ys.enumerated().map { ($1, $0) })
    // Each crop enters at its left edge's column and leaves at its right edge's.
    var changes: [Double: [(rows: Range<Int>, count: Int)]] = [:]
    for crop in crops where crop.rect.width > 0 && crop.rect.height > 0 {
      let rows = row[crop.rect.y]!..<row[crop.rect.maxY]!
      changes[crop.rect.x, default: []].append((rows, crop.count))
      changes[crop.rect.maxX, default: []].append((rows, -crop.count))
    }
    var tree = MinimumTree(count: ys.count - 1)
    var fewest = Int.max
    for x in xs.dropLast() {
      for change in changes[x] ?? [] { tree.add(change.count, to: change.rows) }
      fewest = min(fewest, tree.minimum)
    }
    return fewest
  }

  /// How many fills show each pixel of a `width`×`height` grid laid over the source at `scale`
  /// grid pixels a source pixel, row by row: a crop holds the pixels between its edges
  /// rounded to the grid. (A 2-D running sum: each crop is four additions, whatever its size.)
  public func counts(width: Int, height: Int, scale: Double) -> [Int] {
    let stride = width + 1
    var sums = [Int](repeating: 0, count: stride * (height + 1))
    func clamp(_ value: Double, _ limit: Int) -> Int { Int(min(max(value.rounded(), 0), Double(limit))) }
    for crop in crops {
      let x0 = clamp(crop.rect.x * scale, width)
      let x1 = clamp(crop.rect.maxX * scale, width)
      let y0 = clamp(crop.rect.y * scale, height)
      let y1 = clamp(crop.rect.maxY * scale, height)
      guard x1 > x0, y1 > y0 else { continue }
      sums[y0 * stride + x0] += crop.count
      sums[y0 * stride + x1] -= crop.count
      sums[y1 * stride + x0] -= crop.count
      sums[y1 * stride + x1] += crop.count
    }
    var counts = [Int](repeating: 0, count: width * height)
    var above = [Int](repeating: 0, count: width)
    for y in 0..<height {
      var running = 0
      for x in 0..<width {
        running += sums[y * stride + x]
        above[x] += running
        counts[y * width + x] = above[x]
      }
    }
    return counts
  }

  /// The source's edges on one axis and every crop's, sorted, each once.
  private func edges(_ low: KeyPath<Rect, Double>, _ high: KeyPath<Rect, Double>, limit: Double) -> [Double] {
    Array(Set([0, limit] + crops.flatMap { [$0.rect[keyPath: low], $0.rect[keyPath: high]] })).sorted()
  }
}

/// Counts over a row of cells, each range's counts raised or lowered at once, with the
/// smallest count at hand: a segment tree with lazy additions.
private struct MinimumTree {
  private var low: [Int]
  private var pending: [Int]
  private let count: Int

  init(count: Int) {
    self.count = count
    low = [Int](repeating: 0, count: 4 * max(1, count))
    pending = low
  }

  var minimum: Int { low[1] }

  mutating func add(_ value: Int, to range: Range<Int>) {
    guard !range.isEmpty else { return }
    add(value, to: range, node: 1, span: 0..<count)
  }

  private mutating func add(_ value: Int, to range: Range<Int>, node: Int, span: Range<Int>) {
    guard range.overlaps(span) else { return }
    if range.lowerBound <= span.lowerBound && span.upperBound <= range.upperBound {
      low[node] += value
      pending[node] += value
      return
    }
    let middle = (span.lowerBound + span.upperBound) / 2
    add(value, to: range, node: 2 * node, span: span.lowerBound..<middle)
    add(value, to: range, node: 2 * node + 1, span: middle..<span.upperBound)
    low[node] = min(low[2 * node], low[2 * node + 1]) + pending[node]
  }
}
