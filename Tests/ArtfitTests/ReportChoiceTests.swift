import Artwork
import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec

extension Slow {
  /// `--reports`: a run writes report.json and exactly the files chosen, every choice alike
  /// (enumerated from `ReportFile`, so a report added later is covered), and a later run with
  /// fewer leaves none of an earlier run's behind.
  @Suite(.tags(.slow), .serialized) struct ReportChoiceTests {
    let folder = TemporaryFolder()

    func art() throws {
      try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
      for index in 0..<3 {
        _ = folder.write(
          try ImageEncoder.png(TestPictures.quadrants(width: 40 + index, height: 60)), to: "art/a\(index).png")
      }
    }

    /// The report files in `out` (the contact sheet counts as index.html).
    func written(_ out: String) -> Set<ReportFile> {
      Set(ReportFile.allCases.filter { FileManager.default.fileExists(atPath: out + "/" + $0.fileName) })
    }

    @Test func everyChoiceWritesExactlyItsFilesAndRemovesTheRest() throws {
      try art()
      defer { folder.remove() }
      let optional = ReportFile.allCases.filter { $0 != .json }
      let out = folder.path("out")
      // Every subset of the optional files, one after another into the same folder.
      for mask in 0..<(1 << optional.count) {
        let chosen = Set(optional.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element))
        let list = (["json"] + ReportFile.listed(chosen).map(\.rawValue)).joined(separator: ",")
        let run = try ArtfitRun(["check", folder.path("art"), "--out", out, "--quiet", "--reports", list])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(written(out) == chosen.union([.json]), "--reports \(list)")
        #expect(
          FileManager.default.fileExists(atPath: out + "/pages") == false, "no pages for three artworks, nor stale ones"
        )
      }
    }

    @Test func eachCommandHasItsDefaultAndSaysIt() throws {
      try art()
      defer { folder.remove() }
      let check = try ArtfitRun(["check", folder.path("art"), "--out", folder.path("c"), "--quiet"])
      #expect(check.status == 0 && written(folder.path("c")) == ReportFile.forBuilds)
      let render = try ArtfitRun([
        "render", folder.path("art"), "--out", folder.path("r"), "--quiet", "--targets", "90x160",
      ])
      #expect(render.status == 0 && written(folder.path("r")) == ReportFile.forReview)
      let merged = try ArtfitRun(["merge-reports", folder.path("c"), "--out", folder.path("m"), "--quiet"])
      #expect(merged.status == 0 && written(folder.path("m")) == ReportFile.forBuilds, "merge writes what the runs did")
      #expect(try ArtfitRun(["help", "check"]).stdout.contains("(default: json,junit)"))
      #expect(try ArtfitRun(["help", "render"]).stdout.contains("(default: json,csv,junit,html)"))
      let bad = try ArtfitRun(["check", folder.path("art"), "--out", folder.path("b"), "--reports", "json,pdf"])
      #expect(bad.status == 2 && bad.stderr.contains("--reports: unknown report 'pdf'"), "\(bad.stderr)")
    }
  }
}
