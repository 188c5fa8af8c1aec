import Artwork
import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec

extension Slow {
  /// `--catalog`, run as a user runs it: a device artfit does not know yet, listed, solved,
  /// drawn and checked; a correction of a built-in one; bad catalogs; the round trip of the
  /// whole built-in catalog.
  @Suite(.tags(.slow), .serialized) struct UserCatalogCLITests {
    let folder = TemporaryFolder()

    /// The iPhone 16 Pro's entry from `devices --json`, edited into a new device.
    func writePhone(points: (Int, Int) = (400, 880), top: Int = 70, name: String = "mine.json") throws -> String {
      let run = try ArtfitRun(["devices", "--family", "iphone", "--json"])
      let document = try #require(try run.json() as? [String: Any])
      var entry = try #require(
        (document["targets"] as? [[String: Any]])?.first { $0["slug"] as? String == "iphone-16-pro" })
      entry["name"] = "Test Phone 1"
      entry["slug"] = "test-phone-1"
      entry["aliases"] = ["TP1"]
      entry["points"] = ["w": points.0, "h": points.1]
      entry["safe_area"] = [
        "portrait": ["top": top, "left": 0, "bottom": 30, "right": 0],
        "landscape": ["top": 0, "left": 70, "bottom": 20, "right": 70],
      ]
      let data = try JSONSerialization.data(withJSONObject: ["targets": [entry]], options: [.sortedKeys])
      return folder.write(Array(data), to: name)
    }

