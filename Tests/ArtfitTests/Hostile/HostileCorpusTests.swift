import Artwork
import Foundation
import TestSupport
import Testing

extension Slow {
  /// `render` over Scripts/make_hostile_corpus.py's folder of malformed and hostile files: exit 3,
  /// every bad file named with its cause, every good file rendered, no crash, nothing left over.
  @Suite(.tags(.slow))
  struct HostileCorpusTests {
    static let script = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Scripts/make_hostile_corpus.py")

    struct Expectation {
      var name: String
      var renders: Bool
      var words: String
    }

    @Test func renderNamesEveryBadFileAndRendersTheGoodOnes() throws {
      let folder = TemporaryFolder()
      defer {
        chmod(folder.path("art/unreadable.png"), 0o644)
        folder.remove()
      }
      let python = Process()
      python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      python.arguments = ["python3", Self.script.path, folder.path("art")]
      python.standardOutput = FileHandle.nullDevice
      try python.run()
      python.waitUntilExit()
      try #require(python.terminationStatus == 0, "make_hostile_corpus.py failed")
      let expectations = try String(contentsOfFile: folder.path("art/expected.tsv"), encoding: .utf8)
        .split(separator: "\n").map { line in
          let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
          return Expectation(name: fields[0], renders: fields[1] == "ok", words: fields.count > 2 ? fields[2] : "")
        }
      #expect(expectations.filter { !$0.renders }.count >= 30)

      let before = try Self.fingerprints(of: folder.path("art"))
      #expect(before.count >= 50, "every regular input file is fingerprinted")
      let run = try ArtfitRun([
        "render", folder.path("art"), "--out", folder.path("out"), "--targets", "90x160", "--modes", "fill",
        "--orientations", "portrait",
      ])
      #expect(run.status == 3, "\(run.stderr)")
      let errorLines = run.stderr.split(separator: "\n").filter { $0.hasPrefix("artfit: ") }
      // Each artwork's folder, by its stem in the report (good.png and good.jpg share a name).
      let reportData = try #require(FileManager.default.contents(atPath: folder.path("out/report.json")))
      let report = try #require(try JSONSerialization.jsonObject(with: reportData) as? [String: Any])
      let stems = Dictionary(
        uniqueKeysWithValues: (report["artworks"] as? [[String: Any]] ?? []).compactMap { artwork in
          (artwork["source"] as? String).flatMap { source in
            (artwork["stem"] as? String).map { (String(source.dropFirst(folder.path("art").count + 1)), $0) }
          }
        })
      for expectation in expectations {
        let path = folder.path("art/\(expectation.name)")
        let line = errorLines.first { $0.hasPrefix("artfit: \(path): ") }
        if expectation.renders {
          #expect(line == nil, "\(expectation.name) should render: \(line ?? "")")
          let stem = stems[expectation.name] ?? (expectation.name as NSString).deletingPathExtension
          let preview = folder.path("out/\(stem)/canvas-90x160-portrait-fill@1x.png")
          let info = try? ImageDecoder.probe(file: preview)
          #expect(info?.width == 90 && info?.height == 160, "\(expectation.name): no preview at \(preview)")
        } else {
          #expect(line != nil, "\(expectation.name) is not named in: \(run.stderr)")
          if let line {
            for word in expectation.words.split(separator: " ") {
              #expect(line.contains(word), "\(expectation.name): \"\(word)\" not in \(line)")
            }
          }
        }
      }
      let errors = try #require(report["errors"] as? [[String: String]])
      #expect(errors.count == expectations.filter { !$0.renders }.count)
      #expect(try Self.fingerprints(of: folder.path("art")) == before, "an input changed")
      let leftovers = try FileManager.default.subpathsOfDirectory(atPath: folder.path("out")).filter {
        $0.contains("artfit-tmp")
      }
      #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    }

    /// FNV-1a of every input file's bytes, with its modification time, by path.
    static func fingerprints(of folder: String) throws -> [String: String] {
      var result: [String: String] = [:]
      let manager = FileManager.default
      for path in try manager.subpathsOfDirectory(atPath: folder) {
        let full = folder + "/" + path
        guard let attributes = try? manager.attributesOfItem(atPath: full),
          attributes[.type] as? FileAttributeType == .typeRegular,
          let data = manager.contents(atPath: full) ?? (access(full, R_OK) != 0 ? Data() : nil)
        else { continue }
        result[path] = "\(fnv1a(data)) \(attributes[.modificationDate].map { "\($0)" } ?? "")"
      }
      return result
    }
  }
}
