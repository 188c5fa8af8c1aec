import Artwork
import Foundation
import TestSupport
import Testing

extension Slow {
  /// The README's GNU parallel recipe, run as written on a folder large enough to page the
  /// contact sheet: the merged reports are exactly one whole run's.
  @Suite(.tags(.slow))
  struct ShardRecipeTests {
    /// The one-line recipe from the README's code block.
    static func recipe() throws -> String {
      let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")
      let text = try String(contentsOf: readme, encoding: .utf8)
      return try #require(
        text.split(separator: "\n").first { $0.hasPrefix("seq 4 | parallel artfit check Art") }.map(String.init),
        "the README gives the GNU parallel recipe")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/parallel"), "GNU parallel is installed"))
    func gnuParallelRecipeGivesTheWholeRunsReports() throws {
      let folder = TemporaryFolder()
      defer { folder.remove() }
      try FileManager.default.createDirectory(atPath: folder.path("Art/set"), withIntermediateDirectories: true)
      // 130 artworks: past the 100 a page, so index.html is a first page and pages/ are merged too.
      for index in 0..<130 {
        let png = try ImageEncoder.png(TestPictures.quadrants(width: 20 + index % 17, height: 20 + index % 11))
        _ = folder.write(png, to: index % 4 == 0 ? "Art/set/a\(index).png" : "Art/a\(index).png")
      }
      _ = folder.write(Array("not an image".utf8), to: "Art/broken.png")
      // Every report file, so each of them is compared (merge-reports writes what the shards did).
      let targets = [
        "--targets", "iPhone 16 Pro,90x160", "--max-crop-loss", "40%", "--reports", "json,jsonl,csv,junit,html",
      ]
      // `artfit` on PATH is the built binary with this test's targets added.
      let bin = folder.path("bin")
      try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
      let quoted = targets.map { "'\($0)'" }.joined(separator: " ")
      let binary = ArtfitRun.binary.path
      _ = folder.write(
        Array(
          "#!/bin/sh\nif [ \"$1\" = check ]; then exec '\(binary)' \"$@\" \(quoted); fi\nexec '\(binary)' \"$@\"\n".utf8
        ),
        to: "bin/artfit")
      chmod(folder.path("bin/artfit"), 0o755)

      let shell = Process()
      shell.executableURL = URL(fileURLWithPath: "/bin/sh")
      shell.arguments = ["-c", try Self.recipe()]
      shell.currentDirectoryURL = URL(fileURLWithPath: folder.path(""))
      var environment = ProcessInfo.processInfo.environment
      environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
      environment["HOME"] = folder.path("")  // parallel keeps its state in ~/.parallel
      shell.environment = environment
      shell.standardOutput = FileHandle.nullDevice
      shell.standardError = FileHandle.nullDevice
      try shell.run()
      shell.waitUntilExit()
      #expect(shell.terminationStatus == 3, "the joined run has the unreadable input")

      // The whole run names its input as the recipe's runs did: Art, from the same folder.
      let whole = try ArtfitRun(
        ["check", "Art", "--out", "whole", "--quiet"] + targets, in: URL(fileURLWithPath: folder.path("")))
      #expect(whole.status == 3)
      let merged = folder.path("artfit-out")
      let wholeFolder = folder.path("whole")
      let pages = (try? FileManager.default.contentsOfDirectory(atPath: wholeFolder + "/pages").sorted()) ?? []
      #expect(pages.count == 2, "131 artworks make two pages")
      for name in ["report.jsonl", "report.csv", "junit.xml", "index.html"] + pages.map({ "pages/" + $0 }) {
        let a = FileManager.default.contents(atPath: merged + "/" + name)
        let b = FileManager.default.contents(atPath: wholeFolder + "/" + name)
        #expect(a != nil && a == b, "\(name) differs")
      }
      // report.json: the same artworks and results (the options name the run's own --out).
      let mergedJSON = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: merged + "/report.json")))
          as? NSDictionary)
      let wholeJSON = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: wholeFolder + "/report.json")))
          as? NSDictionary)
      for key in ["artworks", "errors", "summary"] {
        #expect((mergedJSON[key] as? NSObject)?.isEqual(wholeJSON[key]) == true, "\(key) differs")
      }
    }
  }
}
