import Artwork
import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec

extension Slow {
  /// A screen shaped as screens now are, described in a user catalog (version 2): corners of
  /// different radii, a camera hole inside the safe area, a fold across the middle and the
  /// status bar along the right edge; listed, solved, drawn and checked as a user runs them.
  /// And a version-1 catalog (one radius, a notch) still works.
  @Suite(.tags(.slow), .serialized) struct ScreenShapeCLITests {
    let folder = TemporaryFolder()

    static let foldable = """
      {"version": 2, "targets": [{"name": "Test Foldable", "slug": "test-foldable", "family": "iphone",
       "points": {"w": 400, "h": 800}, "scale": 2,
       "corners": {"top_left": 8, "top_right": 50, "bottom_right": 50, "bottom_left": 8},
       "safe_area": {"portrait": {"top": 20, "left": 0, "bottom": 20, "right": 0},
                     "landscape": {"top": 0, "left": 20, "bottom": 0, "right": 20}},
       "regions": [{"kind": "occlusion", "shape": "hole", "x": 300, "y": 40, "w": 40, "h": 40},
                   {"kind": "division", "shape": "fold", "x": 0, "y": 400, "w": 400, "h": 0}],
       "status_bar": 20, "status_bar_edge": "right", "orientations": ["portrait", "landscape"]}]}
      """

    var catalog: String { folder.write(Array(Self.foldable.utf8), to: "foldable.json") }

    @Test func devicesListsItAndPrintsItsShapeBack() throws {
      let mine = catalog
      let table = try ArtfitRun(["devices", "--family", "iphone", "--catalog", mine])
      #expect(table.status == 0 && table.stdout.contains("Test Foldable"), "\(table.stderr)")
      let json = try ArtfitRun(["devices", "--family", "iphone", "--json", "--catalog", mine])
      let targets = try #require((try json.json() as? [String: Any])?["targets"] as? [[String: Any]])
      let entry = try #require(targets.first { $0["slug"] as? String == "test-foldable" })
      #expect(
        (entry["corners"] as? [String: Double])
          == ["top_left": 8, "top_right": 50, "bottom_right": 50, "bottom_left": 8])
      let regions = try #require(entry["regions"] as? [[String: Any]])
      #expect(regions.map { $0["kind"] as? String } == ["occlusion", "division"])
      #expect(regions.map { $0["shape"] as? String } == ["hole", "fold"])
      #expect(entry["status_bar_edge"] as? String == "right")
    }

    @Test func fitFailsAFocusUnderTheHoleOrAcrossTheFold() throws {
      let mine = catalog
      func fit(_ focus: String) throws -> ArtfitRun {
        try ArtfitRun([
          "fit", "--catalog", mine, "--source", "800x1600", "--target", "test-foldable", "--orientation", "portrait",
          "--focus", focus, "--require-focus",
        ])
      }
      let hole = try fit("0.74,0.04,0.12,0.04")  // 296...344 x 64...128 px of 800x1600: over the hole
      #expect(hole.status == 1 && hole.stdout.contains("outside the visible safe area"), "\(hole.stdout)")
      let fold = try fit("0.3,0.45,0.2,0.1")  // rows 720...880: across the fold at 800
      #expect(fold.status == 1 && fold.stdout.contains("fold"), "\(fold.stdout)")
      let clear = try fit("0.1,0.2,0.3,0.2")
      #expect(clear.status == 0, "\(clear.stdout)")
    }