    func json(_ path: String) throws -> [String: Any] {
      let data = try #require(FileManager.default.contents(atPath: path))
      return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func aNewDeviceIsListedSolvedDrawnAndChecked() throws {
      let mine = try writePhone()
      let listed = try ArtfitRun(["devices", "--family", "iphone", "--catalog", mine])
      #expect(listed.status == 0 && listed.stdout.contains("Test Phone 1") && listed.stdout.contains("400x880"))

      // fit: the canvas and losses against a computation of our own (3000x2000 filled onto
      // 1200x2640: s = 1.32, visible 909.09 x 2000, centred; safe rows 210...2550 of 2640).
      let fit = try ArtfitRun(["fit", "--catalog", mine, "--source", "3000x2000", "--target", "TP1", "--json"])
      #expect(fit.status == 0, "\(fit.stderr)")
      let result = try #require(try fit.json() as? [String: Any])
      #expect(result["slug"] as? String == "test-phone-1")
      #expect((result["canvas"] as? [String: Int]) == ["w": 1200, "h": 2640])
      let visibleWidth = 1200 / (2640 / 2000.0)
      let cropLoss = 1 - visibleWidth * 2000 / (3000 * 2000)
      let safeLoss = 1 - visibleWidth * (2000 * (2640 - 210 - 90) / 2640.0) / (3000 * 2000)
      #expect(abs((result["crop_loss"] as? Double ?? -1) - cropLoss) < 1e-4)
      #expect(abs((result["safe_crop_loss"] as? Double ?? -1) - safeLoss) < 1e-4)

      // render: the preview is drawn from the entry's figures (island, corners).
      let out = folder.path("out")
      let render = try ArtfitRun([
        "render", "SampleArt/altai-portrait.png", "--catalog", mine, "--targets", "test-phone-1", "--modes", "fill",
        "--orientations", "portrait", "--out", out, "--quiet",
      ])
      #expect(render.status == 0, "\(render.stderr)")
      let preview = try ImageDecoder.decode(file: out + "/altai-portrait/test-phone-1-portrait-fill@3x.png")
      #expect(preview.width == 1200 && preview.height == 2640)
      #expect(preview.pixel(x: 600, y: 90) == [0, 0, 0], "the island (points 138...264 x 13.5...50.5) is drawn")
      #expect(preview.pixel(x: 2, y: 2) == [0, 0, 0], "outside the rounded corner is black")
      #expect(preview.pixel(x: 600, y: 1300) != [0, 0, 0], "the artwork shows in the middle")

      // check: the report names the catalog and the slugs it used.
      let checked = try ArtfitRun(["check", "SampleArt", "--catalog", mine, "--out", folder.path("checked"), "--quiet"])
      #expect(checked.status == 0 || checked.status == 1, "\(checked.stderr)")
      let report = try json(folder.path("checked/report.json"))
      let options = try #require(report["options"] as? [String: Any])
      let catalog = try #require(options["catalog"] as? [String: Any])
      #expect(catalog["path"] as? String == mine)
      #expect((catalog["fingerprint"] as? String)?.count == 32)
      #expect(catalog["targets"] as? [String] == ["test-phone-1"], "the default families include a user iPhone")
      let artworks = try #require(report["artworks"] as? [[String: Any]])
      let slugs = Set(
        artworks.flatMap { ($0["results"] as? [[String: Any]] ?? []).compactMap { $0["slug"] as? String } })
      #expect(slugs.contains("test-phone-1") && slugs.contains("iphone-16-pro"))
    }

    @Test func aManifestNamesItsCatalog() throws {
      try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
      _ = try writePhone(name: "art/devices.json")
      _ = folder.write(
        Array(#"{"catalog": "devices.json", "defaults": {"targets": ["test-phone-1"], "modes": ["fill"]}}"#.utf8),
        to: "art/artfit.json")
      let art = try Data(contentsOf: URL(fileURLWithPath: "SampleArt/altai-portrait.png"))
      _ = folder.write(Array(art), to: "art/altai.png")
      let run = try ArtfitRun(["check", folder.path("art"), "--out", folder.path("out"), "--quiet"])
      #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
      let report = try json(folder.path("out/report.json"))
      let results = ((report["artworks"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
      #expect(!results.isEmpty && results.allSatisfy { $0["slug"] as? String == "test-phone-1" })
    }

    @Test func aReplacementChangesThatDeviceOnly() throws {
      let devices = try ArtfitRun(["devices", "--json"])
      let document = try #require(try devices.json() as? [String: Any])
      var entry = try #require(
        (document["targets"] as? [[String: Any]])?.first { $0["slug"] as? String == "iphone-16-pro" })
      entry["replaces"] = "iphone-16-pro"
      entry["safe_area"] = ["portrait": ["top": 200, "left": 0, "bottom": 100, "right": 0], "landscape": NSNull()]
      let path = folder.write(
        Array(try JSONSerialization.data(withJSONObject: ["targets": [entry]])), to: "fix.json")
      func results(_ extra: [String]) throws -> [String: Double] {
        let run = try ArtfitRun(
          [
            "fit", "--source", "2000x3000", "--target", "iPhone 16 Pro,iPhone 16", "--orientation", "portrait",
            "--json",
          ]
            + extra)
        let answer = try #require(try run.json() as? [String: Any])
        let list = try #require(answer["results"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: list.map { ($0["slug"] as! String, $0["safe_crop_loss"] as! Double) })
      }
      let before = try results([])
      let after = try results(["--catalog", path])
      #expect(after["iphone-16-pro"]! > before["iphone-16-pro"]!, "the taller insets lose more")
      #expect(after["iphone-16"] == before["iphone-16"])
    }

    @Test func badCatalogsExit2NamingFileEntryAndKey() throws {
      let cases: [(String, String)] = [
        (
          #"{"targets": [{"name": "N", "slug": "n", "family": "iphone", "points": {"w": -1, "h": 800}, "scale": 3}]}"#,
          "targets[0] (n): points.w: -1 must be above 0"
        ),
        (
          #"{"targets": [{"name": "A", "slug": "a", "family": "iphone", "points": {"w": 400, "h": 800}, "scale": 3}, {"name": "B", "slug": "a", "family": "iphone", "points": {"w": 400, "h": 800}, "scale": 3}]}"#,
          "targets[1] (a): slug: \"a\" is already targets[0] (a)'s"
        ),
        (
          #"{"targets": [{"name": "I", "slug": "i", "family": "iphone", "points": {"w": 400, "h": 880}, "scale": 3, "safe_area": {"portrait": {"top": 900, "left": 0, "bottom": 30, "right": 0}}}]}"#,
          "targets[0] (i): safe_area.portrait: top 900 + bottom 30 exceeds the height 880"
        ),
        (
          #"{"targets": [{"name": "F", "slug": "f", "family": "toaster", "points": {"w": 400, "h": 800}, "scale": 3}]}"#,
          "targets[0] (f): family: unknown family \"toaster\""
        ),
        (#"{"targets": [{"name": "T", "slug": "t", "fam"#, "not valid JSON: line 1, column "),
      ]
      for (index, (text, message)) in cases.enumerated() {
        let path = folder.write(Array(text.utf8), to: "bad-\(index).json")
        for command in [["devices"], ["check", "SampleArt", "--out", folder.path("out-\(index)")]] {
          let run = try ArtfitRun(command + ["--catalog", path])
          #expect(run.status == 2, "\(command[0]) with \(message)")
          #expect(run.stderr.contains("\(path): \(message)"), "\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("out-\(index)")), "nothing runs")
      }
    }

    @Test func shardsMadeWithOtherCatalogsAreNotMerged() throws {
      let mine = try writePhone()
      let other = try writePhone(top: 80, name: "other.json")
      for (shard, catalog) in [("1/2", mine), ("2/2", mine)] {
        let run = try ArtfitRun([
          "check", "SampleArt", "--catalog", catalog, "--targets", "test-phone-1,iphone-16", "--shard", shard, "--out",
          folder.path("same-\(shard.prefix(1))"), "--quiet",
        ])
        #expect(run.status <= 1, "\(run.stderr)")
      }
      // The shards are checks (report.json and junit.xml): the merged sheet is asked for.
      let merged = try ArtfitRun([
        "merge-reports", folder.path("same-1"), folder.path("same-2"), "--out", folder.path("m"), "--reports",
        "json,html",
      ])
      #expect(merged.status <= 1, "the same catalog merges: \(merged.stderr)")
      let sheet = try String(contentsOfFile: folder.path("m/index.html"), encoding: .utf8)
      #expect(sheet.contains("Test Phone 1"))
      // The merged sheet's focus editor solves with the device's own insets: the reader loaded
      // the catalog the reports name (portrait top 70 pt and bottom 30 pt at @3x).
      let island = try #require(sheet.range(of: "<script type=\"application/json\" id=\"artfit-focus-data\">"))
      let end = try #require(sheet[island.upperBound...].range(of: "</script>"))
      let data = try #require(
        try JSONSerialization.jsonObject(with: Data(sheet[island.upperBound..<end.lowerBound].utf8)) as? [String: Any])
      let screens = try #require(data["screens"] as? [[Any]])
      let phone = try #require(screens.first { $0[0] as? String == "test-phone-1" && $0[3] as? String == "portrait" })
      #expect((phone[6] as? [Double]) == [210, 0, 90, 0])

      let run = try ArtfitRun([
        "check", "SampleArt", "--catalog", other, "--targets", "test-phone-1,iphone-16", "--shard", "2/2", "--out",
        folder.path("other-2"), "--quiet",
      ])
      #expect(run.status <= 1)
      let refused = try ArtfitRun([
        "merge-reports", folder.path("same-1"), folder.path("other-2"), "--out", folder.path("n"),
      ])
      #expect(refused.status == 2)
      #expect(
        refused.stderr.contains(other) && refused.stderr.contains(mine) && refused.stderr.contains("different catalogs")
      )
    }

    /// The whole built-in catalog printed by `devices --json`, each entry replacing itself,
    /// changes nothing: the same devices listing, and SampleArt's reports byte for byte but for
    /// the catalog the options record.
    @Test func theBuiltInCatalogRoundTrips() throws {
      let printed = try ArtfitRun(["devices", "--json"])
      var document = try #require(try printed.json() as? [String: Any])
      var targets = try #require(document["targets"] as? [[String: Any]])
      for index in targets.indices { targets[index]["replaces"] = targets[index]["slug"] }
      document["targets"] = targets
      let path = folder.write(Array(try JSONSerialization.data(withJSONObject: document)), to: "round.json")
      #expect(try ArtfitRun(["devices", "--json", "--catalog", path]).stdout == printed.stdout)
      for (name, extra) in [("plain", [String]()), ("round", ["--catalog", path])] {
        let run = try ArtfitRun(
          [
            "check", "SampleArt", "--targets", "all", "--out", folder.path(name), "--quiet", "--reports",
            "json,csv,junit,html",
          ] + extra)
        #expect(run.status <= 1, "\(run.stderr)")
      }
      for file in ["report.csv", "junit.xml", "index.html"] {
        #expect(FileManager.default.contents(atPath: folder.path("plain/" + file)) != nil)
        #expect(
          FileManager.default.contents(atPath: folder.path("plain/" + file))
            == FileManager.default.contents(atPath: folder.path("round/" + file)), "\(file) differs")
      }
      let plain = try String(contentsOfFile: folder.path("plain/report.json"), encoding: .utf8)
      let round = try String(contentsOfFile: folder.path("round/report.json"), encoding: .utf8)
      // Previews too: the overlays are drawn from the figures read back.
      for (name, extra) in [("plain-render", [String]()), ("round-render", ["--catalog", path])] {
        let run = try ArtfitRun(
          [
            "render", "SampleArt/altai-portrait.png", "--targets", "iPhone 16 Pro,iPhone 8,ipad-pro-13-m4,apple-tv-4k",
            "--out", folder.path(name), "--quiet",
          ] + extra)
        #expect(run.status <= 1, "\(run.stderr)")
      }
      let previews = try FileManager.default.contentsOfDirectory(atPath: folder.path("plain-render/altai-portrait"))
        .filter { $0.hasSuffix(".png") }
      #expect(previews.count >= 12)
      for preview in previews {
        #expect(
          FileManager.default.contents(atPath: folder.path("plain-render/altai-portrait/" + preview))
            == FileManager.default.contents(atPath: folder.path("round-render/altai-portrait/" + preview)),
          "\(preview) differs")
      }
      // The options' catalog object (compact; it holds no other object), from its key to its brace.
      let start = try #require(round.range(of: "\"catalog\":{"))
      let end = try #require(round[start.upperBound...].range(of: "}"))
      #expect(round.replacingCharacters(in: start.lowerBound..<end.upperBound, with: "\"catalog\":null") == plain)
    }
  }
}
