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
