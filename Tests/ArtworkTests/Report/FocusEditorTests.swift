import Foundation
import TestSupport
import Testing

@testable import ArtworkGeometry
@testable import ArtworkRender
@testable import ArtworkReport
@_spi(Support) @testable import ArtworkSupport

/// The contact sheet's focus editor as the page carries it: the data its script solves from
/// and the markup the contract names. (Tests/Browser/focus_editor.py drives it in Chromium.)
struct FocusEditorTests {
  /// The page's editor data, parsed.
  static func data(_ html: String) throws -> JSONValue {
    let start = try #require(html.range(of: "<script type=\"application/json\" id=\"artfit-focus-data\">"))
    let end = try #require(html[start.upperBound...].range(of: "</script>"))
    return try JSONParser.parse(Array(html[start.upperBound..<end.lowerBound].utf8))
  }

  static func member(_ value: JSONValue, _ key: String) throws -> JSONValue {
    guard case .object(let members) = value else { throw Unexpected("\(value) is not an object") }
    return try #require(members.first { $0.0 == key }?.1, "no \(key)")
  }

  static func array(_ value: JSONValue) throws -> [JSONValue] {
    guard case .array(let items) = value else { throw Unexpected("\(value) is not an array") }
    return items
  }

  static func number(_ value: JSONValue) throws -> Double {
    switch value {
    case .number(let number): return number
    case .integer(let integer): return Double(integer)
    default: throw Unexpected("\(value) is not a number")
    }
  }

