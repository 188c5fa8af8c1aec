import Foundation
import TestSupport
import Testing

/// `merge-reports` merges every shard of one run or nothing: a mixed or incomplete set of
/// reports, or a report with numbers no run writes, is bad usage naming the report, never a
/// crash, and leaves no temporary file behind.
struct MergeSetTests {
  let folder = TemporaryFolder()

  /// Six artworks checked as four shards into `s1`…`s4`.
  func shards(_ extra: [String: [String]] = [:]) throws {
    try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
    for name in ["a", "b", "c", "d", "e", "f"] {
      try? FileManager.default.copyItem(
        atPath: Fixtures.path("jpeg-baseline.jpg"), toPath: folder.path("art/\(name).jpg"))
    }
    for index in 1...4 {
      let run = try check(["--shard", "\(index)/4", "--out", "s\(index)"] + (extra["s\(index)"] ?? []))
      #expect(run.status == 0, "\(run.stderr)")
    }
  }

  func check(_ arguments: [String]) throws -> ArtfitRun {
    try ArtfitRun(
      ["check", "art", "--targets", "iPhone 16 Pro", "--quiet"] + arguments, in: URL(fileURLWithPath: folder.path("")))
  }

  func merge(_ arguments: [String]) throws -> ArtfitRun {
    try ArtfitRun(["merge-reports"] + arguments + ["--out", "m"], in: URL(fileURLWithPath: folder.path("")))
  }

  /// Replaces the first match of `pattern` in `report` with `replacement`.
  func edit(_ report: String, _ pattern: String, _ replacement: String) throws {
    let path = folder.path(report)
    var text = try String(contentsOfFile: path, encoding: .utf8)
    let range = try #require(text.range(of: pattern, options: .regularExpression), "\(pattern) in \(report)")
    text.replaceSubrange(range, with: replacement)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }

  /// The merge is refused, naming `report` and saying `words`, and leaves no temporary file.
  func expectRefused(_ run: ArtfitRun, naming report: String, _ words: String) {
    #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
    #expect(run.stderr.contains(report) && run.stderr.contains(words), "\(run.stderr)")
    let left = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path("m"))) ?? []
    #expect(!left.contains { $0.contains(".artfit-tmp-") }, "\(left)")
    #expect(!FileManager.default.fileExists(atPath: folder.path("m/report.json")))
    #expect(!FileManager.default.fileExists(atPath: folder.path("m")), "a refused merge makes no folder")
  }

  @Test func everyShardMergesAndAMissingOneIsRefusedUnlessPartialIsAllowed() throws {
    defer { folder.remove() }
    try shards()
    #expect(try merge(["s1", "s2", "s3", "s4"]).status == 0)
    try FileManager.default.removeItem(atPath: folder.path("m"))
    expectRefused(try merge(["s1", "s2", "s3"]), naming: "s1/report.json", "shard 4/4 is missing")
    let partial = try merge(["s1", "s2", "s3", "--allow-partial"])
    #expect(partial.status == 0 && partial.stderr.contains("partial"), "\(partial.stderr)")
    let report = try String(contentsOfFile: folder.path("m/report.json"), encoding: .utf8)
    #expect(report.contains(#""shard":"1,2,3/4""#))
  }

  @Test func aMixedSetIsRefusedNamingTheReport() throws {
    defer { folder.remove() }
    try shards(["s2": ["--max-crop-loss", "90%"]])
    expectRefused(try merge(["s1", "s2", "s3", "s4"]), naming: "s2/report.json", "max_crop_loss")
    #expect(try check(["--shard", "1/3", "--out", "t1", "--max-crop-loss", "90%"]).status == 0)
    expectRefused(try merge(["s2", "t1"]), naming: "t1/report.json", "different counts")
    expectRefused(try merge(["s1", "s1", "s3", "s4"]), naming: "s1/report.json", "again")
    #expect(try check(["--out", "whole"]).status == 0)
    expectRefused(try merge(["whole", "s1"]), naming: "whole/report.json", "whole run")
    try edit("s3/report.json", #""generator":"[^"]*""#, #""generator":"artfit 0.0.1""#)
    expectRefused(try merge(["s1", "s3"]), naming: "s3/report.json", "artfit 0.0.1")
  }

  @Test func anArtworkInTwoShardsIsRefused() throws {
    defer { folder.remove() }
    try shards()
    try FileManager.default.copyItem(atPath: folder.path("s1"), toPath: folder.path("s2b"))
    try edit("s2b/report.json", #""shard":"1/4""#, #""shard":"2/4""#)
    expectRefused(try merge(["s1", "s2b", "s3", "s4"]), naming: "s2b/report.json", "in this report and in")
  }

  @Test func numbersNoReportHoldsAreRefusedNotACrash() throws {
    defer { folder.remove() }
    try shards()
    let cases = [
      (#""crop_loss":[-0-9.e]+"#, #""crop_loss":2e15"#, "crop_loss"),
      (#""crop":\{"x":[-0-9.e]+"#, #""crop":{"x":1e19"#, "\"x\""),
      (#""width":[0-9]+"#, #""width":10000000000000000000"#, "width"),
      (#""bars_fraction":[-0-9.e]+"#, #""bars_fraction":-1"#, "bars_fraction"),
    ]
    for (pattern, replacement, words) in cases {
      try? FileManager.default.removeItem(atPath: folder.path("s1"))
      #expect(try check(["--shard", "1/4", "--out", "s1"]).status == 0)
      try edit("s1/report.json", pattern, replacement)
      expectRefused(try merge(["s1", "s2", "s3", "s4"]), naming: "s1/report.json", words)
    }
  }

  @Test func aShardWhosePreviewsAreGoneIsRefusedBeforeTheSheetIsWritten() throws {
    defer { folder.remove() }
    try shards()
    for index in 1...2 {
      let run = try ArtfitRun(
        ["render", "art", "--shard", "\(index)/2", "--out", "r\(index)", "--targets", "90x160", "--modes", "fill"],
        in: URL(fileURLWithPath: folder.path("")))
      #expect(run.status == 0, "\(run.stderr)")
    }
    let report = try String(contentsOfFile: folder.path("r1/report.json"), encoding: .utf8)
    let stem = try #require(report.firstMatch(of: /"stem":"([^"]*)"/)?.1)
    try FileManager.default.removeItem(atPath: folder.path("r1/\(stem)"))
    expectRefused(try merge(["r1", "r2"]), naming: "r1/report.json", "is missing")
    #expect(!FileManager.default.fileExists(atPath: folder.path("m/index.html")))
  }
}
