import Artwork
import Foundation
import TestSupport
import Testing

extension Slow {
  /// tvOS layered images as a user hands them over: an `.imagestack` folder is one artwork
  /// (its layers' pictures are not artworks of their own), `check`, `render` and a merged
  /// report say the same of it, a see-through back fails, the cache sees a changed layer, and
  /// what artfit does not read (Icon Composer icons, LSR files) is named.
  @Suite(.tags(.slow), .serialized) struct ImageStackCLITests {
    let folder = TemporaryFolder()

    /// A stack whose front is a `frontSize` square of white at the top left of a 400x240
    /// canvas, over a back of `backAlpha`.
    func writeStack(_ name: String, frontSize: Int, backAlpha: UInt8, kind: String = "imagestack") throws {
      var front = Image(width: 400, height: 240, layout: .rgba, filledWith: [0, 0, 0, 0])
      guard case .uint8(var samples) = front.storage else { return }
      for y in 4..<(4 + frontSize) {
        for x in 4..<(4 + frontSize) {
          samples.replaceSubrange((y * 400 + x) * 4..<(y * 400 + x) * 4 + 4, with: [255, 255, 255, 255])
        }
      }
      front.storage = .uint8(samples)
      let back = Image(width: 400, height: 240, layout: .rgba, filledWith: [30, 60, 90, backAlpha])
      try ImageStackFixture.write(
        [.init("Front", front), .init("Back", back)], to: folder.path("art/\(name).\(kind)"))
    }

    /// What a report.json says of each artwork: its layers and, per result, the failed checks
    /// and each layer's share outside the safe region.
    static func summary(_ report: String) throws -> [String: String] {
      let data = try #require(FileManager.default.contents(atPath: report))
      let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      var said: [String: String] = [:]
      for artwork in try #require(object["artworks"] as? [[String: Any]]) {
        let source = try #require(artwork["source"] as? String)
        let layers = (artwork["layers"] as? [[String: Any]])?.map { layer in
          let box = (layer["content"] as? [String: Int]).map { c in ["x", "y", "w", "h"].map { c[$0] ?? -1 } }
          return "\(layer["name"]!) opaque \(layer["opaque"]!) content \(box.map { "\($0)" } ?? "none")"
        }
        var line = "layers \(layers ?? [])"
        for result in try #require(artwork["results"] as? [[String: Any]]) {
          let failed = try #require(result["failures"] as? [[String: Any]]).compactMap { $0["check"] as? String }
          let shares = result["layers_outside_safe"] as? [Double]
          #expect((shares?.count) == (layers?.count), "\(source): a share for every layer, only on a stack")
          line += "; \(result["slug"]!) \(result["mode"]!) \(failed) \(shares ?? [])"
        }
        said[source] = line
      }
      return said
    }

    @Test(
      "a stack is one artwork: check, render and merge-reports agree on its layers, shares and the see-through back")
    func aStackIsOneArtworkEverywhere() throws {
      try writeStack("Hero", frontSize: 60, backAlpha: 255)
      try writeStack("Glass", frontSize: 20, backAlpha: 200)
      try writeStack("Vision", frontSize: 20, backAlpha: 200, kind: "solidimagestack")
      folder.write(
        try ImageEncoder.png(Image(width: 400, height: 240, layout: .rgb, filledWith: [9, 9, 9])), to: "art/plain.png")
      let targets = "icon-tvos,icon-tvos-app-store"
      let check = try ArtfitRun([
        "check", folder.path("art"), "--targets", targets, "--out", folder.path("checked"), "--shard", "1/1",
      ])
      #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
      let checked = try Self.summary(folder.path("checked/report.json"))
      let art = folder.path("art")
      #expect(
        checked.keys.sorted() == [
          "\(art)/Glass.imagestack", "\(art)/Hero.imagestack", "\(art)/Vision.solidimagestack", "\(art)/plain.png",
        ])
      let glass = try #require(checked["\(art)/Glass.imagestack"])
      // A visionOS stack is read as a tvOS one is: the same layers, the same results.
      #expect(checked["\(art)/Vision.solidimagestack"] == glass)
      let hero = try #require(checked["\(art)/Hero.imagestack"])
      #expect(glass.components(separatedBy: "\"layered_background\"").count == 5, "\(glass)")
      #expect(!hero.contains("layered_background") && hero.contains("Back opaque 1"), "\(hero)")
      // The tvOS icon's safe zone is 370x222 of 400x240, centred: x 15–385, y 9–231 (pt), so
      // the 60-pt square at (4, 4) keeps (64 − 15) × (64 − 9) of 60², the back 370 × 222 of
      // 400 × 240; the App Store icon has no inset, so nothing is outside.
      func places4(_ value: Double) -> Double { (value * 10000).rounded() / 10000 }
      let front = places4(1 - Double(49 * 55) / 3600)
      let back = places4(1 - Double(370 * 222) / Double(400 * 240))
      #expect(hero.contains("icon-tvos fit [] [\(front), \(back)]"), "\(hero)")
      // A 400x240 stack is no App Store icon (1280x768): that slot says so, and nothing else.
      #expect(hero.contains("icon-tvos-app-store fit [\"icon_size\"] [0.0, 0.0]"), "\(hero)")
      #expect((check.stdout + check.stderr).contains("fill the back layer"), "\(check.stdout)")
      let render = try ArtfitRun([
        "render", folder.path("art"), "--targets", targets, "--out", folder.path("rendered"), "--quiet", "--no-cache",
      ])
      #expect(render.status == 1, "\(render.stderr)")
      #expect(try Self.summary(folder.path("rendered/report.json")) == checked)
      let merged = try ArtfitRun(["merge-reports", folder.path("checked"), "--out", folder.path("merged"), "--quiet"])
      #expect(merged.status == 1, "\(merged.stderr)")
      #expect(try Self.summary(folder.path("merged/report.json")) == checked)
      folder.remove()
    }

    @Test("the cache keeps an unchanged stack and redraws it when one layer's picture or Contents.json changes")
    func theCacheSeesEveryLayer() throws {
      try writeStack("Hero", frontSize: 60, backAlpha: 255)
      let args = ["render", folder.path("art"), "--targets", "icon-tvos", "--out", folder.path("out")]
      let first = try ArtfitRun(args)
      #expect(first.status == 0, "\(first.stderr)")
      let before = try Self.summary(folder.path("out/report.json"))
      let kept = try ArtfitRun(args)
      #expect(kept.stdout.contains("1 unchanged artwork kept"), "\(kept.stdout)")
      #expect(try Self.summary(folder.path("out/report.json")) == before)
      // The front rewritten in place, same size on disk or not: a new picture.
      try writeStack("Hero", frontSize: 100, backAlpha: 255)
      let redrawn = try ArtfitRun(args)
      #expect(!redrawn.stdout.contains("unchanged artwork kept"), "\(redrawn.stdout)")
      let after = try Self.summary(folder.path("out/report.json"))
      #expect(after != before && after.values.first?.contains("content [4, 4, 100, 100]") == true, "\(after)")
      // Only the layer's Contents.json: a frame that moves the front.
      try ImageStackFixture.json(
        ["properties": ["frame-center": ["x": 220, "y": 120]]],
        to: folder.path("art/Hero.imagestack/Front.imagestacklayer/Contents.json"))
      let moved = try ArtfitRun(args)
      #expect(!moved.stdout.contains("unchanged artwork kept"), "\(moved.stdout)")
      #expect(try Self.summary(folder.path("out/report.json")) != after)
      folder.remove()
    }

    @Test(
      "an Icon Composer icon and an LSR file are input errors naming what to hand over; a stack's own files are not")
    func unreadLayeredFormatsAreNamed() throws {
      try writeStack("Hero", frontSize: 60, backAlpha: 255)
      try FileManager.default.createDirectory(
        atPath: folder.path("art/App.icon/Assets"), withIntermediateDirectories: true)
      folder.write(Array("{\"groups\": []}".utf8), to: "art/App.icon/icon.json")
      folder.write([0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 40), to: "art/Poster.lsr")
      let run = try ArtfitRun(["check", folder.path("art"), "--targets", "icon-tvos", "--out", folder.path("out")])
      #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
      #expect(run.stderr.contains("App.icon") && run.stderr.contains("Icon Composer icon"), "\(run.stderr)")
      #expect(run.stderr.contains("Poster.lsr") && run.stderr.contains(".imagestack"), "\(run.stderr)")
      #expect(!run.stderr.contains("imagestacklayer"), "a stack's own files are not inputs: \(run.stderr)")
      #expect(try Self.summary(folder.path("out/report.json")).count == 1)
      // An asset catalog holds a stack as the stack: assets says so instead of flattening it.
      let assets = try ArtfitRun([
        "assets", folder.path("art/Hero.imagestack"), "--out", folder.path("Assets.xcassets"),
      ])
      #expect(assets.status == 3 && assets.stderr.contains("copy the .imagestack folder"), "\(assets.stderr)")
      folder.remove()
    }

    @Test("template takes a stack's size from its composite; a plain folder is still refused")
    func templateTakesAStacksSize() throws {
      try writeStack("Hero", frontSize: 60, backAlpha: 255)
      let run = try ArtfitRun([
        "template", "--source", folder.path("art/Hero.imagestack"), "--targets", "icon-tvos", "--out",
        folder.path("Templates"), "--json",
      ])
      #expect(run.status == 0, "\(run.stderr)")
      let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
      let size = try #require(json["source"] as? [String: Double])
      #expect(size == ["w": 400, "h": 240], "\(size)")
      let plain = try ArtfitRun(["template", "--source", folder.path("art"), "--out", folder.path("Templates")])
      #expect(plain.status == 2 && plain.stderr.contains("is a folder"), "\(plain.stderr)")
      folder.remove()
    }
  }
}