    @Test func renderDrawsCornersHoleAndFoldAndCheckReportsFocusDivided() throws {
      let mine = catalog
      let out = folder.path("out")
      let render = try ArtfitRun([
        "render", "SampleArt/altai-portrait.png", "--catalog", mine, "--targets", "test-foldable", "--modes", "fill",
        "--orientations", "portrait,landscape", "--out", out, "--quiet",
      ])
      #expect(render.status == 0, "\(render.stderr)")
      let portrait = try ImageDecoder.decode(file: out + "/altai-portrait/test-foldable-portrait-fill@2x.png")
      #expect(portrait.width == 800 && portrait.height == 1600)
      #expect(portrait.pixel(x: 640, y: 120) == [0, 0, 0], "the hole (600...680 x 80...160 px) is black")
      let fold = portrait.pixel(x: 200, y: 800)
      #expect(fold[2] > 200 && fold[1] > 150, "the fold is drawn in the division colour: \(fold)")
      #expect(portrait.pixel(x: 6, y: 6) != [0, 0, 0], "the 16 px top-left corner leaves (6, 6) showing")
      #expect(portrait.pixel(x: 793, y: 6) == [0, 0, 0], "the 100 px top-right corner masks (793, 6)")
      let landscape = try ImageDecoder.decode(file: out + "/altai-portrait/test-foldable-landscape-fill@2x.png")
      #expect(landscape.width == 1600 && landscape.height == 800)
      #expect(landscape.pixel(x: 120, y: 160) == [0, 0, 0], "the hole turns with the screen: (80...160, 120...200)")
      #expect(
        landscape.pixel(x: 6, y: 793) != [0, 0, 0], "portrait's small top-left corner is landscape's bottom-left")

      let checked = try ArtfitRun([
        "check", "SampleArt/altai-portrait.png", "--catalog", mine, "--targets", "test-foldable", "--modes", "fill",
        "--orientations", "portrait", "--focus", "0.3,0.45,0.2,0.1", "--require-focus", "--out", folder.path("checked"),
        "--quiet",
      ])
      #expect(checked.status == 1, "\(checked.stderr)")
      let data = try #require(FileManager.default.contents(atPath: folder.path("checked/report.json")))
      let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      let artwork = try #require((report["artworks"] as? [[String: Any]])?.first)
      let result = try #require((artwork["results"] as? [[String: Any]])?.first)
      #expect(result["focus_divided"] as? Bool == true)
      let failures = try #require(result["failures"] as? [[String: Any]])
      #expect(failures.map { $0["check"] as? String } == ["focus_divided"])
    }

    @Test func aVersionOneCatalogStillWorks() throws {
      let v1 = """
        {"version": 1, "targets": [{"name": "Old Phone", "slug": "old-phone", "family": "iphone",
         "points": {"w": 375, "h": 812}, "scale": 2, "corner_radius": 40,
         "safe_area": {"portrait": {"top": 44, "left": 0, "bottom": 34, "right": 0}, "landscape": null},
         "sensor_housing": {"shape": "notch", "x": 83, "y": 0, "w": 209, "h": 30}}]}
        """
      let path = folder.write(Array(v1.utf8), to: "v1.json")
      let fit = try ArtfitRun(["fit", "--catalog", path, "--source", "750x1624", "--target", "old-phone", "--json"])
      #expect(fit.status == 0, "\(fit.stderr)")
      let out = folder.path("v1-out")
      let render = try ArtfitRun([
        "render", "SampleArt/altai-portrait.png", "--catalog", path, "--targets", "old-phone", "--modes", "fill",
        "--orientations", "portrait", "--out", out, "--quiet",
      ])
      #expect(render.status == 0, "\(render.stderr)")
      let preview = try ImageDecoder.decode(file: out + "/altai-portrait/old-phone-portrait-fill@2x.png")
      #expect(preview.pixel(x: 375, y: 10) == [0, 0, 0], "the notch is drawn")
      #expect(preview.pixel(x: 1, y: 1) == [0, 0, 0], "the corner is masked")
      let json = try ArtfitRun(["devices", "--family", "iphone", "--json", "--catalog", path])
      let entry = try #require(
        ((try json.json() as? [String: Any])?["targets"] as? [[String: Any]])?.first {
          $0["slug"] as? String == "old-phone"
        })
      #expect((entry["corners"] as? [String: Double])?["top_left"] == 40)
      #expect((entry["regions"] as? [[String: Any]])?.first?["shape"] as? String == "notch")
    }
  }
}
