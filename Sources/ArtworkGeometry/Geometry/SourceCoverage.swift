/// How many of a run's fills show each part of a source: the source cut into cells along the
/// edges of every visible rect, each with the number of fills whose crop holds it. (A fit
/// shows the whole source, so fits are left out: they would only lift every count alike.)
public struct SourceCoverage: Sendable {
  /// One cell of the source and how many fills show it.
  public struct Cell: Sendable, Equatable {
    /// The cell in source pixels.
    public var rect: Rect
    /// Fills that show this cell.
    public var count: Int
  }

  /// The grid's cells, row by row.
  public let cells: [Cell]
  /// The number of fills.
  public let total: Int

  /// How many of `results`' fills show each cell of a source of `size` `source`.
  public init(results: [TargetResult], source: Size) {
    self.init(visible: results.filter { $0.placement.mode == .fill }.map(\.placement.crop), source: source)
  }

  /// From each fill's visible rect in source pixels.
  public init(visible rects: [Rect], source: Size) {
    total = rects.count
    var crops: [[Double]: Int] = [:]
    for rect in rects {
      let c = rect.intersection(Rect.of(source))
      crops[[c.x, c.y, c.maxX, c.maxY], default: 0] += 1
    }
    func edges(_ low: Int, _ high: Int, limit: Double) -> [Double] {
      Array(Set([0, limit] + crops.keys.flatMap { [$0[low], $0[high]] })).sorted()
    }
    let xs = edges(0, 2, limit: source.width)
    let ys = edges(1, 3, limit: source.height)
    var cells: [Cell] = []
    for (y0, y1) in zip(ys, ys.dropFirst()) where y1 > y0 {
      for (x0, x1) in zip(xs, xs.dropFirst()) where x1 > x0 {
        let (cx, cy) = ((x0 + x1) / 2, (y0 + y1) / 2)
        let count = crops.reduce(0) { sum, crop in
          crop.key[0] <= cx && cx <= crop.key[2] && crop.key[1] <= cy && cy <= crop.key[3] ? sum + crop.value : sum
        }
        cells.append(Cell(rect: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), count: count))
      }
    }
    self.cells = cells
  }

  /// The share of the source's area every fill shows.
  public var shownByAll: Double {
    let area = cells.reduce(0) { $0 + $1.rect.area }
    return area > 0 ? cells.filter { $0.count == total }.reduce(0) { $0 + $1.rect.area } / area : 0
  }

  /// The fewest fills showing any part of the source.
  public var fewest: Int { cells.map(\.count).min() ?? 0 }
}
