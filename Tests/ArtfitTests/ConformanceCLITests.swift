import Foundation
import TestSupport
import Testing

extension Slow {
  /// The conformance corpus (Scripts/make_conformance_corpus.py) through the command line:
  /// every file an artwork, an error naming it or a listed skip, and `check` gives the size,
  /// format and errors `render` gives, file by file.
  @Suite(.tags(.slow))
  struct ConformanceCLITests {
    @Test func checkAgreesWithRenderOnEveryFile() throws {
      let corpus = try ConformanceCorpus()
      defer { corpus.root.remove() }
      var reports: [String: [String: Any]] = [:]
      for command in ["check", "render"] {
        let run = try ArtfitRun([
          command, corpus.root.path("corpus"), "--out", corpus.root.path(command), "--targets", "90x160", "--json",
        ])
        #expect(run.status == 0, "\(command): \(run.stderr)")
        reports[command] = try #require(try run.json() as? [String: Any])
      }
      func seen(_ report: [String: Any]?) -> [String: String] {
        var seen: [String: String] = [:]
        for artwork in report?["artworks"] as? [[String: Any]] ?? [] {
          let source = artwork["source"] as? String ?? "?"
          seen[source] = "\(artwork["width"] ?? "?")x\(artwork["height"] ?? "?") \(artwork["format"] ?? "?")"
        }
        for error in report?["errors"] as? [[String: Any]] ?? [] {
          seen[error["source"] as? String ?? "?"] = "error: \(error["message"] ?? "?")"
        }
        for skip in report?["skipped"] as? [[String: Any]] ?? [] {
          seen[skip["source"] as? String ?? skip["path"] as? String ?? "?"] = "skipped"
        }
        return seen
      }
      let (checked, rendered) = (seen(reports["check"]), seen(reports["render"]))
      let files = try FileManager.default.contentsOfDirectory(atPath: corpus.root.path("corpus"))
      #expect(Set(checked.keys) == Set(files.map { corpus.root.path("corpus/" + $0) }), "every file accounted for")
      for (source, outcome) in checked { #expect(rendered[source] == outcome, "\(source): check \(outcome)") }
      #expect(checked.count == corpus.entries.count)
    }
  }
}
