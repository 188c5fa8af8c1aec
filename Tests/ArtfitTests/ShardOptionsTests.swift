import Foundation
import TestSupport
import Testing

@testable import artfit

extension Slow {
  /// Shards run with different options are not one run: for every option `render` declares,
  /// shard 1/2 run with the base options and shard 2/2 with that option changed alone are
  /// refused by merge-reports, which names the report. The options enumerated from the
  /// declaration, so the next option is held to it too; those that cannot make two shards
  /// differ are named below with why.
  @Suite(.tags(.slow), .serialized)
  struct ShardOptionsTests {
    /// Options whose change alone leaves two shards one run, each with why.
    static let sameRun: [String: String] = [
      "--shard": "it is what tells the shards apart",
      "--shard-index": "it is what tells the shards apart",
      "--shard-count": "shards of different counts are refused as such (MergeSetTests)",
      "--jobs": "how many artworks are drawn at once; no output's bytes",
      "--baseline":
        "it marks which failures a build accepts, per result (`baselined`), which the merged report keeps as each shard wrote it",
    ]

    /// Options that matter only beside another: both shards take the other, so the option is
    /// the one difference (a JPEG quality changes nothing in PNG previews).
    static let alongside: [String: [String]] = ["--quality": ["--format", "jpeg"]]

    @Test func shardsDifferingInAnyOptionAreNotMerged() throws {
      let fixture = CacheTruthTests()
      try fixture.art()
      let folder = fixture.folder
      defer { folder.remove() }
      // The baseline --baseline's alternative names.
      _ = try fixture.render(CacheTruthTests.base, into: "whole")
      try FileManager.default.copyItem(atPath: folder.path("whole/report.json"), toPath: folder.path("baseline.json"))
      var refused = 0
      for option in RenderCommand.spec.options
      where Self.sameRun[option.name] == nil && CacheTruthTests.notCompared[option.name] == nil {
        let changed = try #require(
          CacheTruthTests.changing(option, folder: folder.url.path),
          "\(option.name) has no value to change it to: give it choices or an entry in CacheTruthTests.alternatives")
        let beside = Self.alongside[option.name] ?? []
        let (one, two) = ("one" + beside.joined(), "two" + option.name)
        if !FileManager.default.fileExists(atPath: folder.path(one)) {
          _ = try fixture.render(CacheTruthTests.base + beside + ["--shard", "1/2"], into: one)
        }
        _ = try fixture.render(CacheTruthTests.base + beside + changed + ["--shard", "2/2"], into: two)
        let merge = try ArtfitRun(["merge-reports", folder.path(one), folder.path(two), "--out", folder.path("m")])
        #expect(merge.status == 2, "\(option.name): shards differing in it were merged: \(merge.stderr)")
        #expect(merge.stderr.contains("\(two)/report.json"), "\(option.name): \(merge.stderr)")
        refused += 1
      }
      #expect(refused >= 25)
    }
  }
}
