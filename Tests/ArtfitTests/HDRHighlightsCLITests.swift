import Foundation
import TestSupport
import Testing

/// Each artwork with a gain map says how much of it is HDR highlight, and each result how
/// much of the focus region's highlights it keeps: `check` (which draws nothing and reads only
/// the map's bytes) and `render` (PNG or JPEG previews) report the same figures, a fit keeps
/// every highlight, and a file without a gain map has none of these keys.
struct HDRHighlightsCLITests {
  static let targets = "iphone-16-pro,ipad-pro-13-m4,video-2-39x1,1000x100@1"

  /// The `hdr` object and each result's kept share of one command's report.
  func figures(_ command: String, _ source: String, _ extra: [String]) throws -> (
    hdr: [String: Double], kept: [String: Double?]
  ) {
    let run = try ArtfitRun(
      [command, source, "--targets", Self.targets, "--modes", "fit,fill", "--json"] + extra)
    #expect(run.status == 0 || run.status == 1, "\(command): \(run.stderr)")
    let json = try #require(try run.json() as? [String: Any])
    let artwork = try #require((json["artworks"] as? [[String: Any]])?.first)
    let hdr = (artwork["hdr"] as? [String: Any] ?? [:]).compactMapValues { $0 as? Double }
    var kept: [String: Double?] = [:]
    for result in try #require(artwork["results"] as? [[String: Any]]) {
      let key = "\(result["target"]!) \(result["orientation"]!) \(result["mode"]!)"
      kept[key] = result["hdr_highlights_kept"] as? Double
      if result["mode"] as? String == "fit", let share = kept[key] ?? nil {
        #expect(share == 1, "a fit shows the whole artwork: \(key)")
      }
    }
    return (hdr, kept)
  }

  @Test(
    arguments: ["ultrahdr-landscape.jpg", "ultrahdr-portrait.jpg"],
    [[], ["--auto-focus"], ["--focus", "0.3,0.2,0.4,0.3"]])
  func checkAndRenderReportTheSameHighlights(name: String, focus: [String]) throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let source = Fixtures.path("HDR/" + name)
    let checked = try figures("check", source, ["--out", folder.path("check")] + focus)
    let highlights = try #require(checked.hdr["highlights"], "\(checked.hdr)")
    #expect(highlights > 0 && highlights < 1, "the scene has highlights and other parts")
    if focus.isEmpty {
      // The whole artwork's highlights: every result says, and a fill that crops loses some.
      #expect(checked.kept.values.allSatisfy { $0 != nil }, "\(checked.kept)")
      #expect(checked.kept.values.contains { ($0 ?? 1) < 1 }, "some fill loses highlights: \(checked.kept)")
    }
    for format in ["png", "jpeg"] {
      let rendered = try figures("render", source, ["--out", folder.path(format), "--format", format] + focus)
      #expect(rendered.hdr == checked.hdr, "\(format)")
      #expect(rendered.kept == checked.kept, "\(format)")
      // A rerun from the cache reads the figures back from its report and says the same.
      let cached = try figures("render", source, ["--out", folder.path(format), "--format", format] + focus)
      #expect(cached.hdr == checked.hdr && cached.kept == checked.kept, "\(format), cached")
      let sheet = try String(contentsOfFile: folder.path(format + "/index.html"), encoding: .utf8)
      #expect(sheet.contains("highlights over"), "the contact sheet marks the HDR artwork")
      if focus.isEmpty { #expect(sheet.contains("% kept"), "and says what a crop keeps of its highlights") }
    }
  }

  @Test func anSDRArtworkHasNoHighlightKeys() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let run = try ArtfitRun(
      ["check", Fixtures.path("jpeg-gainmap-apple-headroom.jpg"), "--out", folder.path("a"), "--json"])
    let text = run.stdout
    #expect(!text.contains("hdr_highlights_kept"), "Apple's map is not read: no highlights are claimed")
    let sdr = try ArtfitRun(
      ["check", Fixtures.path("jpeg-baseline.jpg"), "--out", folder.path("b"), "--json"])
    #expect(!sdr.stdout.contains("highlights"))
  }
}
