import Artwork
import Foundation
import TestSupport
import Testing

/// Nothing is written outside --out, outputs are never read back as artwork, and a folder
/// that takes no more writes stops the run with whole files only.
struct OutputSafetyTests {
  let folder = TemporaryFolder()

  func art(_ names: [String], noise: Bool = false) throws {
    try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
    var generator = SeededGenerator(seed: 7)
    let noisy = Image(
      width: 300, height: 200, layout: .rgb,
      storage: .uint8((0..<300 * 200 * 3).map { _ in UInt8.random(in: 0...255, using: &generator) }))
    let png = try ImageEncoder.png(noise ? noisy : TestPictures.quadrants(width: 120, height: 90))
    for name in names { _ = folder.write(png, to: "art/\(name)") }
  }

  func files(under path: String) -> [String] {
    ((try? FileManager.default.subpathsOfDirectory(atPath: folder.path(path))) ?? []).sorted()
  }

  @Test func symbolicLinkInsideTheOutputFolderIsNotFollowed() throws {
    defer { folder.remove() }
    try art(["hero.png", "other.png"])
    try FileManager.default.createDirectory(atPath: folder.path("elsewhere"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("out/hero"), withDestinationPath: folder.path("elsewhere"))
    let run = try ArtfitRun([
      "render", folder.path("art"), "--out", folder.path("out"), "--targets", "90x160", "--modes", "fill",
    ])
    #expect(run.status == 3)
    #expect(
      run.stderr.contains("art/hero.png: cannot write") && run.stderr.contains("out/hero is a symbolic link"),
      "\(run.stderr)")
    #expect(files(under: "elsewhere").isEmpty)
    #expect(files(under: "out/other").contains("canvas-90x160-portrait-fill@1x.png"))
  }

  @Test func nameThatWouldClimbOutOfTheOutputFolderIsRefused() throws {
    defer { folder.remove() }
    try art(["...png"])  // its stem is ".."
    let run = try ArtfitRun([
      "render", folder.path("art/...png"), "--out", folder.path("box/out"), "--targets", "90x160", "--modes", "fill",
    ])
    #expect(run.status == 3)
    #expect(run.stderr.contains("outside the output folder"), "\(run.stderr)")
    #expect(files(under: "box").allSatisfy { $0.hasPrefix("out") }, "\(files(under: "box"))")
  }

  @Test func outputFolderEqualToTheInputIsBadUsage() throws {
    defer { folder.remove() }
    try art(["hero.png"])
    let run = try ArtfitRun(["render", folder.path("art"), "--out", folder.path("art/")])
    #expect(run.status == 2)
    #expect(run.stderr.contains("is the input folder"), "\(run.stderr)")
    #expect(files(under: "art") == ["hero.png"])
  }

  @Test func anEarlierOutputFolderInsideTheInputIsNeverReadBack() throws {
    defer { folder.remove() }
    try art(["hero.png"])
    let first = try ArtfitRun([
      "render", folder.path("art"), "--out", folder.path("art/previews"), "--targets", "90x160", "--modes", "fill",
    ])
    #expect(first.status == 0, "\(first.stderr)")
    // A second run elsewhere: art/previews holds PNGs, but they are artfit's own.
    let second = try ArtfitRun(["check", folder.path("art"), "--targets", "90x160", "--modes", "fill", "--json"])
    #expect(second.status == 0, "\(second.stderr)")
    let report = try #require(try second.json() as? [String: Any])
    let sources = (report["artworks"] as? [[String: Any]])?.compactMap { $0["source"] as? String }
    #expect(sources == [folder.path("art/hero.png")])
  }

  // ThreadSanitizer's own runtime dies of SIGBUS under a file-size limit, before artfit
  // writes anything: under `swift test --sanitize=thread` there is nothing to check here.
  @Test(.enabled(if: !Sanitizers.threadSanitizerIsRunning, "ThreadSanitizer's runtime dies of SIGBUS under ulimit -f"))
  func fullOutputStopsTheRunWithWholeFilesOnly() throws {
    defer { folder.remove() }
    try art(["a.png", "b.png", "c.png"], noise: true)
    // 256 blocks = 128 KiB: the sources and small previews fit, a 400×800 canvas of noise does not.
    let run = try ArtfitRun(
      [
        "render", folder.path("art"), "--out", folder.path("out"), "--targets", "90x160,400x800", "--modes", "fill",
        "--jobs", "1",
      ],
      fileSizeBlocks: 256)
    #expect(run.status == 4, "\(run.stderr)")
    #expect(run.stderr.contains("File too large") && run.stderr.contains("stopped"), "\(run.stderr)")
    let written = files(under: "out")
    #expect(!written.contains { $0.contains("artfit-tmp") }, "temporary files left: \(written)")
    #expect(
      !written.contains { $0.hasPrefix("b/") || $0.hasPrefix("c/") }, "the run went on after the failure: \(written)")
    for path in written where path.hasSuffix(".png") {
      #expect(throws: Never.self) { try ImageDecoder.decode(file: folder.path("out/\(path)")) }
    }
  }
}
