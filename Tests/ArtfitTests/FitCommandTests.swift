import Foundation
import TestSupport
import Testing

/// `artfit fit`, run as a user runs it.
struct FitCommandTests {
  @Test func readmeExamplePrintsTheResultObject() throws {
    let run = try ArtfitRun(["fit", "--source", "750x1334", "--target", "iPhone X", "--mode", "fill", "--json"])
    #expect(run.status == 0, "\(run.stderr)")
    let result = try #require(try run.json() as? [String: Any])
    #expect(result["target"] as? String == "iPhone X")
    #expect(result["slug"] as? String == "iphone-x")
    #expect(result["family"] as? String == "iphone")
    #expect(result["orientation"] as? String == "portrait")
    #expect(result["mode"] as? String == "fill")
    #expect(result["boxing"] as? String == "crop")
    #expect((result["canvas"] as? [String: Int]) == ["w": 1125, "h": 2436])
    #expect((result["size_class"] as? [String: String]) == ["width": "compact", "height": "regular"])
    let crop = try #require(result["crop_loss"] as? Double)
    #expect(abs(crop - 0.1786) < 1e-4)
    for key in [
      "placement", "crop", "placement_px", "crop_px", "bars", "bars_fraction", "safe_crop_loss",
      "focus_visible", "focus_loss", "passed", "failures", "preview", "scale",
    ] {
      #expect(result[key] != nil, "result has \(key)")
    }
  }

  /// A result says the gravity its fill used, and none for a fit (which places the whole
  /// picture): chosen, or chosen by auto (a tall source auto fills, a square one it fits); and
  /// a window range likewise.
  @Test(arguments: [
    ("fill", "1000x1000", "fill"), ("fit", "1000x1000", "fit"), ("auto", "1000x2100", "fill"),
    ("auto", "1000x1000", "fit"),
  ])
  func aResultSaysOnlyAGravityItUses(mode: String, source: String, solved: String) throws {
    let run = try ArtfitRun([
      "fit", "--source", source, "--target", "iPhone 16", "--mode", mode, "--gravity", "left", "--json",
    ])
    let result = try #require(try run.json() as? [String: Any])
    #expect(result["mode"] as? String == solved)
    if solved == "fit" {
      #expect(result["gravity"] is NSNull, "\(String(describing: result["gravity"]))")
    } else {
      #expect(result["gravity"] as? String == "left")
    }
    if mode != "auto" {  // --window-range takes fit or fill
      let range = try ArtfitRun([
        "fit", "--source", source, "--window-range", "320x320-800x600@2", "--mode", mode, "--gravity", "left", "--json",
      ])
      let document = try #require(try range.json() as? [String: Any])
      #expect(mode == "fit" ? document["gravity"] is NSNull : document["gravity"] as? String == "left")
    }
  }

  @Test func contractExampleFigures() throws {
    let run = try ArtfitRun([
      "fit", "--source", "2732x2732", "--target", "iPhone 13 Pro", "--mode", "fill", "--json", "--max-crop-loss", "25%",
    ])
    #expect(run.status == 1, "a failed check exits 1")
    let result = try #require(try run.json() as? [String: Any])
    #expect(result["crop_loss"] as? Double == 0.5379)
    #expect(result["safe_crop_loss"] as? Double == 0.5823)
    #expect((result["crop"] as? [String: Double]) == ["x": 734.8, "y": 0, "w": 1262.4, "h": 2732])
    // report.json version 2's failure object: the check, its exact figure and limit, version 1's words.
    let failures = try #require(result["failures"] as? [[String: Any]])
    #expect(failures.count == 1)
    #expect(failures.first?["check"] as? String == "crop_loss")
    #expect(abs((failures.first?["value"] as? Double ?? 0) - 0.5379) < 0.00005)
    #expect(failures.first?["limit"] as? Double == 0.25)
    #expect(failures.first?["message"] as? String == "crop_loss 53.8% > 25.0%")
  }

  @Test func autoReportsTheChosenAndRequestedMode() throws {
    let run = try ArtfitRun(["fit", "--source", "2390x1000", "--target", "video-16x9", "--mode", "auto", "--json"])
    let result = try #require(try run.json() as? [String: Any])
    #expect(result["mode"] as? String == "fill")
    #expect(result["requested_mode"] as? String == "auto")
  }

