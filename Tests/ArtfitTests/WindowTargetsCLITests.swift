import Artwork
import Foundation
import TestSupport
import Testing

/// iPadOS 26's windows as targets of `check`, run as a user runs it.
struct WindowTargetsCLITests {
  let folder = TemporaryFolder()

  /// Issue 66's reproduction: a 1536x2048 key art with its focus high and left of centre keeps
  /// it in every iPadOS 18 window (`split`), and the `ipad` selection, which now holds iPadOS
  /// 26's windows, fails it, naming a window size and how many windows cut it.
  @Test func theIpadSelectionFailsAFocusAShortWindowCuts() throws {
    defer { folder.remove() }
    let art = folder.write(try ImageEncoder.png(TestPictures.quadrants(width: 1536, height: 2048)), to: "key.png")
    let common = ["--modes", "fill", "--focus", "0.4,0.35,0.2,0.3", "--require-focus", "--reports", "json"]
    let before = try ArtfitRun(["check", art, "--targets", "split", "--out", folder.path("split")] + common)
    #expect(before.status == 0, "\(before.stdout)\(before.stderr)")
    let run = try ArtfitRun(["check", art, "--targets", "ipad", "--out", folder.path("ipad")] + common)
    #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
    let failed = run.stdout.split(separator: "\n").filter { $0.hasPrefix("FAILED") }
    #expect(!failed.isEmpty)
    for line in failed {
      #expect(line.contains(" windows at "), "names the window: \(line)")
      #expect(line.contains(" windows; the worst is "), "says how many windows: \(line)")
    }
    // The report names the window each failing result is shown at, and the windows that fail.
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("ipad/report.json"))))
        as? [String: Any])
    let artworks = try #require(report["artworks"] as? [[String: Any]])
    let results = try #require(artworks.first?["results"] as? [[String: Any]])
    let windows = results.filter { $0["family"] as? String == "ipad-windows" }
    #expect(windows.count == Catalog.targets(in: .ipadWindows).count * 2)
    for result in windows where result["passed"] as? Bool == false {
      let range = try #require(result["window_range"] as? [String: Any])
      let cut = try #require(range["focus_cut"] as? [String: Any])
      let failures = try #require(range["failures"] as? [[String: Any]])
      #expect((cut["windows"] as? Int ?? 0) > 0)
      #expect(failures.first?["window"] as? String == result["window"] as? String)
      #expect(failures.first?["windows"] as? Int == cut["windows"] as? Int)
    }
  }

  /// The app's own window limits (`--window-min`, `--window-max`, or the manifest's
  /// `window_min`, `window_max`): the reproduction's short windows fail with the system's
  /// limits alone and pass when the app allows no window shorter than 700 points; every range
  /// runs from the app's minimum (clamped to the screen) to its maximum; report.json records
  /// the limits; the command line wins over the manifest; a minimum above the maximum is
  /// refused by name, from the command line and from the manifest.
  @Test func theAppsOwnWindowLimitsBoundEveryRange() throws {
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
    let art = folder.write(try ImageEncoder.png(TestPictures.quadrants(width: 1536, height: 2048)), to: "art/key.png")
    let common = [
      "--targets", "ipad-windows", "--modes", "fill", "--focus", "0.4,0.35,0.2,0.3", "--require-focus", "--reports",
      "json",
    ]
    func ranges(_ out: String) throws -> [(smallest: String, largest: String)] {
      let report = try #require(
        try JSONSerialization.jsonObject(
          with: Data(contentsOf: URL(fileURLWithPath: folder.path("\(out)/report.json"))))
          as? [String: Any])
      let results = try #require((report["artworks"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
      return try results.map { result in
        let range = try #require(result["window_range"] as? [String: Any])
        return (try #require(range["smallest"] as? String), try #require(range["largest"] as? String))
      }
    }
    let limited = try ArtfitRun(["check", art, "--out", folder.path("limited"), "--window-min", "700x700"] + common)
    #expect(limited.status == 0, "\(limited.stdout)\(limited.stderr)")
    for range in try ranges("limited") {
      let (small, large) = (
        try #require(WindowSize(text: range.smallest)), try #require(WindowSize(text: range.largest))
      )
      #expect(small.width == min(700, large.width) && small.height == min(700, large.height), "\(range)")
    }
    let options = try #require(
      (try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: folder.path("limited/report.json"))))
        as? [String: Any])?["options"] as? [String: Any])
    #expect(options["window_min"] as? String == "700x700" && options["window_max"] == nil)
    // The largest window bounds every range from above; the system's smallest stays below it.
    let capped = try ArtfitRun(["check", art, "--out", folder.path("capped"), "--window-max", "900x600"] + common)
    #expect([0, 1].contains(capped.status), "\(capped.stderr)")
    for range in try ranges("capped") {
      let large = try #require(WindowSize(text: range.largest))
      #expect(large.width <= 900 && large.height <= 600, "\(range)")
    }
    // The manifest says the same for its artworks; the command line wins over it.
    _ = folder.write(Array(#"{"defaults": {"window_min": "700x700"}}"#.utf8), to: "art/artfit.json")
    let fromManifest = try ArtfitRun(["check", folder.path("art"), "--out", folder.path("manifest")] + common)
    #expect(fromManifest.status == 0, "\(fromManifest.stdout)\(fromManifest.stderr)")
    let overridden = try ArtfitRun(
      ["check", folder.path("art"), "--out", folder.path("overridden"), "--window-min", "320x320"] + common)
    #expect(overridden.status == 1, "\(overridden.stdout)\(overridden.stderr)")
    let refused = try ArtfitRun(
      ["check", art, "--out", folder.path("refused"), "--window-min", "900x800", "--window-max", "800x900"])
    #expect(refused.status == 2 && refused.stderr.contains("--window-min and --window-max"), "\(refused.stderr)")
    _ = folder.write(
      Array(#"{"defaults": {"window_min": "900x800", "window_max": "800x900"}}"#.utf8), to: "art/artfit.json")
    let badManifest = try ArtfitRun(["check", folder.path("art"), "--out", folder.path("bad")])
    #expect(
      badManifest.status == 2 && badManifest.stderr.contains("\"window_min\" and \"window_max\""),
      "\(badManifest.stderr)")
  }

  /// A render cached without the app's limits and rerun with them gives a fresh run's files.
  @Test func aCachedRenderWithTheAppsLimitsEqualsAFreshOne() throws {
    defer { folder.remove() }
    let art = folder.write(try ImageEncoder.png(TestPictures.quadrants(width: 120, height: 160)), to: "a.png")
    let base = ["render", art, "--targets", "ipad-pro-11-m4-windows", "--scales", "1", "--reports", "json"]
    _ = try ArtfitRun(base + ["--out", folder.path("cached")])
    let before = try Data(contentsOf: URL(fileURLWithPath: folder.path("cached/report.json")))
    _ = try ArtfitRun(base + ["--out", folder.path("cached"), "--window-min", "600x500"])
    _ = try ArtfitRun(base + ["--out", folder.path("fresh"), "--window-min", "600x500", "--no-cache"])
    let cached = try Data(contentsOf: URL(fileURLWithPath: folder.path("cached/report.json")))
    let fresh = try Data(contentsOf: URL(fileURLWithPath: folder.path("fresh/report.json")))
    #expect(cached != before, "the limits change the report")
    #expect(cached == fresh)
  }

  /// A fractional `--scales` factor cannot draw whole-point windows as whole pixels: refused
  /// before the run, naming the flag and the family.
  @Test func aFractionalScaleWithWindowTargetsIsRefused() throws {
    defer { folder.remove() }
    let art = folder.write(try ImageEncoder.png(TestPictures.quadrants(width: 60, height: 40)), to: "a.png")
    let run = try ArtfitRun(["check", art, "--targets", "ipad", "--scales", "2.5", "--out", folder.path("out")])
    #expect(run.status == 2)
    #expect(run.stderr.contains("--scales 2.5") && run.stderr.contains("ipad-windows"), "\(run.stderr)")
  }
}
