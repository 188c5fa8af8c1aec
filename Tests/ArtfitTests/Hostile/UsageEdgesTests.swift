import Artwork
import Foundation
import TestSupport
import Testing

/// What a new user meets on the way: each contradictory or impossible request is bad usage or
/// a warning that names the flag, and the help says what the command does.
@Suite struct UsageEdgesTests {
  let folder = TemporaryFolder()

  func art() throws -> String {
    try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
    _ = folder.write(try ImageEncoder.png(TestPictures.quadrants(width: 60, height: 90)), to: "art/a.png")
    return folder.path("art")
  }

  @Test(arguments: [
    (["--overlays", "none,focus"], "none alone"),
    (["--shard", "1/2", "--shard", "2/2"], "--shard is given twice"),
    (["--scales", "16"], "at most 10"),
  ])
  func contradictionsAreBadUsage(extra: [String], words: String) throws {
    defer { folder.remove() }
    let run = try ArtfitRun(["render", try art(), "--out", folder.path("out"), "--targets", "90x160"] + extra)
    #expect(run.status == 2 && run.stderr.contains(words), "\(run.stderr)")
  }

  @Test(arguments: [
    (["--quality", "20"], "--quality sets JPEG previews' quality"),
    (["--format", "jpeg", "--png-level", "6"], "--png-level sets PNG previews' effort"),
  ])
  func optionsThatDoNothingHereAreWarnedOf(extra: [String], words: String) throws {
    defer { folder.remove() }
    let run = try ArtfitRun(["render", try art(), "--out", folder.path("out"), "--targets", "90x160"] + extra)
    #expect(run.status == 0 && run.stderr.contains("warning: " + words), "\(run.stderr)")
  }

  @Test(arguments: ["render", "check"])
  func anOutThatIsAFileIsBadUsage(command: String) throws {
    defer { folder.remove() }
    let art = try art()
    _ = folder.write(Array("x".utf8), to: "file")
    let run = try ArtfitRun([command, art, "--out", folder.path("file")])
    #expect(run.status == 2 && run.stderr.contains("is a file, not a folder"), "\(run.stderr)")
  }

  @Test func aManifestsBadCatalogIsNamedAsTheCatalog() throws {
    defer { folder.remove() }
    let art = try art()
    _ = folder.write(Array(#"{"targets": [{"name": "x"}]}"#.utf8), to: "art/cat.json")
    _ = folder.write(Array(#"{"catalog": "cat.json"}"#.utf8), to: "art/artfit.json")
    let run = try ArtfitRun(["check", art, "--out", folder.path("out")])
    #expect(run.status == 2 && run.stderr.contains("the catalog it names cannot be used"), "\(run.stderr)")
    #expect(run.stderr.contains(folder.path("art/cat.json") + ": "), "\(run.stderr)")
  }

  @Test func theHelpSaysWhatEachCommandDoes() throws {
    let render = try ArtfitRun(["help", "render"])
    for format in ImageFormat.allCases { #expect(render.stdout.contains(format.displayName), "\(format)") }
    let check = try ArtfitRun(["help", "check"])
    let out = check.stdout.split(separator: "\n").first { $0.contains("--out") } ?? ""
    #expect(out.contains("reports") && !out.contains("previews and"), "\(out)")
  }
}