  @Test func unknownTargetExitsTwoWithSuggestions() throws {
    let run = try ArtfitRun(["fit", "--source", "100x100", "--target", "iPhone 15 Prro"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("unknown target 'iPhone 15 Prro'"))
    #expect(run.stderr.contains("did you mean 'iPhone 15 Pro'"))
  }

  @Test(arguments: [
    ["fit", "--target", "iPhone X"],
    ["fit", "--source", "100", "--target", "iPhone X"],
    ["fit", "--source", "100x100", "--target", "iPhone X", "--mode", "stretch"],
    ["fit", "--source", "100x100", "--target", "iPhone X", "--focus", "0.5,0.5,0.6,0.1"],
    ["fit", "--source", "100x100", "--target", "iPhone X", "--bogus"],
    ["fit", "--source", "100x100", "--target", "Apple TV 4K", "--orientation", "portrait"],
    ["nonsense"],
  ])
  func badUsageExitsTwoAndSaysWhatIsAccepted(arguments: [String]) throws {
    let run = try ArtfitRun(arguments)
    #expect(run.status == 2, "\(arguments)")
    #expect(!run.stderr.isEmpty && run.stdout.isEmpty)
  }

  @Test func readableBlockNamesTheFigures() throws {
    let run = try ArtfitRun(["fit", "--source", "750x1334", "--target", "iPhone X", "--mode", "fit"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("letterbox"))
    #expect(run.stdout.contains("bars top 218, bottom 217"))
  }
}

/// `artfit fit` on several targets: a line or a result per screen and the region safe on all.
struct FitSeveralTargetsTests {
  @Test func jsonHoldsEveryScreenAndTheRegionSafeOnAll() throws {
    let run = try ArtfitRun([
      "fit", "--source", "2732x2732", "--target", "iPhone 16 Pro,iPad Pro 13\" (M4, M5)", "--mode", "fill", "--json",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let object = try #require(try run.json() as? [String: Any])
    let results = try #require(object["results"] as? [[String: Any]])
    #expect(results.count == 4, "two devices in both orientations")
    // Each result's visible source inside its safe area, intersected; the crops are centred on
    // a square, so the region is centred too.
    let safe = try #require(object["safe_everywhere"] as? [String: Double])
    let x = try #require(safe["x"])
    let w = try #require(safe["w"])
    #expect(abs(x + w / 2 - 1366) <= 0.1 && w > 0 && w < 2732)
    for result in results {
      let crop = try #require(result["crop"] as? [String: Double])
      #expect(crop["x"]! <= x + 0.1 && x + w <= crop["x"]! + crop["w"]! + 0.1, "inside every visible crop")
    }
  }

  @Test func textEndsWithTheRegionAndAFamilyWorks() throws {
    let run = try ArtfitRun(["fit", "--source", "2732x2732", "--target", "iphone", "--orientation", "portrait"])
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.first?.contains("on ") == true && lines.count > 10)
    #expect(lines.last?.hasPrefix("safe on every one: x ") == true, "\(lines.last ?? "")")
    #expect(!run.stdout.contains(" landscape "), "--orientation portrait keeps to portrait")
  }

  /// A 12:1 strip filled from its left edge: the region safe on all lies at the left, within
  /// the landscape safe area's left inset of the edge.
  @Test func gravityMovesTheRegion() throws {
    let run = try ArtfitRun([
      "fit", "--source", "6000x500", "--target", "iPhone 16 Pro,video-9x16", "--mode", "fill", "--gravity", "left",
      "--json",
    ])
    let object = try #require(try run.json() as? [String: Any])
    #expect((object["results"] as? [[String: Any]])?.count == 3)
    let safe = try #require(object["safe_everywhere"] as? [String: Double])
    #expect(safe["x"]! < 100 && safe["x"]! + safe["w"]! < 400, "\(safe)")
  }

  /// The window range of the issue's reproduction: a 3:4 key art whose focus a window tiled to
  /// the top half of a landscape 13-inch iPad cuts. The gate fails, naming the worst window,
  /// and the JSON gives the kept aspect bounds and every width's failing heights.
  @Test func aWindowRangeFailsAtItsWorstWindow() throws {
    let run = try ArtfitRun([
      "fit", "--source", "1536x2048", "--window-range", "320x320-1366x1024@2", "--focus", "0.4,0.35,0.2,0.3",
      "--require-focus", "--json",
    ])
    #expect(run.status == 1, "\(run.stderr)")
    let object = try #require(try run.json() as? [String: Any])
    let range = try #require(object["window_range"] as? [String: Any])
    #expect(range["smallest"] as? String == "320x320" && range["largest"] as? String == "1366x1024")
    #expect(range["windows"] as? Int == 1047 * 705)
    let cut = try #require(object["focus_cut"] as? [String: Any])
    #expect(cut["widest_kept"] as? String == "800x320")
    let runs = try #require(cut["runs"] as? [[String: Int]])
    // At 1366 pt wide the focus is kept from 547 pt tall (1366/547 <= 2.5 < 1366/546).
    #expect(runs.last == ["width": 1366, "from": 320, "to": 546])
    #expect(runs.reduce(0) { $0 + $1["to"]! - $1["from"]! + 1 } == cut["windows"] as? Int)
    let failures = try #require(object["failures"] as? [[String: Any]])
    #expect(failures.first?["check"] as? String == "focus")
    #expect(failures.first?["window"] as? String == "1366x320")

    let text = try ArtfitRun([
      "fit", "--source", "1536x2048", "--window-range", "320x320-1366x1024@2", "--focus", "0.4,0.35,0.2,0.3",
      "--require-focus",
    ])
    #expect(text.status == 1)
    #expect(text.stdout.contains("wider than 800x320 (2.5000)"), "\(text.stdout)")
    #expect(text.stdout.contains("FAILED") && text.stdout.contains("the worst is 1366x320 pt"), "\(text.stdout)")
  }

  /// A window range takes no target, orientation or scale of its own, nor auto, and says which.
  @Test(arguments: [
    ["--target", "ipad"], ["--orientation", "landscape"], ["--scale", "3"], ["--mode", "auto"],
  ])
  func aWindowRangeRefusesWhatItDoesNotTake(extra: [String]) throws {
    let run = try ArtfitRun(["fit", "--source", "1536x2048", "--window-range", "320x320-1366x1024@2"] + extra)
    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.stderr.contains(extra[0]) || run.stderr.contains("auto"), "\(run.stderr)")
  }

  /// Ranges that are not ranges are refused with what is accepted.
  @Test(arguments: [
    "320x320-1366x1024", "1366x1024-320x320@2", "320x320-1366x1024@4", "320.5x320-1366x1024@2",
    "320x320-20000x1024@2", "320x320@2", "0x320-1366x1024@2",
  ])
  func aMalformedWindowRangeIsRefused(text: String) throws {
    let run = try ArtfitRun(["fit", "--source", "1536x2048", "--window-range", text])
    #expect(run.status == 2, "\(text): \(run.stderr)")
    #expect(run.stderr.contains("--window-range") && run.stderr.contains("window range"), "\(run.stderr)")
  }
}
