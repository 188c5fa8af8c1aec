import Foundation
import TestSupport
import Testing

/// `--baseline` as a build uses it: an artwork is its input folder and its path below it, so
/// a new file never takes a known one's place in the baseline.
struct BaselineCLITests {
  let folder = TemporaryFolder()

  /// `jpeg-baseline.jpg` at each of `paths` (each fails a 10% crop-loss limit on a phone).
  func place(_ paths: [String]) throws {
    for path in paths {
      let file = folder.path(path)
      try FileManager.default.createDirectory(
        atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: Fixtures.path("jpeg-baseline.jpg"), toPath: file)
    }
  }

  func check(_ inputs: [String], out: String, _ extra: [String] = []) throws -> ArtfitRun {
    try ArtfitRun(
      ["check"] + inputs + ["--out", out, "--targets", "iPhone 16 Pro", "--modes", "fill", "--max-crop-loss", "10%"]
        + extra, in: URL(fileURLWithPath: folder.path("")))
  }

  /// The sources of the results that fail the run.
  func failing(_ report: String) throws -> Set<String> {
    let data = try #require(FileManager.default.contents(atPath: folder.path(report)))
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var sources: Set<String> = []
    for artwork in json["artworks"] as? [[String: Any]] ?? [] {
      for result in artwork["results"] as? [[String: Any]] ?? []
      where result["passed"] as? Bool == false && result["baselined"] as? Bool != true {
        sources.insert(artwork["source"] as? String ?? "")
      }
    }
    return sources
  }

  @Test func aNewInputFoldersFileIsNotTakenForAnotherFoldersKnownFailure() throws {
    defer { folder.remove() }
    try place(["ios/hero.jpg", "tvos/hero.jpg"])
    #expect(try check(["ios", "tvos"], out: "before").status == 1)
    try place(["ipados/hero.jpg"])
    let run = try check(["ios", "ipados", "tvos"], out: "after", ["--baseline", "before/report.json"])
    #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
    #expect(try failing("after/report.json") == ["ipados/hero.jpg"])
  }

  @Test func aFileBesideAKnownOneWithTheSameNameIsNewAndTheKnownOneStaysKnown() throws {
    defer { folder.remove() }
    try place(["art/kite.jpg"])
    #expect(try check(["art"], out: "before").status == 1)
    try place(["art/kite.jpeg"])
    let run = try check(["art"], out: "after", ["--baseline", "before/report.json"])
    #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
    #expect(try failing("after/report.json") == ["art/kite.jpeg"])
  }

  @Test func renamingOneOfTwoFoldersKeepsEachFoldersFailures() throws {
    defer { folder.remove() }
    try place(["ios/hero.jpg", "tvos/hero.jpg", "tvos/extra/poster.jpg"])
    #expect(try check(["ios", "tvos"], out: "before").status == 1)
    try FileManager.default.moveItem(atPath: folder.path("ios"), toPath: folder.path("iphone"))
    try place(["tvos/new.jpg"])
    let run = try check(["iphone", "tvos"], out: "after", ["--baseline", "before/report.json"])
    #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
    #expect(try failing("after/report.json") == ["tvos/new.jpg"])
  }
}
