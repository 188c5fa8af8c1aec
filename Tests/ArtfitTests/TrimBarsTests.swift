import Artwork
import Foundation
import TestSupport
import Testing

/// `--trim-bars`: bars baked into an artwork are reported, and with the option every target
/// is solved on the content inside them.
struct TrimBarsTests {
  /// 400×300 with black bars of 40 (top) and 44 (bottom): content 400×216.
  static func letterboxed() throws -> [UInt8] {
    let art = TestPictures.artwork(
      width: 400, height: 300, bars: Insets(top: 40, left: 0, bottom: 44, right: 0), colour: 0)
    return try ImageEncoder.png(art)
  }

  func report(_ arguments: [String], folder: TemporaryFolder) throws -> [String: Any] {
    let run = try ArtfitRun(arguments + ["--targets", "90x160,320x180", "--modes", "fit,fill", "--json"])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try #require(try run.json() as? [String: Any])
    return try #require((json["artworks"] as? [[String: Any]])?.first)
  }

  @Test func checkTrimsAndSolvesOnTheContent() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let path = folder.write(try Self.letterboxed(), to: "still.png")
    let artwork = try report(["check", path, "--trim-bars"], folder: folder)
    let bars = try #require(artwork["embedded_bars"] as? [String: Double])
    #expect(bars == ["top": 40, "bottom": 44, "left": 0, "right": 0])
    for result in try #require(artwork["results"] as? [[String: Any]]) {
      let crop = try #require(result["crop"] as? [String: Double])
      #expect(
        crop["y"]! >= 40 && crop["y"]! + crop["h"]! <= 256.0 + 1e-9, "\(result["target"]!) \(result["mode"]!): \(crop)")
      if result["mode"] as? String == "fit" { #expect(crop == ["x": 0, "y": 40, "w": 400, "h": 216]) }
    }
    // Filling 16:9 from the 400×216 content keeps 216 × 16/9 of its 400 columns.
    let wide = try #require(
      (artwork["results"] as? [[String: Any]])?.first {
        ($0["target"] as? String)?.hasPrefix("320x180") == true && $0["mode"] as? String == "fill"
      })
    #expect(abs((wide["crop_loss"] as! Double) - (1 - (216.0 * 16 / 9) / 400)) < 1e-4)
  }

  @Test func checkWithoutTrimReadsHeadersOnlyAndReportsNoBars() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let path = folder.write(try Self.letterboxed(), to: "still.png")
    let artwork = try report(["check", path], folder: folder)
    #expect(artwork["embedded_bars"] is NSNull)
  }

  @Test func renderReportsBarsAndWarns() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let path = folder.write(try Self.letterboxed(), to: "still.png")
    let run = try ArtfitRun(["render", path, "--out", folder.path("out"), "--targets", "90x160", "--modes", "fill"])
    #expect(run.status == 0)
    #expect(run.stderr.contains("still.png: bars baked in (top 40 px, bottom 44 px)"), "\(run.stderr)")
    #expect(run.stderr.contains("--trim-bars"), "the command line names the flag: \(run.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("out/report.json"))))
        as? [String: Any])
    let artwork = try #require((json["artworks"] as? [[String: Any]])?.first)
    #expect(artwork["embedded_bars"] as? [String: Double] == ["top": 40, "bottom": 44, "left": 0, "right": 0])
    // report.json's warnings say so too, in the library's words (no flag named).
    let warning = try #require(
      (artwork["warnings"] as? [[String: Any]])?.first { $0["kind"] as? String == "embedded_bars" })
    let message = try #require(warning["message"] as? String)
    #expect(message.contains("top 40 px, bottom 44 px") && !message.contains("--"), "\(message)")
  }
}
