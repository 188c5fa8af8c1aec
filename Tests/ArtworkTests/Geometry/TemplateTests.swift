import TestSupport
import Testing

@testable import ArtworkGeometry

/// The template's regions against a computation written out from the catalog's canvases:
/// each result's visible source region (the whole source under fit, the centred crop of the
/// canvas's aspect under fill), grouped by equality, each group's safe part the intersection
/// of its screens' safe parts.
struct TemplateTests {
  static func visible(_ source: Size, _ screen: Screen, _ mode: FitMode) -> Rect {
    guard mode == .fill else { return Rect.of(source) }
    let aspect = Double(screen.canvas.width) / Double(screen.canvas.height)
    let width = min(source.width, source.height * aspect)
    let height = min(source.height, source.width / aspect)
    return Rect(x: (source.width - width) / 2, y: (source.height - height) / 2, width: width, height: height)
  }

  static func close(_ a: Rect, _ b: Rect, within tolerance: Double) -> Bool {
    [a.x - b.x, a.y - b.y, a.width - b.width, a.height - b.height].allSatisfy { abs($0) <= tolerance }
  }

  @Test(arguments: [Size(3840, 2160), Size(1080, 1920), Size(2732, 2732)])
  func regionsMatchAnIndependentComputation(source: Size) throws {
    let targets = try TargetSelection.resolve(SafeEverywhereTests.devices)
    let screens = targets.flatMap { target in
      [ScreenOrientation.portrait, .landscape].map { Screen(target: target, orientation: $0) }
    }
    let modes: [FitMode] = [.fit, .fill]
    let results = screens.flatMap { screen in
      modes.map {
        TargetResult.solve(source: source, screen: screen, mode: $0, gravity: .center, focus: nil, checks: Checks())
      }
    }
    let template = Template(source: source, results: results)
    #expect(template.resultCount == results.count)
    #expect(template.regions.map(\.results.count).reduce(0, +) == results.count, "every result in one region")
    for (i, region) in template.regions.enumerated() {
      for result in region.results {
        let want = Self.visible(source, result.screen, result.placement.requestedMode)
        // The solver crops on whole canvas pixels; the aspect computation does not.
        #expect(Self.close(region.rect, want, within: 1.5), "\(result.screen.target.name): \(region.rect) vs \(want)")
      }
      let safe = SafeEverywhereTests.expected(
        source, region.results.map(\.screen), [region.results[0].placement.requestedMode])
      if region.results.allSatisfy({ $0.placement.requestedMode == region.results[0].placement.requestedMode }) {
        #expect((region.safe == nil) == (safe == nil))
        if let have = region.safe, let safe { #expect(Self.close(have, safe, within: 1e-6), "\(have) vs \(safe)") }
      }
      for other in template.regions[(i + 1)...] {
        #expect(!Self.close(region.rect, other.rect, within: 0.04), "regions are distinct: \(region.rect)")
      }
    }
    let everywhere = SafeEverywhereTests.expected(source, screens, modes)
    #expect((template.safeEverywhere == nil) == (everywhere == nil))
    if let have = template.safeEverywhere, let everywhere { #expect(Self.close(have, everywhere, within: 1e-6)) }
  }

  /// Fit on every screen shows the whole source: one region for all of them.
  @Test func fitAloneIsOneRegion() throws {
    let targets = try TargetSelection.resolve(SafeEverywhereTests.devices)
    let source = Size(2000, 1500)
    let results = targets.map {
      TargetResult.solve(
        source: source, screen: Screen(target: $0, orientation: .portrait), mode: .fit, gravity: .center, focus: nil,
        checks: Checks())
    }
    let template = Template(source: source, results: results)
    #expect(template.regions.count == 1)
    #expect(template.regions[0].rect == Rect.of(source))
    #expect(template.regions[0].results.count == targets.count)
  }

  @Test func noResultsIsAnEmptyTemplate() {
    let template = Template(source: Size(100, 100), results: [])
    #expect(template.regions.isEmpty && template.safeEverywhere == nil && template.resultCount == 0)
  }
}
