import TestSupport
import Testing

@testable import ArtworkGeometry

/// How many fills show each part of a source.
struct SourceCoverageTests {
  @Test func overlappingCropsCountTwiceWhereTheyMeet() {
    let source = Size(100, 100)
    let coverage = SourceCoverage(
      visible: [Rect(x: 0, y: 0, width: 60, height: 100), Rect(x: 40, y: 0, width: 60, height: 100)], source: source)
    #expect(coverage.total == 2)
    #expect(coverage.cells.map(\.count) == [1, 2, 1])
    #expect(coverage.cells.map(\.rect.width) == [40, 20, 40])
    #expect(abs(coverage.shownByAll - 0.2) < 1e-12 && coverage.fewest == 1)
  }

  @Test func partsNoFillShowsCountZero() {
    let coverage = SourceCoverage(visible: [Rect(x: 25, y: 25, width: 50, height: 50)], source: Size(100, 100))
    #expect(coverage.cells.count == 9 && coverage.fewest == 0)
    #expect(coverage.cells.filter { $0.count == 1 }.map(\.rect) == [Rect(x: 25, y: 25, width: 50, height: 50)])
    #expect(abs(coverage.shownByAll - 0.25) < 1e-12)
  }

  /// Fits show the whole source and are left out; the cells cover the source exactly.
  @Test func countsFillsOfARunAndTilesTheSource() throws {
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
    #expect(abs(coverage.cells.reduce(0) { $0 + $1.rect.area } - source.width * source.height) < 1e-6)
    let portraitCrop = results[1].placement.crop
    let all = coverage.cells.filter { $0.count == 2 }.reduce(0) { $0 + $1.rect.area }
    #expect(abs(all - portraitCrop.intersection(results[3].placement.crop).area) < 1e-6)
  }
}
