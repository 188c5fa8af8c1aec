import Artwork
import Foundation
import TestSupport
import Testing

/// What a gate says must be so: files a run did not write are never pointed to, settings given
/// twice or given empty are refused by name, a device name that selects something else is
/// refused, and an --out that is a link to nothing is bad usage, not a full disk.
struct GateWordsTests {
  let folder = TemporaryFolder()

  func art(_ count: Int = 1) throws {
    try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
    let png = try ImageEncoder.png(TestPictures.quadrants(width: 40, height: 30))
    for index in 0..<count { _ = folder.write(png, to: "art/a\(index).png") }
  }

  @Test func theSummaryPointsOnlyToReportsTheRunWroteAndCountsInWords() throws {
    defer { folder.remove() }
    try art(25)
    let run = try ArtfitRun([
      "check", folder.path("art"), "--out", folder.path("out"), "--targets", "iphone", "--max-crop-loss", "1%",
    ])
    #expect(run.status == 1)
    #expect(run.stdout.contains("more artworks (see report.json)"), "\(run.stdout)")
    #expect(run.stdout.contains("more failures (see report.json)"), "\(run.stdout)")
    #expect(
      !run.stdout.contains("index.html") && !run.stdout.contains("report.csv"), "check writes neither: \(run.stdout)")
    let one = try ArtfitRun([
      "check", folder.path("art/a0.png"), "--out", folder.path("one"), "--targets", "90x160", "--modes", "fill",
      "--orientations", "portrait",
    ])
    #expect(one.stdout.contains("1 artwork, 1 result,"), "\(one.stdout)")
    let rendered = try ArtfitRun([
      "render", folder.path("art/a0.png"), "--out", folder.path("rendered"), "--targets", "90x160", "--modes", "fill",
      "--orientations", "portrait",
    ])
    #expect(rendered.stdout.contains("1 artwork, 1 result, 1 preview written ("), "\(rendered.stdout)")
  }

  @Test func aManifestThatSaysAThingTwiceOrNamesNoTargetsIsRefused() throws {
    defer { folder.remove() }
    try art()
    for (text, words) in [
      (#"{"defaults": {"modes": ["fill"], "modes": ["fit"]}}"#, #""modes" is given twice in defaults"#),
      (#"{"artworks": {"a0.png": {}, "a0.png": {"require_focus": true}}}"#, #""a0.png" is given twice in artworks"#),
      (#"{"defaults": {"targets": []}}"#, "names no target"),
    ] {
      _ = folder.write(Array(text.utf8), to: "art/artfit.json")
      let run = try ArtfitRun(["check", folder.path("art"), "--out", folder.path("out")])
      #expect(run.status == 2, "\(text): \(run.stderr)")
      #expect(run.stderr.contains(words) && run.stderr.contains("artfit.json"), "\(text): \(run.stderr)")
      #expect(!run.stderr.contains("--orientations"), "\(run.stderr)")
    }
  }

  @Test func aCatalogDeviceNamedLikeAFamilyOrAllIsRefused() throws {
    defer { folder.remove() }
    let devices = try ArtfitRun(["devices", "--family", "iphone", "--json"])
    let document = try #require(try devices.json() as? [String: Any])
    let base = try #require(
      (document["targets"] as? [[String: Any]])?.first { $0["slug"] as? String == "iphone-16-pro" })
    for slug in ["iphone", "watch", "all"] {
      var entry = base
      entry["name"] = "Mine \(slug)"
      entry["slug"] = slug
      entry["aliases"] = []
      let data = try JSONSerialization.data(withJSONObject: ["targets": [entry]])
      let path = folder.write(Array(data), to: "mine-\(slug).json")
      let run = try ArtfitRun(["devices", "--catalog", path])
      #expect(run.status == 2 && run.stderr.contains("could never select this device"), "\(slug): \(run.stderr)")
    }
  }

  @Test func anOutThatLinksToNothingIsBadUsage() throws {
    defer { folder.remove() }
    try art()
    try FileManager.default.createSymbolicLink(atPath: folder.path("out"), withDestinationPath: folder.path("gone"))
    let run = try ArtfitRun(["check", folder.path("art"), "--out", folder.path("out")])
    #expect(run.status == 2 && run.stderr.contains("symbolic link"), "\(run.stderr)")
  }
}