  struct Unexpected: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  @Test func eachArtworkWithResultsHasAnEditorAndItsData() throws {
    let report = try ReportWritersTests.sample()
    let html = HTMLWriter.html(report)
    #expect(html.components(separatedBy: "data-focus-editor tabindex=\"0\"").count - 1 == report.artworks.count)
    #expect(html.components(separatedBy: "<textarea data-manifest").count - 1 == report.artworks.count)
    for artwork in report.artworks {
      var escaped = ByteBuffer()
      escaped.html(artwork.file.path)
      #expect(
        html.contains("<section class=\"artwork\" data-artwork=\"\(String(decoding: escaped.bytes, as: UTF8.self))\">"))
    }
    let data = try Self.data(html)
    let artworks = try Self.array(Self.member(data, "artworks"))
    #expect(artworks.count == report.artworks.count)
    #expect(try Self.member(artworks[1], "source") == .string("art/<script>alert(1)</script>.png"))
    #expect(!html.contains("alert(1)</script>.png\""), "a name with markup ends no script element")
    #expect(try Self.member(data, "manifest") == .null, "a run without a manifest")
  }

  /// The screens carry exactly the figures the solver had (insets as the same doubles), and
  /// every result points at its screen with its mode.
  @Test func screensAndResultsAreTheSolversOwn() throws {
    let report = try ReportWritersTests.sample()
    let data = try Self.data(HTMLWriter.html(report))
    let screens = try Self.array(Self.member(data, "screens")).map(Self.array)
    let first = try Self.array(Self.member(data, "artworks"))[0]
    let results = try Self.array(Self.member(first, "results")).map(Self.array)
    #expect(results.count == report.artworks[0].results.count)
    for (entry, result) in zip(results, report.artworks[0].results) {
      let screen = screens[Int(try Self.number(entry[0]))]
      #expect(screen[0] == .string(result.screen.target.slug))
      #expect(screen[3] == .string(result.screen.orientation.rawValue))
      #expect(try Self.number(screen[4]) == Double(result.placement.canvas.width))
      #expect(try Self.number(screen[5]) == Double(result.placement.canvas.height))
      let insets = try Self.array(screen[6]).map(Self.number)
      let own = result.screen.safeInsets
      #expect(insets == [own.top, own.left, own.bottom, own.right])
      #expect(try Self.number(entry[1]) == Double(FocusEditorData.modeCode(result.placement)))
    }
    #expect(screens.count == 2, "a screen is listed once for every artwork and mode")
    let focus = try Self.array(Self.member(first, "focus")).map(Self.number)
    #expect(focus == [0.4, 0.1, 0.2, 0.2])
  }

  @Test func modeCodesTellAutoApart() {
    func code(_ mode: FitMode, source: Size) -> Int {
      FocusEditorData.modeCode(
        FitSolver.solve(source: source, canvas: PixelSize(1920, 1080), mode: mode, maxCropLoss: 0.3))
    }
    #expect(code(.fit, source: Size(1000, 1000)) == 0)
    #expect(code(.fill, source: Size(1000, 1000)) == 1)
    #expect(code(.auto, source: Size(1000, 1000)) == 2, "square: auto fits")
    #expect(code(.auto, source: Size(2100, 1000)) == 3, "2.1:1: auto fills")
  }

  /// With --trim-bars the results are solved on the content inside the bars: the page is
  /// told that rect, not the whole source.
  @Test func contentInsideTrimmedBars() throws {
    let screen = Screen(target: try #require(Catalog.target(named: "iPhone 15 Pro")), orientation: .portrait)
    let bars = Insets(top: 60, left: 0, bottom: 40, right: 0)
    let result = TargetResult.solve(
      source: Size(640, 380), screen: screen, mode: .fill, gravity: .center, focus: nil, checks: Checks())
    var trimmed = ArtworkReport(
      file: ArtworkFile(path: "a.png", stem: "a"), width: 640, height: 480, focus: nil, embeddedBars: bars,
      results: [ReportedResult(result)])
    #expect(FocusEditorData.content(of: trimmed) == Rect(x: 0, y: 60, width: 640, height: 380))
    let whole = TargetResult.solve(
      source: Size(640, 480), screen: screen, mode: .fill, gravity: .center, focus: nil, checks: Checks())
    trimmed.results = [ReportedResult(whole)]
    #expect(
      FocusEditorData.content(of: trimmed) == Rect(x: 0, y: 0, width: 640, height: 480),
      "bars found but not trimmed: the whole source")
  }

  @Test func gravityIsTheRunsOrFocus() throws {
    let screen = Screen(target: try #require(Catalog.target(named: "iPhone 15 Pro")), orientation: .portrait)
    let focus = FocusRegion(x: 0.1, y: 0.1, width: 0.2, height: 0.2, origin: .option)
    func artwork(gravity: Gravity, focus: FocusRegion?, requested: Gravity?) -> ArtworkReport {
      let result = TargetResult.solve(
        source: Size(3000, 2000), screen: screen, mode: .fill, gravity: gravity, focus: focus, checks: Checks())
      var report = ArtworkReport(
        file: ArtworkFile(path: "a.png", stem: "a"), width: 3000, height: 2000, focus: focus,
        results: [ReportedResult(result)])
      report.requestedGravity = requested
      return report
    }
    #expect(FocusEditorData.gravity(of: artwork(gravity: .top, focus: focus, requested: .top)) == .top)
    #expect(FocusEditorData.gravity(of: artwork(gravity: .focus, focus: focus, requested: nil)) == nil)
    #expect(FocusEditorData.gravity(of: artwork(gravity: .focus, focus: focus, requested: .focus)) == nil)
    // Read back (no requested gravity): the results tell.
    #expect(FocusEditorData.gravity(of: artwork(gravity: .left, focus: nil, requested: nil)) == .left)
    #expect(FocusEditorData.gravity(of: artwork(gravity: .center, focus: focus, requested: nil)) == .center)
    #expect(
      FocusEditorData.gravity(of: artwork(gravity: .center, focus: nil, requested: nil)) == nil,
      "center without a focus was the default")
    // A fit read back says no gravity (report.json gives null, read as center): the fills tell.
    var mixed = artwork(gravity: .left, focus: nil, requested: nil)
    let fit = ReportedResult(
      TargetResult.solve(
        source: Size(3000, 2000), screen: screen, mode: .fit, gravity: .center, focus: nil, checks: Checks()))
    mixed.results.insert(fit, at: 0)
    #expect(FocusEditorData.gravity(of: mixed) == .left)
  }

  @Test func manifestKeys() {
    #expect(
      FocusEditorSetup.pathBelowInput(ArtworkFile(path: "art/onboarding/hero.png", stem: "onboarding/hero"))
        == "onboarding/hero.png")
    #expect(
      FocusEditorSetup.pathBelowInput(ArtworkFile(path: "hero.final.jpg", stem: "hero.final")) == "hero.final.jpg")
    #expect(FocusEditorSetup.pathBelowInput(ArtworkFile(path: "art/README", stem: "README")) == "README")
  }

  /// With a manifest, the page merges over its text and files keys relative to it.
  @Test func aRunsManifestComesToThePage() throws {
    let text = #"{"artworks": {"posters/*.jpg": {"modes": ["fill"]}}}"#
    var options = RenderOptions()
    options.selection.manifest = try Manifest.parse(Array(text.utf8), path: "art/artfit.json")
    let setup = options.focusEditor
    #expect(setup.manifestText == text && setup.manifestPath == "art/artfit.json")
    #expect(setup.key(ArtworkFile(path: "art/posters/one.jpg", stem: "one")) == "posters/one.jpg")
    #expect(setup.key(ArtworkFile(path: "other/two.jpg", stem: "two")) == "two.jpg", "outside the manifest's folder")
    let report = try ReportWritersTests.sample()
    let html = HTMLWriter.html(report, editor: setup)
    #expect(try Self.member(Self.data(html), "manifest") == .string(text))
    #expect(html.contains("merged over the run's manifest, <code>art/artfit.json</code>"))
  }

  @Test func aPageWithoutResultsCarriesNoEditor() {
    let report = RunReport(options: .null, artworks: [], errors: [InputError(source: "a.png", message: "bad")])
    let html = HTMLWriter.html(report)
    #expect(!html.contains("artfit-focus-data") && !html.contains("Focus editor"))
  }

  /// The contract's budget: at most 40 KB of script a page.
  @Test func theScriptStaysSmall() {
    #expect(FocusEditorScript.script.utf8.count + HTMLWriter.script.utf8.count <= 40 * 1024)
    #expect(!FocusEditorScript.script.contains("http"), "the script names no address")
  }

  @Test func everyPageOfAPagedSheetHasEditors() throws {
    let report = try ReportStreamTests.report(5)
    let folder = TemporaryFolder()
    defer { folder.remove() }
    try ReportWriter.writeAll(report, to: folder.path("out"), pageSize: 2)
    for (page, count) in [("0001.html", 2), ("0002.html", 2), ("0003.html", 1)] {
      let html = try #require(ReportStreamTests.contents(folder.path("out/pages/" + page)))
      #expect(html.components(separatedBy: "data-focus-editor tabindex").count - 1 == count)
      #expect(try Self.array(Self.member(Self.data(html), "artworks")).count == count)
    }
  }
}
