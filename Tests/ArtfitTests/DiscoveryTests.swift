import Artwork
import Foundation
import TestSupport
import Testing

/// Every file under the inputs is accounted for: artwork, an image artfit cannot read (an
/// input error naming its format), or a listed skip; an empty run is bad usage.
struct DiscoveryTests {
  let folder = TemporaryFolder()

  /// The hand-off folder of the format issue: one piece of key art as JPEG, HEIC, AVIF and
  /// WebP, and as PSD, which artfit does not read; a damaged HEIC draft; a logo as SVG;
  /// notes, a design source, a PNG under another name.
  func handOff() throws {
    try FileManager.default.createDirectory(atPath: folder.path("handoff/drafts"), withIntermediateDirectories: true)
    _ = folder.write(
      try ImageEncoder.jpeg(TestPictures.quadrants(width: 120, height: 80), quality: 90), to: "handoff/kite.jpg")
    _ = folder.write(
      try ImageEncoder.png(TestPictures.quadrants(width: 80, height: 120)), to: "handoff/kite-export.dat")
    _ = folder.write(Array("8BPS".utf8) + [0, 1, 0, 0, 0, 0, 0, 0], to: "handoff/kite.psd")
    _ = folder.write([0, 0, 0, 0x18] + Array("ftypheic\0\0\0\0mif1heic".utf8), to: "handoff/kite-draft.heic")
    try FileManager.default.copyItem(atPath: Fixtures.path("heif-quad.heic"), toPath: folder.path("handoff/kite.heic"))
    try FileManager.default.copyItem(atPath: Fixtures.path("heif-quad.avif"), toPath: folder.path("handoff/kite.avif"))
    try FileManager.default.copyItem(atPath: Fixtures.path("webp-lossy.webp"), toPath: folder.path("handoff/kite.webp"))
    _ = folder.write(
      Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"64\" height=\"64\"/>".utf8), to: "handoff/logo.svg")
    _ = folder.write(Array("Kite key art, final. Crop safe.\n".utf8), to: "handoff/notes.txt")
    _ = folder.write([0x50, 0x4B, 3, 4, 20, 0, 0, 0], to: "handoff/drafts/kite.sketch")
  }

  func run(_ arguments: [String]) throws -> ArtfitRun {
    try ArtfitRun(
      ["check", folder.path("handoff"), "--out", folder.path("out"), "--targets", "iPhone 16 Pro"] + arguments)
  }

  func report() throws -> [String: Any] {
    let data = try #require(FileManager.default.contents(atPath: folder.path("out/report.json")))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func aHandOffFolderAccountsForEveryFile() throws {
    defer { folder.remove() }
    try handOff()
    let run = try run([])
    #expect(run.status == 3, "\(run.stderr)")
    #expect(run.stderr.contains("kite.psd") && run.stderr.contains("Photoshop document (PSD)"), "\(run.stderr)")
    #expect(run.stderr.contains("kite-draft.heic") && run.stderr.contains("HEIF"), "\(run.stderr)")
    #expect(run.stdout.contains("2 files skipped: not artwork"), "\(run.stdout)")
    let report = try report()
    let artworks = try #require(report["artworks"] as? [[String: Any]])
    #expect(
      artworks.compactMap { $0["source"] as? String }.map { ($0 as NSString).lastPathComponent }.sorted()
        == ["kite-export.dat", "kite.avif", "kite.heic", "kite.jpg", "kite.webp", "logo.svg"])
    // One stem each, so no artwork's previews overwrite another's.
    #expect(
      artworks.compactMap { $0["stem"] as? String }.sorted()
        == ["kite-avif", "kite-export", "kite-heic", "kite-jpg", "kite-webp", "logo"])
    let skipped = try #require(report["skipped"] as? [[String: String]])
    #expect(skipped.map { ($0["source"]! as NSString).lastPathComponent } == ["kite.sketch", "notes.txt"])
    #expect(skipped.map { $0["reason"]! } == ["not an image", "not an image (text)"])
    let summary = try #require(report["summary"] as? [String: Int])
    #expect(summary["skipped"] == 2 && summary["errors"] == 2 && summary["artworks"] == 6)
  }

  /// A to-do file that starts "P1 " (a plain PBM's signature) and a note that opens with
  /// `<svg`, beside a JPEG: both are listed as skipped text, and the gate passes.
  @Test func notesThatStartLikeAnImageAreSkipped() throws {
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
    _ = folder.write(
      try ImageEncoder.jpeg(TestPictures.quadrants(width: 120, height: 80), quality: 90), to: "art/kite.jpg")
    _ = folder.write(Array("P1 fix the launch screen\n".utf8), to: "art/TODO.md")
    _ = folder.write(Array("<svg the logo needs a dark variant\n".utf8), to: "art/LOGO-NOTES")
    let run = try ArtfitRun(["check", folder.path("art"), "--out", folder.path("out"), "--targets", "iPhone 16 Pro"])
    #expect(run.status == 0, "\(run.stderr)")
    let skipped = try #require(try report()["skipped"] as? [[String: String]])
    #expect(skipped.map { ($0["source"]! as NSString).lastPathComponent } == ["LOGO-NOTES", "TODO.md"])
    #expect(
      skipped.map { $0["reason"]! }
        == [
          "not an image (text; only its first bytes look like SVG)",
          "not an image (text; only its first bytes look like netpbm)",
        ])
  }

  @Test func excludedFilesAreLeftOutEntirely() throws {
    defer { folder.remove() }
    try handOff()
    let run = try run([
      "--exclude", "*.psd", "--exclude", "kite-draft.heic", "--exclude", "logo.*", "--exclude", "drafts",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let skipped = try #require(try report()["skipped"] as? [[String: String]])
    #expect(skipped.map { ($0["source"]! as NSString).lastPathComponent } == ["notes.txt"])
  }

  @Test func theManifestExcludesToo() throws {
    defer { folder.remove() }
    try handOff()
    _ = folder.write(
      Array(#"{"exclude": ["*.psd", "*-draft.heic", "*.svg", "**/*.sketch", "notes.txt"]}"#.utf8),
      to: "handoff/artfit.json")
    let run = try run([])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stdout.contains("skipped"), "the manifest itself is artfit's own, not a skipped file: \(run.stdout)")
    #expect((try report()["skipped"] as? [Any])?.isEmpty == true)
  }

  @Test func aRunThatFindsNothingIsBadUsageUnlessAllowed() throws {
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.path("handoff"), withIntermediateDirectories: true)
    _ = folder.write(Array("notes\n".utf8), to: "handoff/notes.txt")
    let empty = try run([])
    #expect(empty.status == 2)
    #expect(
      empty.stderr.contains("no artwork in") && empty.stderr.contains("1 file that is not artwork"), "\(empty.stderr)")
    #expect(empty.stderr.contains("--allow-empty"))
    #expect(try run(["--allow-empty"]).status == 0)
    _ = folder.write(Array("GIF89a".utf8), to: "handoff/anim.gif")
    let unreadable = try run([])
    #expect(unreadable.status == 3, "an unreadable image alone is an input error: \(unreadable.stderr)")
  }

  @Test func aMisnamedImageIsNamedForWhatItIs() throws {
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.path("handoff"), withIntermediateDirectories: true)
    _ = folder.write(Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0], to: "handoff/hero.png")
    let run = try run([])
    #expect(run.status == 3)
    #expect(run.stderr.contains("hero.png") && run.stderr.contains("a GIF image"), "\(run.stderr)")
  }
}

