import Testing

@testable import ArtworkGeometry
@testable import ArtworkReport
@_spi(Support) @testable import ArtworkSupport

/// `--baseline`: failures an earlier report had, no worse, are excused; new or worse ones fail.
struct BaselineTests {
  /// One artwork of `width`×1000 at `path` on iPhone 16 Pro portrait, fill, against `limit`.
  static func report(_ path: String, width: Double = 1000, limit: Double = 0.1) -> RunReport {
    let screen = Screen(target: Catalog.target(named: "iPhone 16 Pro")!, orientation: .portrait)
    let stem = String(path.split(separator: "/").last!.split(separator: ".").first!)
    let results = [FitMode.fill, .fit].map { mode in
      TargetResult.solve(
        source: Size(width, 1000), screen: screen, mode: mode, gravity: .center, focus: nil,
        checks: Checks(maxCropLoss: limit))
    }
    let artwork = ArtworkReport(
      file: ArtworkFile(path: path, stem: stem), width: Int(width), height: 1000, focus: nil,
      results: results.map { ReportedResult($0) })
    return RunReport(options: .object([]), artworks: [artwork], errors: [])
  }

  @Test func theSameFailuresPass() {
    var report = Self.report("art/a.png")
    #expect(report.failedCount == 1 && report.exitStatus == .checkFailed)
    Baseline(Self.report("art/a.png")).apply(to: &report)
    #expect(report.failedCount == 0 && report.baselinedCount == 1 && report.exitStatus == .success)
  }

  @Test func aNewFailureFailsAndIsTheOnlyOneCounted() {
    // The baseline ran with a looser limit: the fill failed there only with a 60% limit.
    var report = Self.report("art/a.png", limit: 0.1)
    var other = Self.report("art/b.png", limit: 0.1)
    other.artworks[0].file = ArtworkFile(path: "art/b.png", stem: "b")
    report.artworks += other.artworks
    Baseline(Self.report("art/a.png")).apply(to: &report)
    #expect(report.failedCount == 1)
    let failing = report.artworks.flatMap { artwork in artwork.results.filter(\.failsRun).map { _ in artwork.file.path }
    }
    #expect(failing == ["art/b.png"])
  }

  @Test func aWorseFigureFailsAndOneWithinTheToleranceDoesNot() {
    let baseline = Baseline(Self.report("art/a.png", width: 1000))
    var worse = Self.report("art/a.png", width: 1100)  // wider: more is cut in portrait fill
    baseline.apply(to: &worse)
    #expect(worse.failedCount == 1)
    var same = Self.report("art/a.png", width: 1001)  // 0.02 percentage point worse
    baseline.apply(to: &same)
    #expect(same.failedCount == 0)
  }

  @Test func aRenamedInputFolderStillMatches() {
    var report = Self.report("renamed/a.png")
    Baseline(Self.report("art/a.png")).apply(to: &report)
    #expect(report.failedCount == 0)
  }

  @Test func theReportSaysWhatWasBaselinedAndReadsItBack() throws {
    var report = Self.report("art/a.png")
    Baseline(Self.report("art/a.png")).apply(to: &report)
    let text = String(decoding: report.jsonBytes(), as: UTF8.self)
    #expect(text.contains("\"baselined\":true"))
    #expect(text.contains("\"baselined\":1"))
    let read = try ReportReader.report(JSONParser.parse(report.jsonBytes()))
    #expect(read.usedBaseline && read.baselinedCount == 1 && read.failedCount == 0)
  }

  @Test func aReportWithoutABaselineIsUnchanged() {
    let text = String(decoding: Self.report("art/a.png").jsonBytes(), as: UTF8.self)
    #expect(!text.contains("baselined"))
  }
}
