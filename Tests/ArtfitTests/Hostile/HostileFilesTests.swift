import Artwork
import Foundation
import TestSupport
import Testing

/// Files that are not files, folders named like files, links out of the input, markers
/// dropped to switch a folder off, empty gates and canvases too big to draw: each a named
/// skip, a named error or a correct run, in bounded time.
@Suite struct HostileFilesTests {
  let folder = TemporaryFolder()

  func png(_ name: String, width: Int = 120, height: Int = 90) throws {
    let path = folder.path(name)
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    _ = folder.write(try ImageEncoder.png(TestPictures.quadrants(width: width, height: height)), to: name)
  }

  /// Runs artfit, killed after `seconds` (a hang is a failure, not a stuck test run).
  func bounded(_ arguments: [String], seconds: Double = 20, shell: Bool = false) throws -> (status: Int32, text: String)
  {
    let process = Process()
    let output = folder.path("output-\(UUID().uuidString)")
    FileManager.default.createFile(atPath: output, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    if shell {
      process.executableURL = URL(fileURLWithPath: "/bin/bash")
      process.arguments = ["-c", "\"$0\" " + arguments.joined(separator: " "), ArtfitRun.binary.path]
    } else {
      process.executableURL = ArtfitRun.binary
      process.arguments = arguments
    }
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    let hung = process.isRunning
    if hung { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    try handle.close()
    #expect(!hung, "artfit \(arguments.joined(separator: " ")) did not end in \(seconds) s")
    return (
      process.terminationStatus, String(decoding: try Data(contentsOf: URL(fileURLWithPath: output)), as: UTF8.self)
    )
  }

  @Test(arguments: ["check", "render"])
  func aFIFOIsListedAsSkippedNeverOpened(command: String) throws {
    defer { folder.remove() }
    try png("art/a.png")
    #expect(mkfifo(folder.path("art/fifo.png"), 0o644) == 0)
    #expect(mkfifo(folder.path("art/pipe"), 0o644) == 0)
    let run = try bounded([command, folder.path("art"), "--out", folder.path("out"), "--targets", "90x160"])
    #expect(run.status == 0, "\(run.text)")
    #expect(run.text.contains("fifo.png (not a regular file (a FIFO))"), "\(run.text)")
    let given = try bounded([command, folder.path("art/fifo.png"), "--out", folder.path("out2"), "--allow-empty"])
    #expect(given.status == 0 && given.text.contains("not a regular file (a FIFO)"), "\(given.text)")
  }

  @Test func settingsFilesFromAFIFONeverHangAndFromAPipeAreRead() throws {
    defer { folder.remove() }
    try png("art/a.png")
    #expect(mkfifo(folder.path("fifo.json"), 0o644) == 0)
    for option in ["--baseline", "--manifest", "--catalog"] {
      let run = try bounded([
        "check", folder.path("art"), "--out", folder.path("out"), option, folder.path("fifo.json"),
      ])
      #expect(run.status == 2, "\(option): \(run.text)")
    }
    let piped = try bounded(
      [
        "check", folder.path("art"), "--out", folder.path("out"), "--targets", "90x160", "--manifest",
        "<(echo '{\"defaults\": {\"focus\": [0.1, 0.1, 0.2, 0.2]}}')", "--json",
      ], shell: true)
    #expect(piped.status == 0 && piped.text.contains("\"origin\""), "\(piped.text)")
  }

  @Test func aMarkerArtfitDidNotWriteSwitchesNothingOff() throws {
    defer { folder.remove() }
    try png("art/ok.png", width: 90, height: 160)
    try png("art/new/wide.png", width: 400, height: 100)
    FileManager.default.createFile(atPath: folder.path("art/new/.artfit-output"), contents: Data())
    let run = try bounded([
      "check", folder.path("art"), "--out", folder.path("out"), "--targets", "90x160", "--modes", "fill",
      "--max-crop-loss", "10%",
    ])
    #expect(run.status == 1, "the wide artwork in art/new is checked: \(run.text)")
    #expect(run.text.contains("an output marker artfit did not write"), "\(run.text)")
    // A real output folder inside the input is still left out, and listed.
    let render = try bounded([
      "render", folder.path("art"), "--out", folder.path("art/previews"), "--targets", "90x160", "--modes", "fill",
    ])
    #expect([0, 1].contains(render.status), "\(render.text)")
    let again = try bounded(["check", folder.path("art"), "--out", folder.path("out"), "--targets", "90x160", "--json"])
    #expect(again.text.contains("an earlier artfit run's output folder"), "\(again.text)")
    #expect(!again.text.contains("previews/ok/"), "\(again.text)")
  }

  @Test func aRunThatSolvesNothingIsAnEmptyRun() throws {
    defer { folder.remove() }
    try png("art/a.png")
    let empty = try bounded([
      "check", folder.path("art"), "--out", folder.path("out"), "--targets", "apple-tv-4k", "--orientations",
      "portrait", "--max-crop-loss", "1%",
    ])
    #expect(empty.status == 2 && empty.text.contains("no screen was solved"), "\(empty.text)")
    let allowed = try bounded([
      "check", folder.path("art"), "--out", folder.path("out"), "--targets", "apple-tv-4k", "--orientations",
      "portrait", "--allow-empty",
    ])
    #expect(allowed.status == 0, "\(allowed.text)")
  }

  @Test func aShardHoldingNoArtworkIsFineAndMerges() throws {
    defer { folder.remove() }
    try png("art/a.png")
    for index in 1...3 {
      let run = try bounded([
        "check", folder.path("art"), "--shard", "\(index)/3", "--out", folder.path("s\(index)"), "--targets", "90x160",
      ])
      #expect(run.status == 0, "\(run.text)")
    }
    let merged = try bounded([
      "merge-reports", folder.path("s1"), folder.path("s2"), folder.path("s3"), "--out", folder.path("m"),
    ])
    #expect(merged.status == 0, "\(merged.text)")
  }

  @Test(arguments: ["100000x100000@3", "30000x30000@1"])
  func aCanvasTooBigToDrawIsBadUsage(canvas: String) throws {
    defer { folder.remove() }
    try png("art/a.png")
    let run = try bounded(["render", folder.path("art"), "--out", folder.path("out"), "--targets", canvas])
    #expect(run.status == 2 && run.text.contains("more than --max-pixels"), "\(run.text)")
    #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
  }

  @Test func aFolderNamedLikeAnImageIsSearched() throws {
    defer { folder.remove() }
    try png("art/x.png/inner.png")
    let run = try bounded(["check", folder.path("art"), "--out", folder.path("out"), "--targets", "90x160", "--json"])
    #expect(run.status == 0 && run.text.contains("x.png/inner.png"), "\(run.text)")
  }

  @Test func linksOutOfTheInputAreListedUnlessFollowed() throws {
    defer { folder.remove() }
    try png("art/a.png")
    try png("elsewhere/b.png")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("art/out-link"), withDestinationPath: folder.path("elsewhere"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("art/in-link.png"), withDestinationPath: folder.path("art/a.png"))
    let run = try bounded(["check", folder.path("art"), "--out", folder.path("out"), "--targets", "90x160", "--json"])
    #expect(run.text.contains("outside the input folder (--follow-symlinks follows it)"), "\(run.text)")
    #expect(!run.text.contains("b.png\""), "\(run.text)")
    let followed = try bounded([
      "check", folder.path("art"), "--out", folder.path("out"), "--targets", "90x160", "--json", "--follow-symlinks",
    ])
    #expect(followed.text.contains("out-link/b.png"), "\(followed.text)")
  }

  /// Vector documents that would spend minutes or gigabytes: each refused by name, with the
  /// flag that raises its bound, by `check` and `render` alike, in seconds.
  @Test(arguments: ["bomb", "crowd", "heavy", "slow"])
  func aVectorDocumentOverItsBoundsIsNamed(name: String) throws {
    defer { folder.remove() }
    let (bytes, flags, words, flag): ([UInt8], [String], String, String) =
      switch name {
      case "bomb": (VectorFixtures.useBomb(), [], "more than 100000 elements", "--max-vector-elements")
      case "crowd":
        (
          VectorFixtures.svg(
            "width=\"900\" height=\"600\"", String(repeating: "<rect width=\"1\" height=\"1\"/>", count: 120_000)),
          [], "more than 100000 elements", "--max-vector-elements"
        )
      case "heavy":
        (VectorFixtures.halves, ["--max-vector-bytes", "64"], "more than the limit of 64", "--max-vector-bytes")
      default:
        (
          VectorFixtures.translucentCircles(5_000), ["--max-vector-seconds", "0.5"], "would take more than 0.5 s",
          "--max-vector-seconds"
        )
      }
    try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
    _ = folder.write(bytes, to: "art/\(name).svg")
    for command in ["check", "render"] {
      if command == "check" && flag == "--max-vector-seconds" { continue }  // check draws nothing
      let run = try bounded(
        [command, folder.path("art"), "--out", folder.path(command), "--targets", "iphone-16-pro"] + flags)
      #expect(run.status == 3, "\(command): \(run.text)")
      let line = run.text.split(separator: "\n").first { $0.hasPrefix("artfit: " + folder.path("art/\(name).svg")) }
      #expect(line?.contains(words) == true && line?.contains("raise " + flag) == true, "\(command): \(run.text)")
    }
  }
}
