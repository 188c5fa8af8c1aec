import TestSupport
import Testing

@testable import ArtworkGeometry

/// How many fills show each part of a source, against the brute-force grid: the source cut
/// into cells along every crop's edges, each cell's count found by testing every crop.
struct SourceCoverageTests {
  /// One cell of the brute-force grid and its count.
  struct Cell {
    var rect: Rect
    var count: Int
  }

  /// The brute-force grid (what artfit computed before, in time cubic in the crops).
  static func cells(_ rects: [Rect], source: Size) -> [Cell] {
    let crops = rects.map { $0.intersection(Rect.of(source)) }
    let xs = Array(Set([0, source.width] + crops.flatMap { [$0.x, $0.maxX] })).sorted()
    let ys = Array(Set([0, source.height] + crops.flatMap { [$0.y, $0.maxY] })).sorted()
    var cells: [Cell] = []
    for (y0, y1) in zip(ys, ys.dropFirst()) where y1 > y0 {
      for (x0, x1) in zip(xs, xs.dropFirst()) where x1 > x0 {
        let (cx, cy) = ((x0 + x1) / 2, (y0 + y1) / 2)
        let count = crops.filter {
          $0.width > 0 && $0.height > 0 && $0.x <= cx && cx <= $0.maxX && $0.y <= cy && cy <= $0.maxY
        }.count
        cells.append(Cell(rect: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), count: count))
      }
    }
    return cells
  }

  @Test func overlappingCropsCountTwiceWhereTheyMeet() {
    let source = Size(100, 100)
    let coverage = SourceCoverage(
      visible: [Rect(x: 0, y: 0, width: 60, height: 100), Rect(x: 40, y: 0, width: 60, height: 100)], source: source)
    #expect(coverage.total == 2)
    #expect(coverage.counts(width: 10, height: 1, scale: 0.1) == [1, 1, 1, 1, 2, 2, 1, 1, 1, 1])
    #expect(abs(coverage.shownByAll - 0.2) < 1e-12 && coverage.fewest == 1)
  }

  @Test func partsNoFillShowsCountZero() {
    let coverage = SourceCoverage(visible: [Rect(x: 25, y: 25, width: 50, height: 50)], source: Size(100, 100))
    #expect(coverage.fewest == 0)
    #expect(coverage.counts(width: 4, height: 4, scale: 0.04) == [0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0])
    #expect(abs(coverage.shownByAll - 0.25) < 1e-12)
  }

  /// Over random crops (repeated, touching, degenerate, reaching past the source), the fewest,
  /// the share every fill shows and each map pixel's count equal the brute-force grid's.
  @Test func equalsTheBruteForceGrid() {
    var random = SeededGenerator(seed: 41)
    for _ in 0..<400 {
      let source = Size(
        Double(Int.random(in: 1...400, using: &random)), Double(Int.random(in: 1...400, using: &random)))
      var rects: [Rect] = []
      for _ in 0..<Int.random(in: 1...25, using: &random) {
        if !rects.isEmpty && Bool.random(using: &random) {
          rects.append(rects.randomElement(using: &random)!)
          continue
        }
        let x =
          Double(Int.random(in: -20...Int(source.width), using: &random)) + [0, 0.5, 0.25].randomElement(
            using: &random)!
        let y = Double(Int.random(in: -20...Int(source.height), using: &random))
        rects.append(
          Rect(
            x: x, y: y, width: Double(Int.random(in: 0...Int(source.width) + 20, using: &random)),
            height: Double(Int.random(in: 0...Int(source.height) + 20, using: &random)) / 2))
      }
      let coverage = SourceCoverage(visible: rects, source: source)
      let cells = Self.cells(rects, source: source)
      #expect(coverage.fewest == cells.map(\.count).min()!, "\(rects) in \(source)")
      let all =
        cells.filter { $0.count == rects.count }.reduce(0) { $0 + $1.rect.area } / (source.width * source.height)
      #expect(abs(coverage.shownByAll - all) < 1e-9, "\(rects) in \(source)")
      // Each map pixel counts as the cell it lies in, cell edges rounded to the map.
      let scale = [1.0, 0.37, 2.5].randomElement(using: &random)!
      let (width, height) = (Int((source.width * scale).rounded()), Int((source.height * scale).rounded()))
      var expected = [Int](repeating: rects.count, count: width * height)
      for cell in cells {
        let (x0, x1) = (Int((cell.rect.x * scale).rounded()), min(width, Int((cell.rect.maxX * scale).rounded())))
        let (y0, y1) = (Int((cell.rect.y * scale).rounded()), min(height, Int((cell.rect.maxY * scale).rounded())))
        for y in y0..<max(y0, y1) { for x in x0..<max(x0, x1) { expected[y * width + x] = cell.count } }
      }
      #expect(
        coverage.counts(width: width, height: height, scale: scale) == expected, "\(rects) in \(source) at \(scale)")
    }
  }

  /// Fits show the whole source and are left out.
  @Test func countsFillsOfARun() throws {
    let source = Size(3840, 2160)
    let phone = try #require(try TargetSelection.resolve(["iPhone 16 Pro"]).first)
    let results = [ScreenOrientation.portrait, .landscape].flatMap { orientation in
      [FitMode.fit, .fill].map {
        TargetResult.solve(
          source: source, screen: Screen(target: phone, orientation: orientation), mode: $0, gravity: .center,
          focus: nil, checks: Checks())
      }
    }
    let coverage = SourceCoverage(results: results, source: source)
    #expect(coverage.total == 2)
    let both = results[1].placement.crop.intersection(results[3].placement.crop).area
    #expect(abs(coverage.shownByAll * source.width * source.height - both) < 1e-6)
  }
}
