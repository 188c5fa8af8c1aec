import Artwork
import Foundation
import TestSupport
import Testing

extension Slow {
  /// An interrupted render leaves no partial or temporary file, and inputs stay untouched.
  @Suite(.tags(.slow))
  struct InterruptTests {
    @Test func sigtermMidRenderLeavesNoPartialFiles() throws {
      let folder = TemporaryFolder()
      defer { folder.remove() }
      try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
      let bytes = try ImageEncoder.png(TestPictures.quadrants(width: 900, height: 600))
      for index in 0..<4 { _ = folder.write(bytes, to: "art/art\(index).png") }
      let before = try (0..<4).map { try Data(contentsOf: URL(fileURLWithPath: folder.path("art/art\($0).png"))) }

      // Interrupted once previews are being written.
      let (status, said) = try Self.terminate(
        ["render", folder.path("art"), "--out", folder.path("out"), "--targets", "iphone", "--quiet"]
      ) {
        (FileManager.default.subpaths(atPath: folder.path("out")) ?? []).filter { $0.hasSuffix(".png") }.count >= 3
      }
      // The run was stopped part way: a run that finished first proves nothing.
      #expect(status == 128 + 15, "artfit was not interrupted: \(said)")
      #expect(said.contains("interrupted (SIGTERM)"), "\(said)")
      #expect(
        !FileManager.default.fileExists(atPath: folder.path("out/report.json")),
        "the reports of an interrupted run are not written")

