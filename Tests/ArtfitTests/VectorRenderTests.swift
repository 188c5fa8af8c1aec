import Artwork
import Foundation
import TestSupport
import Testing

extension Slow {
  /// SVG and PDF through the command line: the report's format and size, previews drawn at
  /// their canvases, `check` agreeing with `render`, transparency on `--background`, and
  /// hostile documents refused by name with nothing on stderr but artfit's own lines.
  @Suite(.tags(.slow))
  struct VectorRenderTests {
    let folder = TemporaryFolder()

    func report(_ path: String) throws -> [[String: Any]] {
      let data = try #require(FileManager.default.contents(atPath: folder.path(path)))
      let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      return try #require(report["artworks"] as? [[String: Any]])
    }

    func art() throws {
      try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
      _ = folder.write(VectorFixtures.halves, to: "art/halves.svg")
      _ = folder.write(VectorFixtures.pdf(width: 300, height: 200, rotate: 90, pages: 2), to: "art/poster.pdf")
    }

    @Test func renderAndCheckGiveTheSameGeometryFromTheIntrinsicSize() throws {
      defer { folder.remove() }
      try art()
      let targets = ["--targets", "iPhone 16 Pro,Apple TV HD", "--modes", "fill,fit"]
      let render = try ArtfitRun(["render", folder.path("art"), "--out", folder.path("out")] + targets)
      #expect(render.status == 0, "\(render.stderr)")
      let check = try ArtfitRun(["check", folder.path("art"), "--out", folder.path("checked")] + targets)
      #expect(check.status == 0, "\(check.stderr)")
      let rendered = try report("out/report.json")
      let checked = try report("checked/report.json")
      #expect(rendered.map { $0["format"] as? String } == ["svg", "pdf"])
      #expect(rendered.allSatisfy { $0["vector"] as? Bool == true })
      #expect(rendered.map { [$0["width"] as? Int, $0["height"] as? Int] } == [[64, 64], [200, 300]])
      #expect(rendered[1]["images"] as? Int == 2)
      for (one, other) in zip(rendered, checked) {
        let crops = { (artwork: [String: Any]) in
          (artwork["results"] as? [[String: Any]] ?? []).map {
            [$0["crop"] as? [String: Double] ?? [:], $0["placement_px"] as? [String: Double] ?? [:]]
          }
        }
        #expect(crops(one) == crops(other) && !crops(one).isEmpty)
      }
      for result in rendered[0]["results"] as? [[String: Any]] ?? [] {
        let preview = try #require(result["preview"] as? String)
        let canvas = try #require(result["canvas"] as? [String: Int])
        let info = try ImageDecoder.probe(file: folder.path("out/" + preview))
        #expect(info.width == canvas["w"] && info.height == canvas["h"], "\(preview)")
      }
      #expect(FileManager.default.fileExists(atPath: folder.path("out/poster/crop-map.png")))
    }

    @Test func transparentVectorsSitOnTheBackgroundAndConvertToTheProfile() throws {
      defer { folder.remove() }
      try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
      _ = folder.write(
        VectorFixtures.svg("width=\"100\" height=\"100\"", "<rect width=\"50\" height=\"100\" fill=\"#ff0000\"/>"),
        to: "art/half.svg")
      let common = ["render", folder.path("art"), "--targets", "Apple TV HD", "--modes", "fill", "--overlays", "none"]
      let run = try ArtfitRun(common + ["--out", folder.path("out"), "--background", "white"])
      #expect(run.status == 0, "\(run.stderr)")
      let preview = try ImageDecoder.decode(file: folder.path("out/half/apple-tv-hd-landscape-fill@1x.png"))
      guard case .uint8(let samples) = preview.storage else {
        Issue.record("expected 8-bit samples")
        return
      }
      let channels = preview.layout.channels
      let left = (540 * preview.width + 100) * channels
      let right = (540 * preview.width + 1800) * channels
      #expect(Array(samples[left..<left + 3]) == [255, 0, 0])
      #expect(Array(samples[right..<right + 3]) == [255, 255, 255])
      let p3 = try ArtfitRun(common + ["--out", folder.path("p3"), "--profile", "display-p3"])
      #expect(p3.status == 0, "\(p3.stderr)")
      let converted = try ImageDecoder.decode(file: folder.path("p3/half/apple-tv-hd-landscape-fill@1x.png"))
      #expect(converted.iccProfile != nil)
      guard case .uint8(let p3Samples) = converted.storage else {
        Issue.record("expected 8-bit samples")
        return
      }
      let red = Array(p3Samples[left..<left + 3])
      // sRGB red inside Display P3 is about (234, 51, 35).
      #expect(abs(Int(red[0]) - 234) <= 2 && abs(Int(red[1]) - 51) <= 3 && abs(Int(red[2]) - 35) <= 3, "\(red)")
    }

    @Test func hostileDocumentsAreErrorsNamingTheCauseAndStderrHoldsOnlyArtfit() throws {
      defer { folder.remove() }
      try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
      let cases: [(String, [UInt8], String)] = [
        ("nosize.svg", VectorFixtures.svg("", "<rect width=\"5\" height=\"5\"/>"), "gives no size"),
        ("cut.svg", Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"9\"><rect".utf8), "XML parse error"),
        ("cut.pdf", Array(VectorFixtures.pdf(width: 90, height: 90).prefix(160)), "damaged"),
        (
          "nopages.pdf",
          Array(
            "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
              .utf8),
          "it has no pages"
        ),
        (
          "entity.svg",
          Array(
            "<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"9\" height=\"9\"><text>&x;</text></svg>"
              .utf8), "which artfit does not load"
        ),
      ]
      for (name, bytes, _) in cases { _ = folder.write(bytes, to: "art/" + name) }
      _ = folder.write(
        VectorFixtures.svg("width=\"9\" height=\"9\"", "<image href=\"../secret.png\" width=\"9\" height=\"9\"/>"),
        to: "art/refers.svg")
      let run = try ArtfitRun(["check", folder.path("art"), "--out", folder.path("out"), "--targets", "iPhone 16 Pro"])
      #expect(run.status == 3, "\(run.stderr)")
      for (name, _, cause) in cases {
        let line = run.stderr.split(separator: "\n").first { $0.contains("art/" + name + ":") }
        #expect(line?.contains(cause) == true, "\(name): \(line ?? "no line")")
      }
      for noise in ["GLib", "Poppler", "CRITICAL", "(process:", "librsvg-WARNING"] {
        #expect(!run.stderr.contains(noise), "\(run.stderr)")
      }
      let artworks = try report("out/report.json")
      #expect(artworks.count == 1)
      let warnings = artworks.first?["warnings"] as? [[String: String]] ?? []
      #expect(warnings.map { $0["kind"] } == ["external_reference"])
      #expect(warnings.first?["message"]?.contains("\"../secret.png\"") == true)
    }
  }
}
