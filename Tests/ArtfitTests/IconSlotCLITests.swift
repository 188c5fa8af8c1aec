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
          #expect((result["mask_loss"] != nil) == (slug != "icon-tvos"), "\(slug): mask_loss only where masked")
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
        try ImageEncoder.png(Image(width: 300, height: 300, layout: layout, filledWith: pixel)), to: "art/icon.png")
      let targets = "icon-ios,icon-watchos,icon-tvos"
      let check = try ArtfitRun([
        "check", folder.path("art"), "--targets", targets, "--out", folder.path("checked"), "--shard", "1/1",
      ])
      #expect(check.status == (layout.hasAlpha ? 1 : 0), "\(check.stdout)\(check.stderr)")
      let checked = try Self.failures(folder.path("checked/report.json"))
      #expect(checked["icon-ios"] == (layout.hasAlpha ? ["icon_alpha", "icon_alpha"] : []), "\(checked)")
      #expect(checked["icon-watchos"] == [] && checked["icon-tvos"] == [], "\(checked)")
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
  }
}
