import Artwork
import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec

extension Slow {
  /// App icon slots as a user runs them: App Store Connect's icon refuses any alpha channel,
  /// opaque or not, and `check`, `render` and a report read back (`merge-reports`) say the
  /// same; masked slots carry their mask's share, the tvOS slot (not masked) none.
  @Suite(.tags(.slow), .serialized) struct IconSlotCLITests {
    let folder = TemporaryFolder()

    /// Every result's failed check names, by slug, from a report.json.
    static func failures(_ report: String) throws -> [String: [String]] {
      let data = try #require(FileManager.default.contents(atPath: report))
      let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      var checks: [String: [String]] = [:]
      for artwork in try #require(object["artworks"] as? [[String: Any]]) {
        for result in try #require(artwork["results"] as? [[String: Any]]) {
          let slug = try #require(result["slug"] as? String)
          let failed = try #require(result["failures"] as? [[String: Any]]).compactMap { $0["check"] as? String }
          checks[slug, default: []] += failed
          #expect((result["mask_loss"] != nil) == !slug.hasPrefix("icon-tvos"), "\(slug): mask_loss only where masked")
        }
      }
      return checks
    }

    @Test(
      "every channel layout: the App Store icon fails icon_alpha exactly when the file has alpha, in check, render and a merge",
      arguments: ChannelLayout.allCases)
    func theAppStoreIconRefusesAnyAlphaChannel(layout: ChannelLayout) throws {
      // Wholly opaque pixels: the channel alone decides, as App Store Connect's check does.
      let pixel = Array([200, 120, 40, 255].prefix(layout.channels)).enumerated().map { index, value in
        layout.hasAlpha && index == layout.channels - 1 ? UInt8(255) : UInt8(value)
      }
      try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
      folder.write(
        try ImageEncoder.png(Image(width: 1024, height: 1024, layout: layout, filledWith: pixel)), to: "art/icon.png")
      // The slots a 1024-pixel icon is for: only App Store Connect's refuses alpha.
      let targets = "icon-ios,icon-macos,icon-visionos"
      let check = try ArtfitRun([
        "check", folder.path("art"), "--targets", targets, "--out", folder.path("checked"), "--shard", "1/1",
      ])
      #expect(check.status == (layout.hasAlpha ? 1 : 0), "\(check.stdout)\(check.stderr)")
      let checked = try Self.failures(folder.path("checked/report.json"))
      #expect(checked["icon-ios"] == (layout.hasAlpha ? ["icon_alpha", "icon_alpha"] : []), "\(checked)")
      #expect(checked["icon-macos"] == [] && checked["icon-visionos"] == [], "\(checked)")
      let render = try ArtfitRun([
        "render", folder.path("art"), "--targets", targets, "--out", folder.path("rendered"), "--quiet", "--no-cache",
      ])
      #expect(render.status == check.status, "\(render.stderr)")
      #expect(try Self.failures(folder.path("rendered/report.json")) == checked)
      let merged = try ArtfitRun([
        "merge-reports", folder.path("checked"), "--out", folder.path("merged"), "--quiet",
      ])
      #expect(merged.status == check.status, "\(merged.stderr)")
      #expect(try Self.failures(folder.path("merged/report.json")) == checked)
      if layout.hasAlpha {
        let said = check.stdout + check.stderr
        #expect(said.contains("has an alpha channel") && said.contains("without alpha"), "\(said)")
      }
    }

    /// An icon slot takes its own pixel sizes (the tvOS slot its @1x and @2x); any other size
    /// fails icon_size, naming both, in check, render and a merge alike.
    @Test func aSlotTakesItsOwnSizesOnly() throws {
      let cases: [(slot: String, width: Int, height: Int, fits: Bool)] = [
        ("icon-ios", 1024, 1024, true), ("icon-ios", 16, 16, false), ("icon-ios", 1023, 1024, false),
        ("icon-ios", 2048, 2048, false), ("icon-watchos", 1088, 1088, true), ("icon-watchos", 1024, 1024, false),
        ("icon-tvos", 400, 240, true), ("icon-tvos", 800, 480, true), ("icon-tvos", 801, 480, false),
        ("icon-tvos-app-store", 1280, 768, true), ("icon-tvos-app-store", 400, 240, false),
      ]
      for (index, item) in cases.enumerated() {
        let art = "art\(index)"
        try FileManager.default.createDirectory(atPath: folder.path(art), withIntermediateDirectories: true)
        folder.write(
          try ImageEncoder.png(Image(width: item.width, height: item.height, layout: .rgb, filledWith: [90, 60, 30])),
          to: "\(art)/icon.png")
        let check = try ArtfitRun([
          "check", folder.path(art), "--targets", item.slot, "--out", folder.path("\(art)-checked"), "--shard", "1/1",
        ])
        #expect(check.status == (item.fits ? 0 : 1), "\(item): \(check.stdout)\(check.stderr)")
        let checked = try Self.failures(folder.path("\(art)-checked/report.json"))
        #expect(checked[item.slot] == (item.fits ? [] : ["icon_size", "icon_size"]), "\(item): \(checked)")
        if !item.fits {
          #expect(check.stdout.contains("is \(item.width)x\(item.height) px, and this slot takes"), "\(check.stdout)")
        }
        let merged = try ArtfitRun([
          "merge-reports", folder.path("\(art)-checked"), "--out", folder.path("\(art)-merged"), "--quiet",
        ])
        #expect(merged.status == check.status, "\(merged.stderr)")
        let read = try String(contentsOfFile: folder.path("\(art)-merged/report.json"), encoding: .utf8)
        let written = try String(contentsOfFile: folder.path("\(art)-checked/report.json"), encoding: .utf8)
        #expect(read.contains("this slot takes") == written.contains("this slot takes"))
        #expect(try Self.failures(folder.path("\(art)-merged/report.json")) == checked)
      }
      let render = try ArtfitRun([
        "render", folder.path("art1"), "--targets", "icon-ios", "--out", folder.path("rendered"), "--quiet",
        "--no-cache",
      ])
      #expect(render.status == 1, "\(render.stderr)")
      #expect(try Self.failures(folder.path("rendered/report.json")) == ["icon-ios": ["icon_size", "icon_size"]])
    }
  }
}
