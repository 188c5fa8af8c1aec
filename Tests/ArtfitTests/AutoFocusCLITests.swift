import Artwork
import Foundation
import TestSupport
import Testing

/// `--auto-focus` on the command line: the found region is reported with origin "auto" and
/// steers the fill crops; a focus that is given wins over it.
struct AutoFocusCLITests {
  @Test func checkFindsTheSubjectAndCropsToIt() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    // A red square near the right edge of a wide grey field.
    let image = TestPictures.picture(width: 1600, height: 900, background: [120, 124, 128]) { x, y in
      x >= 1300 && x < 1450 && y >= 380 && y < 530 ? [220, 30, 40] : nil
    }
    let path = folder.write(try ImageEncoder.png(image), to: "poster.png")
    let run = try ArtfitRun([
      "check", path, "--auto-focus", "--targets", "1080x1920@1", "--modes", "fill", "--require-focus", "--json",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try #require(try run.json() as? [String: Any])
    let artwork = try #require((json["artworks"] as? [[String: Any]])?.first)
    let focus = try #require(artwork["focus"] as? [String: Any])
    #expect(focus["origin"] as? String == "auto")
    let result = try #require((artwork["results"] as? [[String: Any]])?.first)
    #expect(result["gravity"] as? String == "focus" && result["focus_visible"] as? Bool == true)
    let crop = try #require(result["crop"] as? [String: Double])
    #expect(crop["x"]! <= 1300 && crop["x"]! + crop["w"]! >= 1450, "the crop keeps the red square: \(crop)")

    let given = try ArtfitRun([
      "check", path, "--auto-focus", "--focus", "0,0,0.2,0.2", "--targets", "1080x1920@1", "--modes", "fill", "--json",
    ])
    let givenFocus =
      ((try given.json() as? [String: Any])?["artworks"] as? [[String: Any]])?.first?["focus"] as? [String: Any]
    #expect(givenFocus?["origin"] as? String == "option")
  }
}