/// `--exclude` as people write it: a glob ending in `/` names a folder (as in .gitignore), and
/// a glob that leaves nothing out is said, since it is most likely mistyped.
struct ExcludeWordsTests {
  @Test func aFolderGlobLeavesTheFolderOutAndAGlobMatchingNothingIsSaid() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.path("art/final"), withIntermediateDirectories: true)
    let png = try ImageEncoder.png(TestPictures.quadrants(width: 40, height: 30))
    _ = folder.write(png, to: "art/final/a.png")
    _ = folder.write(png, to: "art/b.png")
    _ = folder.write(png, to: "art/final.png")
    let run = try ArtfitRun([
      "check", folder.path("art"), "--out", folder.path("out"), "--targets", "90x160", "--exclude", "final/",
      "--exclude", "drafts/**", "--json",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try #require(try run.json() as? [String: Any])
    let sources = (json["artworks"] as? [[String: Any]] ?? []).compactMap { $0["source"] as? String }
    #expect(sources.map { ($0 as NSString).lastPathComponent } == ["b.png", "final.png"], "\(sources)")
    #expect(run.stderr.contains("'drafts/**' matched no file"), "\(run.stderr)")
    #expect(!run.stderr.contains("'final/' matched no file"), "\(run.stderr)")
  }
}
