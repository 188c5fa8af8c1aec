import TestSupport
import Testing

@testable import ArtworkGeometry
@testable import ArtworkReport

/// The one-line verdict, from the figures.
struct VerdictTests {
  static func artwork(source: Size, screens: [(String, ScreenOrientation)], focus: FocusRegion? = nil, checks: Checks)
    throws -> ArtworkReport
  {
    var results: [TargetResult] = []
    for (name, orientation) in screens {
      let screen = Screen(target: try #require(Catalog.target(named: name)), orientation: orientation)
      for mode in [FitMode.fit, .fill] {
        results.append(
          TargetResult.solve(
            source: source, screen: screen, mode: mode, gravity: focus == nil ? .center : .focus, focus: focus,
            checks: checks))
      }
    }
    return ArtworkReport(
      file: ArtworkFile(path: "a.png", stem: "a"), width: Int(source.width), height: Int(source.height),
      focus: focus, results: results.map { ReportedResult($0) })
  }

  @Test func namesTheWorstCutTheBarsTheSafeRegionAndTheFailures() throws {
    let report = try Self.artwork(
      source: Size(3840, 2160), screens: [("iPhone 16 Pro", .portrait), ("iPhone 16 Pro", .landscape)],
      checks: Checks(maxCropLoss: 0.25))
    let verdict = Verdict.of(report)
    let portraitFill = try #require(report.results.first { $0.placement.mode == .fill })
    let loss = Int((100 * portraitFill.placement.cropLoss).rounded())
    #expect(verdict.hasPrefix("fills cut at most \(loss) % (iPhones in portrait); fits add bars up to "), "\(verdict)")
    #expect(verdict.contains("; safe on every screen: "))
    #expect(verdict.hasSuffix("; 1 of 4 results fail"), "only the portrait fill cuts past 25 %: \(verdict)")
  }

  @Test func saysWhereTheFocusLeavesTheSafeArea() throws {
    // A focus band across the whole width of a wide source: a portrait fill cannot show it all.
    let focus = FocusRegion(x: 0.0, y: 0.0, width: 1.0, height: 0.1, origin: .option)
    let report = try Self.artwork(
      source: Size(3840, 2160), screens: [("iPhone 16 Pro", .portrait), ("iPad Pro 13\" (M4, M5)", .landscape)],
      focus: focus, checks: Checks())
    let lost = report.results.filter { $0.placement.focusVisible == false }
    let verdict = Verdict.of(report)
    #expect(!lost.isEmpty)
    #expect(verdict.contains("the focus leaves the safe area on iPhones in portrait"), "\(verdict)")
  }

  @Test func saysWhenNothingIsSafeEverywhere() throws {
    var report = try Self.artwork(source: Size(1000, 1000), screens: [("iPhone 16 Pro", .portrait)], checks: Checks())
    report.safeEverywhere = nil
    #expect(Verdict.of(report).contains("no part is safe on every screen"))
  }

  @Test func saysWhereAFoldCrossesTheFocus() throws {
    // The test foldable: a fold across the middle of its 400x800 pt portrait screen.
    let screen = Screen(target: ScreenRegionTests.phone, orientation: .portrait)
    let across = try #require(FocusRegion(x: 0.2, y: 0.45, width: 0.3, height: 0.1, origin: .option))
    let result = TargetResult.solve(
      source: Size(400, 800), screen: screen, mode: .fill, gravity: .center, focus: across,
      checks: Checks(requireFocus: true))
    let report = ArtworkReport(
      file: ArtworkFile(path: "a.png", stem: "a"), width: 400, height: 800, focus: across,
      results: [ReportedResult(result)])
    #expect(Verdict.of(report).contains("a fold crosses the focus on canvases in portrait"), "\(Verdict.of(report))")
  }
}
