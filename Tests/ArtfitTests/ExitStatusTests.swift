import Artwork
import Foundation
import TestSupport
import Testing

/// The contract's exit statuses, from the built binary.
struct ExitStatusTests {
  func art() throws -> TemporaryFolder {
    let folder = TemporaryFolder()
    try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
    _ = folder.write(try ImageEncoder.png(TestPictures.quadrants(width: 200, height: 100)), to: "art/wide.png")
    return folder
  }

  @Test func zeroWhenEverythingPasses() throws {
    let folder = try art()
    defer { folder.remove() }
    let run = try ArtfitRun(["check", folder.path("art"), "--out", folder.path("out"), "--targets", "video-2x1"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(FileManager.default.fileExists(atPath: folder.path("out/report.json")))
  }

  @Test func oneWhenACheckFails() throws {
    let folder = try art()
    defer { folder.remove() }
    let run = try ArtfitRun([
      "check", folder.path("art"), "--out", folder.path("out"), "--targets", "iPhone 15 Pro", "--modes", "fill",
      "--max-crop-loss", "10%",
    ])
    #expect(run.status == 1)
    #expect(
      run.stdout.contains("FAILED") && run.stdout.contains("> 10.0%"), "the summary names the figure and the limit")
  }

  @Test func twoOnBadUsageOrABadManifest() throws {
    let folder = try art()
    defer { folder.remove() }
    #expect(try ArtfitRun(["check", folder.path("art"), "--modes", "stretch"]).status == 2)
    #expect(try ArtfitRun(["render", folder.path("art"), "--targets", "iPhone 99"]).status == 2)
    _ = folder.write(Array("{\"defaults\": {\"fokus\": 1}}".utf8), to: "art/artfit.json")
    let run = try ArtfitRun(["check", folder.path("art"), "--out", folder.path("out")])
    #expect(run.status == 2 && run.stderr.contains("fokus") && run.stderr.contains("artfit.json"))
  }

  @Test func threeWhenAnInputCannotBeRead() throws {
    let folder = try art()
    defer { folder.remove() }
    _ = folder.write(Array("nope".utf8), to: "art/broken.jpg")
    let run = try ArtfitRun(["check", folder.path("art"), "--out", folder.path("out"), "--targets", "video-2x1"])
    #expect(run.status == 3 && run.stderr.contains("broken.jpg"))
  }

  @Test func jsonGoesToStdoutAlone() throws {
    let folder = try art()
    defer { folder.remove() }
    let run = try ArtfitRun(["check", folder.path("art"), "--json", "--targets", "tv"], in: folder.url)
    #expect(run.status == 0)
    let document = try #require(try run.json() as? [String: Any])
    #expect((document["summary"] as? [String: Int])?["results"] == 4, "2 Apple TVs x landscape x fit, fill")
    #expect(!FileManager.default.fileExists(atPath: folder.path("artfit-out")), "--json writes no files")
  }
}
