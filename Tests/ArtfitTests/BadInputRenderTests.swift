import Artwork
import Foundation
import TestSupport
import Testing

/// Bad files mixed into a folder: the good ones render, each bad one is named, exit 3.
struct BadInputRenderTests {
  @Test func badFilesAreNamedAndTheRestRenders() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.path("art/sub"), withIntermediateDirectories: true)
    let good = try ImageEncoder.png(TestPictures.quadrants(width: 120, height: 90))
    _ = folder.write(good, to: "art/good.png")
    _ = folder.write(try ImageEncoder.jpeg(TestPictures.quadrants(width: 90, height: 120)), to: "art/sub/good.JPG")
    let jpeg = try ImageEncoder.jpeg(TestPictures.quadrants())
    _ = folder.write(Array(jpeg.prefix(jpeg.count / 2)), to: "art/truncated.jpg")
    _ = folder.write(Array("not an image".utf8), to: "art/notes.png")
    _ = folder.write([], to: "art/empty.png")
    var huge = bigEndian(65000) + bigEndian(65000)
    huge += [8, 2, 0, 0, 0]
    _ = folder.write(
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] + pngChunk("IHDR", huge) + pngChunk("IEND", []),
      to: "art/huge.png")
    _ = folder.write(good, to: "art/.hidden.png")

    let run = try ArtfitRun([
      "render", folder.path("art"), "--out", folder.path("out"), "--targets", "100x200", "--modes", "fill",
    ])
    #expect(run.status == 3, "\(run.stderr)")
    for (name, cause) in [
      ("truncated.jpg", "JPEG data ends early"), ("notes.png", "not an image"), ("empty.png", "empty"),
      ("huge.png", "65000x65000"),
    ] {
      #expect(run.stderr.contains(name) && run.stderr.contains(cause), "\(name): \(cause) in \(run.stderr)")
    }
    #expect(!run.stderr.contains(".hidden"))
    let manager = FileManager.default
    #expect(manager.fileExists(atPath: folder.path("out/good/canvas-100x200-portrait-fill@1x.png")))
    #expect(manager.fileExists(atPath: folder.path("out/sub/good/canvas-100x200-portrait-fill@1x.png")))
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("out/report.json"))))
        as? [String: Any])
    #expect((report["errors"] as? [[String: String]])?.count == 4)
    #expect((report["summary"] as? [String: Int])?["artworks"] == 2)
  }
}
