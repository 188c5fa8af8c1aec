import Artwork
import Foundation
import TestSupport
import Testing

extension Slow {
  /// The families beyond iPhone, iPad and Apple TV, as `devices` lists them and `fit` solves
  /// them: every target's canvas, crop and safe-area crop loss against a computation of the
  /// test's own from the figures `devices --json` prints (a fill is the larger scale, centred;
  /// the safe area and each occlusion are mapped back into the source).
  @Suite(.tags(.slow), .serialized) struct FamilyFitTests {
    static let families = ["watch", "mac", "vision", "carplay", "appstore", "topshelf"]

    @Test(arguments: families) func everyTargetIsListedWithItsSources(family: String) throws {
      let run = try ArtfitRun(["devices", "--family", family, "--json"])
      #expect(run.status == 0, "\(run.stderr)")
      let document = try #require(try run.json() as? [String: Any])
      let references = try #require(document["references"] as? [String: Any])
      let targets = try #require(document["targets"] as? [[String: Any]])
      #expect(targets.count == Catalog.targets(in: Family(rawValue: family)!).count && !targets.isEmpty)
      for target in targets {
        let name = target["name"] as? String ?? "?"
        let sources = try #require(target["sources"] as? [String: [String]])
        let confidence = try #require(target["confidence"] as? [String: String])
        #expect(!(sources["dimensions"] ?? []).isEmpty, "\(name): its size has a source")
        for (figure, ids) in sources {
          for id in ids { #expect(references[id] != nil, "\(name): \(figure) cites \(id), which is listed") }
          let sure = confidence[figure] ?? "unknown"
          #expect(
            !ids.isEmpty || ["unknown", "inferred"].contains(sure), "\(name): \(figure) is \(sure) without a source")
        }
      }
      let table = try ArtfitRun(["devices", "--family", family])
      for target in targets { #expect(table.stdout.contains(target["name"] as? String ?? "\u{0}")) }
    }

    @Test(arguments: families) func fitAgreesWithAnIndependentComputation(family: String) throws {
      let listed = try ArtfitRun(["devices", "--family", family, "--json"])
      let targets = try #require((try listed.json() as? [String: Any])?["targets"] as? [[String: Any]])
      let bySlug = Dictionary(uniqueKeysWithValues: targets.map { ($0["slug"] as! String, $0) })
      let (sourceW, sourceH) = (3000.0, 2000.0)
      let run = try ArtfitRun(["fit", "--source", "3000x2000", "--target", family, "--json"])
      #expect(run.status == 0, "\(run.stderr)")
      // One target prints its result object; several print {"results": [...]}.
      let document = try #require(try run.json() as? [String: Any])
      let results = document["results"] as? [[String: Any]] ?? [document]
      var solved = Set<String>()
      for result in results {
        let slug = try #require(result["slug"] as? String)
        solved.insert(slug)
        let target = try #require(bySlug[slug])
        let orientations = try #require(target["orientations"] as? [String])
        let orientation = try #require(result["orientation"] as? String)
        let points = try #require(target["points"] as? [String: Double])
        let turned = orientations.count > 1 && orientation != "portrait"
        let (w, h) = turned ? (points["h"]!, points["w"]!) : (points["w"]!, points["h"]!)
        let scale = try #require(target["scale"] as? Double)
        let canvasW = (w * scale).rounded()
        let canvasH = (h * scale).rounded()
        #expect((result["canvas"] as? [String: Double]) == ["w": canvasW, "h": canvasH], "\(slug) canvas")

        let s = max(canvasW / sourceW, canvasH / sourceH)
        let visibleW = canvasW / s
        let visibleH = canvasH / s
        let cropX = (sourceW - visibleW) / 2
        let cropY = (sourceH - visibleH) / 2
        let crop = try #require(result["crop"] as? [String: Double])
        // report.json rounds rects to one decimal.
        #expect(abs(crop["x"]! - cropX) <= 0.051 && abs(crop["w"]! - visibleW) <= 0.051, "\(slug) \(crop) \(cropX)")
        #expect(abs(crop["y"]! - cropY) <= 0.051 && abs(crop["h"]! - visibleH) <= 0.051, "\(slug) \(crop) \(cropY)")
        #expect(abs((result["crop_loss"] as! Double) - (1 - visibleW * visibleH / (sourceW * sourceH))) < 1e-4)

        // The safe area and the occlusions in source pixels (the regions of a target that
        // turns would turn too; none of these families has one).
        let safeArea = target["safe_area"] as? [String: Any]
        let insets = safeArea?[orientation == "portrait" ? "portrait" : "landscape"] as? [String: Double] ?? [:]
        func toSource(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> (Double, Double, Double, Double) {
          (cropX + x / s, cropY + y / s, width / s, height / s)
        }
        let safe = toSource(
          (insets["left"] ?? 0) * scale, (insets["top"] ?? 0) * scale,
          canvasW - ((insets["left"] ?? 0) + (insets["right"] ?? 0)) * scale,
          canvasH - ((insets["top"] ?? 0) + (insets["bottom"] ?? 0)) * scale)
        var shown = overlap(safe, (0, 0, sourceW, sourceH))
        let regions = target["regions"] as? [[String: Any]] ?? []
        #expect(regions.isEmpty || !turned, "\(slug): a turned region needs the turn in this computation")
        for region in regions where region["kind"] as? String == "occlusion" {
          guard let x = region["x"] as? Double, let y = region["y"] as? Double, let rw = region["w"] as? Double,
            let rh = region["h"] as? Double
          else { continue }
          shown -= overlap(
            toSource(x * scale, y * scale, rw * scale, rh * scale), intersect(safe, (0, 0, sourceW, sourceH)))
        }
        let safeLoss = 1 - shown / (sourceW * sourceH)
        #expect(abs((result["safe_crop_loss"] as! Double) - safeLoss) < 1e-4, "\(slug) safe crop loss")
      }
      #expect(solved == Set(bySlug.keys), "fit solves every target of \(family)")
    }

    @Test func aFocusUnderTheMacsHousingFailsRequireFocus() throws {
      // The housing is 230x32 pt centred on 1512x982: a focus at the top centre lies under it.
      let under = try ArtfitRun([
        "fit", "--source", "3024x1964", "--target", "macbook-pro-14", "--focus", "0.48,0,0.04,0.01", "--require-focus",
      ])
      #expect(under.status == 1 && under.stdout.contains("FAILED"), "\(under.stdout)")
      let below = try ArtfitRun([
        "fit", "--source", "3024x1964", "--target", "macbook-pro-14", "--focus", "0.4,0.4,0.2,0.2", "--require-focus",
      ])
      #expect(below.status == 0, "\(below.stdout)")
    }
  }
}

typealias Box = (x: Double, y: Double, w: Double, h: Double)

private func intersect(_ a: Box, _ b: Box) -> Box {
  let x = max(a.x, b.x)
  let y = max(a.y, b.y)
  return (x, y, max(0, min(a.x + a.w, b.x + b.w) - x), max(0, min(a.y + a.h, b.y + b.h) - y))
}

private func overlap(_ a: Box, _ b: Box) -> Double {
  let box = intersect(a, b)
  return box.w * box.h
}
