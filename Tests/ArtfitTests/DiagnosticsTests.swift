import Artwork
import Foundation
import TestSupport
import Testing

@testable import artfit

/// `--diagnostics xcode|github`: the exact lines, GitHub's escaping and caps, the job summary.
struct DiagnosticsTests {
  /// One artwork on iPhone 16 Pro portrait, fill and fit, failing a 10% crop-loss limit in fill.
  static func report(paths: [String], errors: [InputError] = [], bars: Insets? = nil) -> RunReport {
    let screen = Screen(target: Catalog.target(named: "iPhone 16 Pro")!, orientation: .portrait)
    let artworks = paths.map { path in
      ArtworkReport(
        file: ArtworkFile(path: path, stem: "a"), width: 1000, height: 1000, focus: nil, embeddedBars: bars,
        results: [FitMode.fill, .fit].map { mode in
          ReportedResult(
            TargetResult.solve(
              source: Size(1000, 1000), screen: screen, mode: mode, gravity: .center, focus: nil,
              checks: Checks(maxCropLoss: 0.1)))
        })
    }
    return RunReport(options: .object([]), artworks: artworks, errors: errors)
  }

  @Test func xcodeLinesNameTheAbsoluteFileTheResultAndTheFigure() {
    let lines = XcodeDiagnostics.lines(
      Self.report(paths: ["art/a.png"], errors: [InputError(source: "art/b.png", message: "not an image")]),
      absolute: { "/work/" + $0 })
    #expect(
      lines == [
        "/work/art/a.png:1:1: error: iPhone 16 Pro portrait fill: crop_loss 54.0% > 10.0%",
        "/work/art/b.png:1:1: error: not an image",
      ])
  }

  /// Baked-in bars are one of the artwork's warnings (report.json's too), printed as each is.
  @Test func xcodeWarnsOfBakedInBars() {
    var report = Self.report(paths: ["a.png"], bars: Insets(top: 140, left: 0, bottom: 140, right: 0))
    report.artworks[0].warnings = [
      ArtworkWarning(.embeddedBars, "bars baked in (top 140 px, bottom 140 px); Apple advises against baking them in")
    ]
    let lines = XcodeDiagnostics.lines(report, absolute: { "/" + $0 })
    #expect(lines.last?.hasPrefix("/a.png:1:1: warning: bars baked in (top 140 px, bottom 140 px)") == true)
  }

  @Test func githubAnnotatesEachArtworkOnceWithItsWorstFailure() {
    let lines = GitHubDiagnostics.lines(Self.report(paths: ["art/a.png"]), relative: { $0 })
    #expect(
      lines == [
        "::error file=art/a.png,title=artfit%3A 1 of 2 targets fail::iPhone 16 Pro portrait fill: crop_loss 54.0%25 > 10.0%25"
      ])
  }

  @Test func githubEscapesMessagesAndProperties() {
    #expect(GitHubDiagnostics.escapeData("50% a\r\nb, c: d") == "50%25 a%0D%0Ab, c: d")
    #expect(GitHubDiagnostics.escapeProperty("a,b:c%d\ne.png") == "a%2Cb%3Ac%25d%0Ae.png")
    let lines = GitHubDiagnostics.lines(Self.report(paths: ["a,b:c%d\ne.png"]), relative: { $0 })
    #expect(lines.first?.hasPrefix("::error file=a%2Cb%3Ac%25d%0Ae.png,title=") == true)
  }

  @Test func githubShowsTenErrorsAndCountsTheRest() {
    let paths = (1...12).map { "art/\($0).png" }
    let errors = [InputError(source: "art/x.png", message: "truncated")]
    let lines = GitHubDiagnostics.lines(Self.report(paths: paths, errors: errors), relative: { $0 })
    #expect(lines.filter { $0.hasPrefix("::error ") }.count == 10)
    #expect(lines.last?.hasPrefix("::notice title=artfit::3 more errors and 0 more warnings not annotated") == true)
  }

  @Test func theStepSummaryTablesTheFailingArtworks() {
    let summary = GitHubDiagnostics.stepSummary(
      Self.report(paths: ["art/a|b.png"], errors: [InputError(source: "art/x.png", message: "truncated")]))
    #expect(summary.hasPrefix("### artfit: 1 of 1 artworks fail, 1 could not be read\n\n"))
    #expect(summary.contains("| artwork | failing targets | worst |\n|---|---:|---|\n"))
    #expect(summary.contains("| art/a\\|b.png | 1 of 2 | iPhone 16 Pro portrait fill: crop_loss 54.0% > 10.0% |\n"))
    #expect(summary.contains("| art/x.png | unreadable | truncated |\n"))
  }

  @Test func theEnvironmentChoosesTheDefault() {
    #expect(DiagnosticsFormat.automatic(environment: ["GITHUB_ACTIONS": "true"]) == .github)
    #expect(DiagnosticsFormat.automatic(environment: ["XCODE_VERSION_ACTUAL": "1600"]) == .xcode)
    #expect(DiagnosticsFormat.automatic(environment: [:]) == .none)
  }

  /// The binary in a GitHub Actions environment: annotations with paths relative to the
  /// workspace on stdout, the table appended to the step summary, the exit status as ever.
  @Test func checkInGitHubActionsAnnotatesAndWritesTheSummary() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    try squareArt(in: folder)
    let summary = folder.write(Array("before\n".utf8), to: "summary.md")
    let run = try ArtfitRun(
      [
        "check", folder.path("art"), "--out", folder.path("out"), "--targets", "iPhone 16 Pro", "--orientations",
        "portrait", "--modes", "fill", "--max-crop-loss", "10%", "--quiet",
      ],
      environment: ["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": folder.url.path, "GITHUB_STEP_SUMMARY": summary])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(
      run.stdout
        == "::error file=art/square.png,title=artfit%3A 1 of 1 targets fail::iPhone 16 Pro portrait fill: crop_loss 54.0%25 > 10.0%25\n"
    )
    let written = try String(contentsOfFile: summary, encoding: .utf8)
    #expect(written.hasPrefix("before\n### artfit: 1 of 1 artworks fail\n"), "\(written)")
  }

  @Test func checkWithXcodeDiagnosticsPrintsAbsolutePaths() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    try squareArt(in: folder)
    let run = try ArtfitRun(
      [
        "check", "art", "--out", "out", "--targets", "iPhone 16 Pro", "--orientations", "portrait", "--modes", "fill",
        "--max-crop-loss", "10%", "--quiet", "--diagnostics", "xcode",
      ],
      in: folder.url)
    #expect(run.status == 1, "\(run.stderr)")
    let path = URL(fileURLWithPath: folder.path("art/square.png")).standardizedFileURL.path
    #expect(run.stdout == "\(path):1:1: error: iPhone 16 Pro portrait fill: crop_loss 54.0% > 10.0%\n")
  }
}

