import Artwork
import Foundation
import TestSupport
import Testing

extension Slow {
  /// A rerun into the same --out keeps what did not change and renders exactly what did: a
  /// changed file, or every file when an option changes; the reports are complete either way.
  @Suite(.tags(.slow))
  struct IncrementalRenderTests {
    let folder = TemporaryFolder()

    func art() throws {
      try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
      for (index, name) in ["a", "b", "c"].enumerated() {
        _ = folder.write(
          try ImageEncoder.png(TestPictures.quadrants(width: 120 + index * 10, height: 90)), to: "art/\(name).png")
      }
    }

    func render(_ extra: [String] = []) throws -> ArtfitRun {
      let run = try ArtfitRun(
        [
          "render", folder.path("art"), "--out", folder.path("out"), "--targets", "90x160,160x90", "--modes",
          "fill,fit",
        ] + extra)
      #expect(run.status == 0, "\(run.stderr)")
      return run
    }

    /// Modification times of every preview, by path.
    func previewTimes() throws -> [String: Date] {
      var times: [String: Date] = [:]
      for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path("out")) where path.hasSuffix(".png") {
        times[path] =
          try FileManager.default.attributesOfItem(atPath: folder.path("out/\(path)"))[.modificationDate] as? Date
      }
      return times
    }

    func reports() -> [Data?] {
      ["report.json", "report.csv", "junit.xml", "index.html"].map {
        FileManager.default.contents(atPath: folder.path("out/\($0)"))
      }
    }

    @Test func unchangedRerunKeepsEverythingAndWritesTheSameReports() throws {
      defer { folder.remove() }
      try art()
      _ = try render()
      let first = reports()
      let times = try previewTimes()
      #expect(times.count == 3 * 5)  // 4 previews and a crop map per artwork
      let rerun = try render()
      #expect(
        rerun.stdout.contains("0 previews written") && rerun.stdout.contains("3 unchanged artworks kept"),
        "\(rerun.stdout)")
      #expect(try previewTimes() == times, "no preview was rewritten")
      #expect(reports() == first, "the reports are complete and identical")
    }

    @Test func changedFileIsRenderedAgainAndOnlyIt() throws {
      defer { folder.remove() }
      try art()
      _ = try render()
      let times = try previewTimes()
      Thread.sleep(forTimeInterval: 0.02)
      _ = folder.write(try ImageEncoder.png(TestPictures.quadrants(width: 200, height: 100)), to: "art/b.png")
      let rerun = try render()
      #expect(rerun.stdout.contains("2 unchanged artworks kept"), "\(rerun.stdout)")
      let after = try previewTimes()
      for (path, time) in after {
        if path.hasPrefix("b/") {
          #expect(time != times[path], "\(path) was not rendered again")
        } else {
          #expect(time == times[path], "\(path) was rendered again")
        }
      }
    }

    @Test func changedOptionRendersEverything() throws {
      defer { folder.remove() }
      try art()
      _ = try render()
      let rerun = try render(["--background", "white"])
      #expect(rerun.stdout.contains("previews written") && !rerun.stdout.contains("kept"), "\(rerun.stdout)")
      let again = try render(["--background", "white", "--no-cache"])
      #expect(!again.stdout.contains("kept"))
    }

    @Test func deletedPreviewIsRenderedAgain() throws {
      defer { folder.remove() }
      try art()
      _ = try render()
      try FileManager.default.removeItem(atPath: folder.path("out/c/crop-map.png"))
      let rerun = try render()
      #expect(rerun.stdout.contains("2 unchanged artworks kept"), "\(rerun.stdout)")
      #expect(FileManager.default.fileExists(atPath: folder.path("out/c/crop-map.png")))
    }
  }
}
