import Artwork
import Foundation
import TestSupport
import Testing

extension Slow {
  /// `artfit assets`: the catalog's file tree, each scale's pixel size, and Contents.json with
  /// exactly the keys Apple's Asset Catalog Format Reference documents.
  @Suite(.tags(.slow))
  struct AssetsCommandTests {
    let folder = TemporaryFolder()

    func art() throws {
      try FileManager.default.createDirectory(atPath: folder.path("art/onboarding"), withIntermediateDirectories: true)
      _ = folder.write(try ImageEncoder.png(TestPictures.quadrants(width: 900, height: 600)), to: "art/hero.png")
      _ = folder.write(
        try ImageEncoder.jpeg(TestPictures.quadrants(width: 600, height: 900)), to: "art/onboarding/step.jpg")
    }

    func json(_ path: String) throws -> [String: Any] {
      try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path(path))))
          as? [String: Any])
    }

    func size(_ path: String) throws -> (Int, Int) {
      let info = try ImageDecoder.probe(file: folder.path(path))
      return (info.width, info.height)
    }

    func expectInfo(_ contents: [String: Any]) {
      let info = contents["info"] as? [String: Any]
      #expect(info?["author"] as? String == "artfit" && info?["version"] as? Int == 1)
    }

    @Test func universalImageSetsAtEachScale() throws {
      defer { folder.remove() }
      try art()
      let run = try ArtfitRun([
        "assets", folder.path("art"), "--out", folder.path("App.xcassets"), "--points", "100x50",
      ])
      #expect(run.status == 0, "\(run.stderr)")
      // Hidden files (artfit's .artfit-cache.json) are not part of the catalog Xcode reads.
      let tree = try FileManager.default.subpathsOfDirectory(atPath: folder.path("App.xcassets")).filter {
        !$0.hasPrefix(".")
      }.sorted()
      #expect(
        tree == [
          "Contents.json", "hero.imageset", "hero.imageset/Contents.json", "hero.imageset/hero@1x.png",
          "hero.imageset/hero@2x.png", "hero.imageset/hero@3x.png", "onboarding", "onboarding/Contents.json",
          "onboarding/step.imageset", "onboarding/step.imageset/Contents.json", "onboarding/step.imageset/step@1x.png",
          "onboarding/step.imageset/step@2x.png", "onboarding/step.imageset/step@3x.png",
        ])
      for scale in 1...3 {
        #expect(try size("App.xcassets/hero.imageset/hero@\(scale)x.png") == (100 * scale, 50 * scale))
        #expect(try size("App.xcassets/onboarding/step.imageset/step@\(scale)x.png") == (100 * scale, 50 * scale))
      }
      let contents = try json("App.xcassets/hero.imageset/Contents.json")
      #expect(Set(contents.keys) == ["images", "info"])
      let images = try #require(contents["images"] as? [[String: String]])
      #expect(images == (1...3).map { ["filename": "hero@\($0)x.png", "idiom": "universal", "scale": "\($0)x"] })
      expectInfo(contents)
      for path in ["App.xcassets/Contents.json", "App.xcassets/onboarding/Contents.json"] {
        let folderContents = try json(path)
        #expect(Set(folderContents.keys) == ["info"])
        expectInfo(folderContents)
      }
    }

    @Test func vectorsGoInAsTheFileItselfPreservingVectorData() throws {
      defer { folder.remove() }
      try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
      let svg = folder.write(VectorFixtures.halves, to: "art/logo.svg")
      let pdf = folder.write(VectorFixtures.pdf(width: 40, height: 30), to: "art/badge.pdf")
      let run = try ArtfitRun(["assets", folder.path("art"), "--out", folder.path("App.xcassets")])
      #expect(run.status == 0, "\(run.stderr)")
      for (name, source, ext) in [("logo", svg, "svg"), ("badge", pdf, "pdf")] {
        let kept = folder.path("App.xcassets/\(name).imageset/\(name).\(ext)")
        #expect(FileManager.default.contents(atPath: kept) == FileManager.default.contents(atPath: source))
        let contents = try json("App.xcassets/\(name).imageset/Contents.json")
        #expect(Set(contents.keys) == ["images", "info", "properties"])
        #expect(contents["images"] as? [[String: String]] == [["filename": "\(name).\(ext)", "idiom": "universal"]])
        #expect((contents["properties"] as? [String: Bool]) == ["preserves-vector-representation": true])
      }
    }

    @Test func rasterizedVectorsAreDrawnAtEachScale() throws {
      defer { folder.remove() }
      try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
      _ = folder.write(VectorFixtures.halves, to: "art/logo.svg")
      let run = try ArtfitRun([
        "assets", folder.path("art"), "--out", folder.path("App.xcassets"), "--rasterize-vectors",
      ])
      #expect(run.status == 0, "\(run.stderr)")
      for scale in 1...3 {
        let path = folder.path("App.xcassets/logo.imageset/logo@\(scale)x.png")
        let image = try ImageDecoder.decode(file: path)
        // The 64 pt icon at each scale, its red/blue edge on a pixel boundary: drawn, not resampled.
        #expect(image.width == 64 * scale && image.height == 64 * scale)
        guard case .uint8(let samples) = image.storage else {
          Issue.record("expected 8-bit samples")
          continue
        }
        let row = 10 * scale * image.width * 3
        let left = Array(samples[row + (32 * scale - 1) * 3..<row + 32 * scale * 3])
        let right = Array(samples[row + 32 * scale * 3..<row + (32 * scale + 1) * 3])
        #expect(left == [255, 0, 0] && right == [0, 0, 255], "@\(scale)x: \(left) \(right)")
      }
      let images = try #require(try json("App.xcassets/logo.imageset/Contents.json")["images"] as? [[String: String]])
      #expect(images.map { $0["scale"] } == ["1x", "2x", "3x"])
    }

    @Test func deviceIdiomsFitModeAndDefaultPoints() throws {
      defer { folder.remove() }
      try art()
      let run = try ArtfitRun([
        "assets", folder.path("art/hero.png"), "--out", folder.path("Icons.xcassets"), "--idioms", "iphone,ipad",
        "--mode", "fit",
      ])
      #expect(run.status == 0, "\(run.stderr)")
      let images = try #require(try json("Icons.xcassets/hero.imageset/Contents.json")["images"] as? [[String: String]])
      #expect(images.map { "\($0["idiom"]!) \($0["scale"]!)" } == ["iphone 2x", "iphone 3x", "ipad 1x", "ipad 2x"])
      // No --points: the 900×600 master is @3x, so 300×200 points.
      #expect(try size("Icons.xcassets/hero.imageset/hero-iphone@3x.png") == (900, 600))
      #expect(try size("Icons.xcassets/hero.imageset/hero-ipad@1x.png") == (300, 200))
    }

    @Test func fitKeepsTheArtworksAspect() throws {
      defer { folder.remove() }
      try art()
      let run = try ArtfitRun([
        "assets", folder.path("art/hero.png"), "--out", folder.path("A.xcassets"), "--points", "100x100", "--mode",
        "fit",
      ])
      #expect(run.status == 0)
      // 900×600 into 200×200: placed at y 33.3…166.7, edges rounded to the pixel as everywhere.
      #expect(try size("A.xcassets/hero.imageset/hero@2x.png") == (200, 134))
    }

    @Test func rerunKeepsUnchangedSetsAndRewritesChangedOnes() throws {
      defer { folder.remove() }
      try art()
      let arguments = ["assets", folder.path("art"), "--out", folder.path("App.xcassets"), "--points", "100x50"]
      #expect(try ArtfitRun(arguments).stdout.contains("6 images written"))
      let heroTime =
        try FileManager.default.attributesOfItem(atPath: folder.path("App.xcassets/hero.imageset/hero@2x.png"))[
          .modificationDate] as? Date
      let rerun = try ArtfitRun(arguments)
      #expect(
        rerun.stdout.contains("0 images written") && rerun.stdout.contains("2 unchanged sets kept"), "\(rerun.stdout)")
      let changedPath = folder.write(
        try ImageEncoder.png(TestPictures.quadrants(width: 300, height: 300)), to: "art/onboarding/step.jpg")
      // A time set explicitly a minute on, so a coarse file-system clock cannot leave it as it was.
      var times = [timespec(tv_sec: time(nil) + 60, tv_nsec: 0), timespec(tv_sec: time(nil) + 60, tv_nsec: 0)]
      #expect(utimensat(AT_FDCWD, changedPath, &times, 0) == 0)
      let changed = try ArtfitRun(arguments)
      #expect(
        changed.stdout.contains("3 images written") && changed.stdout.contains("1 unchanged set kept"),
        "\(changed.stdout)")
      #expect(
        try FileManager.default.attributesOfItem(atPath: folder.path("App.xcassets/hero.imageset/hero@2x.png"))[
          .modificationDate] as? Date == heroTime)
      let newPoints = try ArtfitRun([
        "assets", folder.path("art"), "--out", folder.path("App.xcassets"), "--points", "60x60",
      ])
      #expect(newPoints.stdout.contains("6 images written"), "\(newPoints.stdout)")
      #expect(try size("App.xcassets/hero.imageset/hero@3x.png") == (180, 180))
    }

    /// A file replaced behind the cache's back (another run, a person) is made again; the
    /// sets whose files are as the last run left them are kept.
    @Test func aFileReplacedSinceTheLastRunIsMadeAgain() throws {
      defer { folder.remove() }
      try art()
      let arguments = ["assets", folder.path("art"), "--out", folder.path("App.xcassets"), "--points", "100x50"]
      #expect(try ArtfitRun(arguments).stdout.contains("6 images written"))
      let path = folder.path("App.xcassets/hero.imageset/hero@2x.png")
      let made = try #require(FileManager.default.contents(atPath: path))
      _ = folder.write(
        try ImageEncoder.png(TestPictures.quadrants(width: 200, height: 100)),
        to: "App.xcassets/hero.imageset/hero@2x.png")
      let rerun = try ArtfitRun(arguments)
      #expect(
        rerun.stdout.contains("3 images written") && rerun.stdout.contains("1 unchanged set kept"), "\(rerun.stdout)")
      #expect(FileManager.default.contents(atPath: path) == made)
    }

    @Test func outputMustBeAnAssetCatalog() throws {
      let run = try ArtfitRun(["assets", ".", "--out", "previews"])
      #expect(run.status == 2 && run.stderr.contains(".xcassets"))
    }
  }
}
