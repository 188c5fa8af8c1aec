import Artwork
import Foundation
import TestSupport
import Testing

/// A manifest key that matches no artwork is a warning naming the key and the nearest
/// artwork, never silence; one that matches says nothing.
@Suite struct ManifestKeyWarningTests {
  let folder = TemporaryFolder()

  func check(manifest: String, extra: [String] = []) throws -> ArtfitRun {
    try FileManager.default.createDirectory(atPath: folder.path("art/sub"), withIntermediateDirectories: true)
    for name in ["a.png", "sub/hero.png"] {
      _ = folder.write(try ImageEncoder.png(TestPictures.quadrants(width: 40, height: 30)), to: "art/" + name)
    }
    _ = folder.write(Array(manifest.utf8), to: "art/artfit.json")
    return try ArtfitRun(["check", folder.path("art"), "--out", folder.path("out"), "--targets", "90x160"] + extra)
  }

  @Test(arguments: [("./a.png", "a.png"), ("sub/Hero.png", "sub/hero.png"), ("sub/hero.jpg", "sub/hero.png")])
  func aKeyMatchingNoArtworkNamesTheNearest(key: String, nearest: String) throws {
    defer { folder.remove() }
    let run = try check(manifest: #"{"artworks": {"\#(key)": {"focus": [0.1, 0.1, 0.2, 0.2]}}}"#)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains(#"the artworks key "\#(key)" matches no artwork; did you mean "\#(nearest)"?"#),
      "\(run.stderr)")
  }

  @Test func keysThatMatchSayNothing() throws {
    defer { folder.remove() }
    let run = try check(manifest: #"{"artworks": {"a.png": {"focus": [0.1, 0.1, 0.2, 0.2]}, "sub/*.png": {}}}"#)
    #expect(!run.stderr.contains("matches no artwork"), "\(run.stderr)")
  }

  @Test func aShardSaysNothingOfTheArtworksItDoesNotHold() throws {
    defer { folder.remove() }
    let run = try check(manifest: #"{"artworks": {"./a.png": {}}}"#, extra: ["--shard", "1/2"])
    #expect(!run.stderr.contains("matches no artwork"), "\(run.stderr)")
  }
}
