import TestSupport
import Testing

@testable import ArtworkGeometry

/// Reserved regions in the solver and the checks: an occlusion hides what is under it, a
/// division fails a focus it crosses. Figures are checked against counting on a fine grid.
struct ScreenRegionTests {
  /// A 400×800 pt @1 phone, square safe area, a camera hole inside the safe area at the top
  /// right and a fold across the middle.
  static let phone = Target(
    name: "Test Foldable", slug: "test-foldable", family: .custom, points: Size(400, 800), scale: 1,
    corners: CornerRadii(topLeft: 8, topRight: 50, bottomRight: 50, bottomLeft: 8),
    safeArea: .init(portrait: Insets(top: 20, bottom: 20), landscape: Insets(left: 20, right: 20), basis: "test"),
    regions: [
      ScreenRegion(.occlusion, .hole, rect: Rect(x: 300, y: 40, width: 40, height: 40)),
      ScreenRegion(.division, .fold, rect: Rect(x: 0, y: 400, width: 400, height: 0)),
    ],
    orientations: [.portrait])

  /// A focus of `rect` in the 400×800 source's pixels.
  static func pixels(_ rect: Rect) -> FocusRegion {
    FocusRegion(x: rect.x / 400, y: rect.y / 800, width: rect.width / 400, height: rect.height / 800, origin: .option)!
  }

  static func solve(focus: FocusRegion?, requireFocus: Bool = true) -> TargetResult {
    TargetResult.solve(
      source: Size(400, 800), screen: Screen(target: phone, orientation: .portrait), mode: .fill, gravity: .center,
      focus: focus, checks: Checks(requireFocus: requireFocus))
  }

  @Test func aFocusUnderAnOcclusionFailsAndItsLossIsTheHiddenPart() throws {
    let focus = Self.pixels(Rect(x: 280, y: 30, width: 80, height: 40))
    let result = Self.solve(focus: focus)
    #expect(result.placement.focusVisible == false)
    let hidden = 40.0 * 30  // the hole's 40 × (40…70) inside the focus
    #expect(abs(try #require(result.placement.focusLoss) - hidden / (80 * 40)) < 1e-12)
    #expect(result.failures == [CheckFailure.focusOutside(loss: hidden / (80 * 40))])
    let beside = Self.solve(focus: Self.pixels(Rect(x: 100, y: 40, width: 80, height: 40)))
    #expect(beside.passed && beside.placement.focusVisible == true && beside.placement.focusLoss == 0)
  }

  @Test func theSafeCropLossCountsTheHoleAsNotShown() {
    let result = Self.solve(focus: nil, requireFocus: false)
    let shown = 400.0 * 760 - 40 * 40
    #expect(abs(result.placement.safeCropLoss - (1 - shown / (400 * 800))) < 1e-12)
  }

  @Test func aFocusCrossedByAFoldFailsAsDivided() {
    let crossed = Self.solve(focus: Self.pixels(Rect(x: 100, y: 380, width: 100, height: 40)))
    #expect(crossed.placement.focusDivided == true && crossed.failures == [.focusDivided])
    #expect(crossed.failures.map(\.check.name) == ["focus_divided"])
    let touching = Self.solve(focus: Self.pixels(Rect(x: 100, y: 360, width: 100, height: 40)))
    #expect(touching.placement.focusDivided == false && touching.passed, "a focus that ends at the fold is whole")
    let undivided = TargetResult.solve(
      source: Size(400, 800), screen: Screen(target: Catalog.all[0], orientation: .portrait), mode: .fill,
      gravity: .center, focus: Self.pixels(Rect(x: 0, y: 0, width: 10, height: 10)), checks: Checks())
    #expect(undivided.placement.focusDivided == nil, "a screen without divisions says nothing of them")
  }

  @Test func safeEverywhereAvoidsTheHole() throws {
    let result = Self.solve(focus: nil, requireFocus: false)
    let region = try #require(SafeEverywhere.region([result]))
    #expect(region.intersection(Rect(x: 300, y: 40, width: 40, height: 40)).isEmpty)
    #expect(region == Rect(x: 0, y: 80, width: 400, height: 700), "the largest whole part: below the hole")
  }

  /// Property: over random rect sets, the union area equals a count on a fine grid, and the
  /// largest rect avoiding holes meets none of them and is at least as large as any grid-aligned
  /// rect that avoids them.
  @Test func rectSetAgreesWithCounting() {
    var random = SeededGenerator(seed: 45)
    for _ in 0..<60 {
      let rects = (0..<Int.random(in: 1...5, using: &random)).map { _ in
        Rect(
          x: Double(Int.random(in: 0...15, using: &random)), y: Double(Int.random(in: 0...15, using: &random)),
          width: Double(Int.random(in: 1...6, using: &random)), height: Double(Int.random(in: 1...6, using: &random)))
      }
      var covered = 0
      for x in 0..<24 {
        for y in 0..<24
        where rects.contains(where: { $0.contains(Rect(x: Double(x), y: Double(y), width: 1, height: 1)) }) {
          covered += 1
        }
      }
      #expect(RectSet.unionArea(rects) == Double(covered))

      let bounds = Rect(x: 0, y: 0, width: 20, height: 20)
      let best = RectSet.largestAvoiding(rects, in: bounds)
      #expect(bounds.contains(best) && rects.allSatisfy { $0.intersection(best).isEmpty })
      var bruteForce = 0.0
      for x0 in 0..<20 {
        for x1 in (x0 + 1)...20 {
          for y0 in 0..<20 {
            for y1 in (y0 + 1)...20 {
              let candidate = Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0), height: Double(y1 - y0))
              if candidate.area > bruteForce && rects.allSatisfy({ $0.intersection(candidate).isEmpty }) {
                bruteForce = candidate.area
              }
            }
          }
        }
      }
      #expect(best.area == bruteForce)
    }
  }

  @Test func aLineCrossesWhatItRunsThroughNotWhatItTouches() {
    let box = Rect(x: 0, y: 0, width: 10, height: 10)
    #expect(RectSet.crosses(box, Rect(x: 5, y: -1, width: 0, height: 20)))
    #expect(!RectSet.crosses(box, Rect(x: 10, y: -1, width: 0, height: 20)))
    #expect(!RectSet.crosses(box, Rect(x: 0, y: -5, width: 0, height: 20)))
    #expect(RectSet.crosses(box, Rect(x: 9, y: 9, width: 4, height: 4)))
  }
}