      let files = FileManager.default.subpaths(atPath: folder.path("out")) ?? []
      #expect(
        !files.contains { $0.contains(".artfit-tmp-") },
        "no temporary file is left: \(files.filter { $0.contains("tmp") })")
      for file in files where file.hasSuffix(".png") && !file.contains("thumbs") {
        #expect(throws: Never.self, "\(file) is whole") { try ImageDecoder.decode(file: folder.path("out/" + file)) }
      }
      let after = try (0..<4).map { try Data(contentsOf: URL(fileURLWithPath: folder.path("art/art\($0).png"))) }
      #expect(before == after, "inputs are never modified")
    }

    /// A check stopped half way through a large folder, while its reports stream: each
    /// report file is absent or whole, and no temporary file is left.
    @Test func sigtermMidCheckLeavesReportsAbsentOrWhole() throws {
      let folder = TemporaryFolder()
      defer { folder.remove() }
      try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
      let png = try ImageEncoder.png(TestPictures.quadrants(width: 30, height: 40))
      for index in 0..<1500 { _ = folder.write(png, to: "art/a\(index).png") }

      // Interrupted once a page of the contact sheet is out: the reports are half written.
      let (status, said) = try Self.terminate(
        [
          "check", folder.path("art"), "--out", folder.path("out"), "--quiet", "--jobs", "1", "--reports",
          "json,jsonl,csv,junit,html",
        ]
      ) { FileManager.default.fileExists(atPath: folder.path("out/pages/0002.html")) }
      #expect(status == 128 + 15, "artfit was not interrupted: \(said)")
      let files = FileManager.default.subpaths(atPath: folder.path("out")) ?? []
      #expect(!files.contains { $0.contains(".artfit-tmp-") }, "no temporary file is left")
      for name in ["report.json", "report.jsonl", "report.csv", "junit.xml", "index.html"] {
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/" + name)), "\(name) of an interrupted run")
      }
      // The pages it had begun are removed with the sheet: no index of one run over another's pages.
      #expect(!files.contains { $0.hasPrefix("pages/") }, "\(files.filter { $0.hasPrefix("pages/") })")
      #expect(said.contains("no reports were written") && said.contains("contact sheet"), "\(said)")
      #expect(!said.contains("previews"), "a check makes no previews: \(said)")
    }

    /// An interrupted check over the folder of an earlier render leaves that render's reports
    /// whole, every file of them and no other, and says so.
    @Test func sigtermMidCheckLeavesTheEarlierRunsReportsAsOneSet() throws {
      let folder = TemporaryFolder()
      defer { folder.remove() }
      try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
      let png = try ImageEncoder.png(TestPictures.quadrants(width: 30, height: 40))
      for index in 0..<40 { _ = folder.write(png, to: "art/a\(index).png") }
      let render = try ArtfitRun([
        "render", folder.path("art"), "--out", folder.path("out"), "--targets", "90x160", "--quiet",
      ])
      #expect(render.status == 0, "\(render.stderr)")
      let earlier = try Self.reportFiles(folder.path("out"))
      for index in 40..<1500 { _ = folder.write(png, to: "art/a\(index).png") }
      let (status, said) = try Self.terminate(
        ["check", folder.path("art"), "--out", folder.path("out"), "--quiet", "--jobs", "1"]
      ) {
        // Once its report.json is being written (a temporary file), before it is put in place.
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path("out")))?
          .contains { $0.hasPrefix(".report.json.artfit-tmp-") } ?? false
      }
      #expect(status == 128 + 15, "artfit was not interrupted: \(said)")
      #expect(try Self.reportFiles(folder.path("out")) == earlier, "the earlier run's reports, whole")
      #expect(said.contains("the last finished run's") && !said.contains("previews"), "\(said)")
    }

    /// An interrupted `assets` leaves no image set without its Contents.json: the new sets it
    /// had begun are removed, the finished ones are whole.
    @Test func sigtermMidAssetsLeavesEverySetWhole() throws {
      let folder = TemporaryFolder()
      defer { folder.remove() }
      try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
      let bytes = try ImageEncoder.png(TestPictures.quadrants(width: 1200, height: 900))
      for index in 0..<40 { _ = folder.write(bytes, to: "art/art\(index).png") }
      let catalog = folder.path("App.xcassets")
      let (status, said) = try Self.terminate(["assets", folder.path("art"), "--out", catalog, "--jobs", "2"]) {
        (FileManager.default.subpaths(atPath: catalog) ?? []).filter { $0.hasSuffix("@2x.png") }.count >= 3
      }
      #expect(status == 128 + 15, "artfit was not interrupted: \(said)")
      #expect(!said.contains("previews"), "\(said)")
      let sets =
        (try? FileManager.default.contentsOfDirectory(atPath: catalog))?.filter { $0.hasSuffix(".imageset") } ?? []
      for set in sets {
        #expect(
          FileManager.default.fileExists(atPath: catalog + "/" + set + "/Contents.json"), "\(set) has its Contents.json"
        )
      }
      let left = FileManager.default.subpaths(atPath: catalog) ?? []
      #expect(!left.contains { $0.contains(".artfit-tmp-") }, "no temporary file is left")
    }

    /// An `assets` run interrupted while it rewrites a catalog an earlier run finished leaves
    /// every set as the earlier run left it or as this run makes it, never some of each (its
    /// new @1x and @2x beside the old @3x), and no staged file behind.
    @Test func sigtermMidAssetsOverAnEarlierCatalogLeavesEachSetOldOrNew() throws {
      let folder = TemporaryFolder()
      defer { folder.remove() }
      try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
      let names = (0..<40).map { "art\($0)" }
      let old = try ImageEncoder.png(TestPictures.quadrants(width: 1200, height: 900))
      for name in names { _ = folder.write(old, to: "art/\(name).png") }
      let catalog = folder.path("App.xcassets")
      let first = try ArtfitRun(["assets", folder.path("art"), "--out", catalog])
      #expect(first.status == 0, "\(first.stderr)")
      let files = { (name: String) -> [String: Data] in
        let set = catalog + "/" + name + ".imageset"
        var bytes: [String: Data] = [:]
        for file in (try? FileManager.default.contentsOfDirectory(atPath: set)) ?? [] {
          bytes[file] = FileManager.default.contents(atPath: set + "/" + file)
        }
        return bytes
      }
      let earlier = Dictionary(uniqueKeysWithValues: names.map { ($0, files($0)) })
      let new = try ImageEncoder.png(TestPictures.quadrants(width: 900, height: 1200))
      for name in names { _ = folder.write(new, to: "art/\(name).png") }
      let (status, said) = try Self.terminate(["assets", folder.path("art"), "--out", catalog, "--jobs", "2"]) {
        usleep(20_000)
        return names.filter { files($0) != earlier[$0] }.count >= 3
      }
      #expect(status == 128 + 15, "artfit was not interrupted: \(said)")
      var (kept, made) = (0, 0)
      for name in names {
        let now = files(name)
        // Every file the earlier run left, and nothing else (no staged file); the pictures
        // all the earlier run's or all this run's (Contents.json names the same files).
        #expect(now.keys.sorted() == earlier[name]?.keys.sorted(), "\(name): \(now.keys.sorted())")
        let pictures = now.filter { $0.key.hasSuffix(".png") }
        let same = pictures.filter { earlier[name]?[$0.key] == $0.value }.count
        #expect(
          same == 0 || same == pictures.count,
          "\(name): \(same) of its \(pictures.count) pictures are the earlier run's")
        if same == pictures.count { kept += 1 } else { made += 1 }
      }
      #expect(kept > 0 && made > 0, "interrupted midway: \(made) sets rewritten, \(kept) as they were")
    }

    /// The report files in `folder` with their bytes, and the files report.json says its run wrote.
    static func reportFiles(_ folder: String) throws -> [String: Data] {
      var files: [String: Data] = [:]
      for name in ["report.json", "report.jsonl", "report.csv", "junit.xml", "index.html"] {
        if let data = FileManager.default.contents(atPath: folder + "/" + name) { files[name] = data }
      }
      let json = try #require(files["report.json"])
      let report = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
      let options = try #require(report["options"] as? [String: Any])
      let listed = Set(
        (options["reports"] as? [String] ?? []).map {
          [
            "json": "report.json", "jsonl": "report.jsonl", "csv": "report.csv", "junit": "junit.xml",
            "html": "index.html",
          ][$0]!
        })
      #expect(Set(files.keys) == listed, "the files present are the set report.json's run wrote")
      return files
    }

    /// Runs artfit with `arguments`, sends SIGTERM once `ready` holds (or after two minutes),
    /// and returns its exit status and what it said on stderr.
    static func terminate(_ arguments: [String], when ready: () -> Bool) throws -> (Int32, String) {
      let process = Process()
      process.executableURL = ArtfitRun.binary
      process.arguments = arguments
      let stderr = Pipe()
      process.standardError = stderr
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      let deadline = Date().addingTimeInterval(120)
      while Date() < deadline && !ready() { usleep(5_000) }
      process.terminate()  // SIGTERM
      let said = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return (process.terminationStatus, said)
    }
  }
}
