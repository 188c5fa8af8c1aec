import Artwork
import Foundation
import TestSupport
import Testing

/// `--shard I/N` splits the inputs into disjoint, stable slices, and `merge-reports` joins the
/// slices' reports into exactly the reports of one whole run.
struct ShardTests {
  let folder = TemporaryFolder()

  func art(_ count: Int) throws {
    try FileManager.default.createDirectory(atPath: folder.path("art/sub"), withIntermediateDirectories: true)
    for index in 0..<count {
      let png = try ImageEncoder.png(TestPictures.quadrants(width: 60 + index * 7, height: 90 - index * 3))
      _ = folder.write(png, to: index % 3 == 0 ? "art/sub/a\(index).png" : "art/a\(index).png")
    }
    _ = folder.write(Array("not an image".utf8), to: "art/broken.png")
  }

  func sources(_ arguments: [String]) throws -> [String] {
    let run = try ArtfitRun(arguments + ["--json", "--targets", "90x160"])
    let json = try #require(try run.json() as? [String: Any])
    return (json["artworks"] as? [[String: Any]])?.compactMap { $0["source"] as? String } ?? []
  }

  @Test func shardsAreDisjointCompleteAndStable() throws {
    defer { folder.remove() }
    try art(12)
    let whole = try sources(["check", folder.path("art")])
    let slices = try (1...3).map { try sources(["check", folder.path("art"), "--shard", "\($0)/3"]) }
    #expect(slices.flatMap { $0 }.sorted() == whole.sorted())
    #expect(Set(slices.flatMap { $0 }).count == whole.count, "no artwork in two slices")
    #expect(slices.allSatisfy { !$0.isEmpty })
    // A new file joins one slice; the others keep their artworks.
    _ = folder.write(try ImageEncoder.png(TestPictures.quadrants(width: 50, height: 50)), to: "art/new.png")
    let after = try (1...3).map { try sources(["check", folder.path("art"), "--shard", "\($0)/3"]) }
    for (old, new) in zip(slices, after) { #expect(Set(old).isSubset(of: Set(new))) }
  }

  @Test func badShardIsBadUsage() throws {
    let run = try ArtfitRun(["check", ".", "--shard", "4/3"])
    #expect(run.status == 2 && run.stderr.contains("--shard takes I/N"))
    let both = try ArtfitRun(["check", ".", "--shard", "1/3", "--shard-index", "0", "--shard-count", "3"])
    #expect(both.status == 2 && both.stderr.contains("not both"))
    let alone = try ArtfitRun(["check", ".", "--shard-index", "0"])
    #expect(alone.status == 2 && alone.stderr.contains("go together"))
    let past = try ArtfitRun(["check", ".", "--shard-index", "3", "--shard-count", "3"])
    #expect(past.status == 2 && past.stderr.contains("0...2"))
  }

  /// A Kubernetes index (0-based) picks the slice a CI matrix value (1-based) one higher does.
  @Test func zeroBasedIndexIsTheSameSlice() throws {
    defer { folder.remove() }
    try art(9)
    for index in 0..<3 {
      let zeroBased = try sources(["check", folder.path("art"), "--shard-index", "\(index)", "--shard-count", "3"])
      let oneBased = try sources(["check", folder.path("art"), "--shard", "\(index + 1)/3"])
      #expect(zeroBased == oneBased && !zeroBased.isEmpty)
    }
  }

  /// `--shard auto` under each CI system's variables picks the slice `--shard I/N` does; Bazel's
  /// status file is touched; a system without a count takes `--shard-count`.
  @Test func eachSystemsVariablesPickTheSameSlice() throws {
    defer { folder.remove() }
    try art(9)
    let oneBased = try (1...3).map { try sources(["check", folder.path("art"), "--shard", "\($0)/3"]) }
    for system in ShardEnvironment.systems {
      for (slice, expected) in oneBased.enumerated() {
        var environment = [system.index: String(slice + system.base)]
        if let variable = system.count { environment[variable] = String(3) }
        let status = folder.path("status-\(slice)")
        if let variable = system.statusFile { environment[variable] = status }
        let count = system.count == nil ? ["--shard-count", "3"] : []
        let run = try ArtfitRun(
          ["check", folder.path("art"), "--shard", "auto", "--json", "--targets", "90x160"] + count,
          environment: environment)
        let json = try #require(try run.json() as? [String: Any], "\(system.name): \(run.stderr)")
        let got = (json["artworks"] as? [[String: Any]])?.compactMap { $0["source"] as? String } ?? []
        #expect(got == expected && !got.isEmpty, "\(system.name), slice \(slice + 1)")
        #expect((json["options"] as? [String: Any])?["shard"] as? String == "\(slice + 1)/3")
        if system.statusFile != nil { #expect(FileManager.default.fileExists(atPath: status), "Bazel's status file") }
      }
    }
    let none = try ArtfitRun(["check", folder.path("art"), "--shard", "auto"])
    #expect(none.status == 2 && none.stderr.contains("CI_NODE_INDEX") && none.stderr.contains("--shard I/N"))
    let kubernetes = try ArtfitRun(
      ["check", folder.path("art"), "--shard", "auto"], environment: ["JOB_COMPLETION_INDEX": "1"])
    #expect(kubernetes.status == 2 && kubernetes.stderr.contains("add --shard-count N"), "\(kubernetes.stderr)")
  }

  @Test func mergedChecksEqualOneWholeCheck() throws {
    defer { folder.remove() }
    try art(10)
    // Every report file, in the shards and the whole run alike: merge-reports writes what the
    // shards wrote.
    let every = ReportFile.allCases.map(\.rawValue).joined(separator: ",")
    for index in 1...3 {
      let run = try ArtfitRun([
        "check", folder.path("art"), "--shard", "\(index)/3", "--out", folder.path("s\(index)"), "--targets",
        "iphone,90x160", "--max-crop-loss", "30%", "--reports", every,
      ])
      #expect([1, 3].contains(run.status))
    }
    let whole = try ArtfitRun([
      "check", folder.path("art"), "--out", folder.path("whole"), "--targets", "iphone,90x160", "--max-crop-loss",
      "30%", "--reports", every,
    ])
    #expect(whole.status == 3)
    let merge = try ArtfitRun([
      "merge-reports", folder.path("s1"), folder.path("s2"), folder.path("s3"), "--out", folder.path("merged"),
    ])
    #expect(merge.status == 3, "the joined run has the input error: \(merge.stderr)")
    for name in ["report.json", "report.jsonl", "report.csv", "junit.xml", "index.html"] {
      let merged = FileManager.default.contents(atPath: folder.path("merged/\(name)"))
      #expect(
        merged != nil && merged == FileManager.default.contents(atPath: folder.path("whole/\(name)")), "\(name) differs"
      )
    }
  }

  @Test func mergedRenderLinksToEachShardsPreviews() throws {
    defer { folder.remove() }
    try art(4)
    for index in 1...2 {
      _ = try ArtfitRun([
        "render", folder.path("art"), "--shard", "\(index)/2", "--out", folder.path("s\(index)"), "--targets", "90x160",
        "--modes", "fill",
      ])
    }
    let merge = try ArtfitRun(["merge-reports", folder.path("s1"), folder.path("s2"), "--out", folder.path("merged")])
    #expect(merge.status == 3)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("merged/report.json"))))
        as? [String: Any])
    let artworks = try #require(json["artworks"] as? [[String: Any]])
    #expect(artworks.count == 4)
    for artwork in artworks {
      for result in artwork["results"] as? [[String: Any]] ?? [] {
        let preview = try #require(result["preview"] as? String)
        #expect(preview.hasPrefix("../s1/") || preview.hasPrefix("../s2/"))
        #expect(FileManager.default.fileExists(atPath: folder.path("merged/" + preview)), "\(preview)")
      }
    }
  }
}
