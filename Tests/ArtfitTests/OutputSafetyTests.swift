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

  /// Every file under `path`, with its bytes.
  func contents(under path: String) throws -> [String: Data] {
    var contents: [String: Data] = [:]
    for name in files(under: path) {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: folder.path(path + "/" + name), isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        contents[name] = try Data(contentsOf: URL(fileURLWithPath: folder.path(path + "/" + name)))
      }
    }
    return contents
  }

  /// The input folder `r/art` against every place `--out` can be: no command writes into
  /// it, whatever the layout; an output folder that is or holds it is bad usage.
  @Test(arguments: ["render", "check"], [("r", 2), ("r/art", 2), (".", 2), ("r/art/out", 0), ("r/other", 0)])
  func noLayoutOfTheOutputWritesAnInput(command: String, layout: (out: String, status: Int32)) throws {
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.path("r/art"), withIntermediateDirectories: true)
    _ = folder.write(try ImageEncoder.png(TestPictures.quadrants(width: 120, height: 90)), to: "r/art/art.png")
    _ = folder.write(try ImageEncoder.png(TestPictures.quadrants(width: 60, height: 90)), to: "r/art/crop-map.png")
    let before = try contents(under: "r/art")
    let run = try ArtfitRun(
      [command, folder.path("r/art"), "--out", folder.path(layout.out), "--targets", "90x160", "--modes", "fill"])
    #expect(run.status == layout.status, "\(run.stderr)")
    if layout.status == 2 { #expect(run.stderr.contains("or holds it"), "\(run.stderr)") }
    let after = try contents(under: "r/art").filter { !$0.key.hasPrefix("out/") }
    #expect(after == before, "\(after.keys.sorted())")
  }

  /// Input files given by name inside the output folder are never written: the artwork
  /// whose crop map would land on one fails, naming it.
  @Test func anInputFileInsideTheOutputIsNeverWritten() throws {
    defer { folder.remove() }
    try art(["hero.png"])
    try FileManager.default.createDirectory(atPath: folder.path("art/hero"), withIntermediateDirectories: true)
    _ = folder.write(try ImageEncoder.png(TestPictures.quadrants(width: 60, height: 90)), to: "art/hero/crop-map.png")
    let before = try contents(under: "art")
    let run = try ArtfitRun([
      "render", folder.path("art/hero.png"), folder.path("art/hero/crop-map.png"), "--out", folder.path("art"),
      "--targets", "90x160", "--modes", "fill",
    ])
    #expect(run.status == 3, "\(run.stderr)")
    #expect(run.stderr.contains("it is one of the inputs"), "\(run.stderr)")
    let after = try contents(under: "art")
    #expect(before.allSatisfy { after[$0.key] == $0.value })
  }

  /// Names an artwork can have that are artfit's own (a `thumbs` folder beside previews,
  /// a stem ending in `.png` or `.json`): every output the report names is its own file, and
  /// each artwork's thumbnail is the one a run of it alone writes.
  @Test func outputsOfDifferentArtworksNeverShareAPath() throws {
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.path("art/x"), withIntermediateDirectories: true)
    _ = folder.write(try ImageEncoder.png(TestPictures.quadrants(width: 120, height: 90)), to: "art/x.png")
    _ = folder.write(try ImageEncoder.png(TestPictures.quadrants(width: 40, height: 90)), to: "art/x/thumbs.png")
    _ = folder.write(try ImageEncoder.png(TestPictures.quadrants(width: 90, height: 90)), to: "art/report.json.png")
    let arguments = ["--targets", "90x160", "--modes", "fill", "--format", "jpeg"]
    let run = try ArtfitRun(["render", folder.path("art"), "--out", folder.path("out")] + arguments)
    #expect(run.status == 0, "\(run.stderr)")
    let data = try Data(contentsOf: URL(fileURLWithPath: folder.path("out/report.json")))
    let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var paths: [String] = []
    for artwork in report["artworks"] as? [[String: Any]] ?? [] {
      paths.append(artwork["crop_map"] as? String ?? "")
      for result in artwork["results"] as? [[String: Any]] ?? [] {
        let preview = result["preview"] as? String ?? ""
        paths += [preview, PreviewThumbnail.path(for: preview)]
      }
    }
    #expect(paths.count == 9 && Set(paths).count == paths.count, "\(paths)")
    let alone = try ArtfitRun(["render", folder.path("art/x.png"), "--out", folder.path("alone")] + arguments)
    #expect(alone.status == 0, "\(alone.stderr)")
    let thumb = "x/thumbs/canvas-90x160-portrait-fill@1x.jpg"
    #expect(
      FileManager.default.contents(atPath: folder.path("out/" + thumb))
        == FileManager.default.contents(atPath: folder.path("alone/" + thumb)))
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