/// `--baseline` as a build uses it: adopt the gate on a folder that already fails.
struct BaselineCommandTests {
  @Test func anEarlierReportExcusesItsFailuresAndANewOneFails() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    try squareArt(in: folder)
    let gate = [
      "--targets", "iPhone 16 Pro", "--orientations", "portrait", "--modes", "fill", "--max-crop-loss", "10%",
    ]
    let first = try ArtfitRun(["check", folder.path("art"), "--out", folder.path("base")] + gate)
    #expect(first.status == 1)
    // The folder renamed, the same art: baselined, the run passes.
    try FileManager.default.moveItem(atPath: folder.path("art"), toPath: folder.path("art2"))
    let again = try ArtfitRun(
      ["check", folder.path("art2"), "--out", folder.path("again"), "--baseline", folder.path("base/report.json")]
        + gate)
    #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
    #expect(again.stdout.contains("1 baselined, 0 failed"))
    // A new failing artwork fails the run, and only it is named.
    let wide = try ImageEncoder.png(TestPictures.quadrants(width: 600, height: 300))
    _ = folder.write(wide, to: "art2/wide.png")
    let third = try ArtfitRun(
      ["check", folder.path("art2"), "--out", folder.path("third"), "--baseline", folder.path("base/report.json")]
        + gate)
    #expect(third.status == 1)
    let named = third.stdout.split(separator: "\n").filter { $0.hasPrefix("FAILED") }
    #expect(named.count == 1 && named[0].contains("wide.png"), "\(third.stdout)")
  }

  @Test func aBaselineThatIsNotAReportIsBadUsage() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let notReport = folder.write(Array("{\"hello\": 1}".utf8), to: "x.json")
    let run = try ArtfitRun(["check", "SampleArt", "--out", folder.path("out"), "--baseline", notReport])
    #expect(run.status == 2)
    #expect(run.stderr.contains("--baseline \(notReport) is not a report artfit can read"), "\(run.stderr)")
  }
}

/// `folder/art/square.png`, 300×300: it loses 54 % in portrait fill on an iPhone.
func squareArt(in folder: TemporaryFolder) throws {
  try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
  _ = folder.write(try ImageEncoder.png(TestPictures.quadrants(width: 300, height: 300)), to: "art/square.png")
}
