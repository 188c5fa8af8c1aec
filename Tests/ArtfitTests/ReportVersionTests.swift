import Foundation
import TestSupport
import Testing

/// report.json version 2 (failures and warnings as objects) and version 1 read back.
/// `Fixtures/report-v1.json` was written by the build before version 2 (3d14330) as
/// `artfit check art --out out --targets "iPhone 16 Pro,1920x1080" --max-crop-loss 10%
/// --require-focus` on the folder `art()` makes: every check of version 1 failed in it.
struct ReportVersionTests {
  let folder = TemporaryFolder()

  func art() throws {
    try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: Fixtures.path("jpeg-baseline.jpg"), toPath: folder.path("art/wide.jpg"))
    try FileManager.default.copyItem(atPath: Fixtures.path("png-icc.png"), toPath: folder.path("art/square.png"))
    _ = folder.write(
      Array(#"{"artworks": {"wide.jpg": {"focus": [0.0, 0.0, 0.2, 0.2]}}}"#.utf8), to: "art/artfit.json")
  }

  func check(_ extra: [String] = []) throws -> ArtfitRun {
    try ArtfitRun(
      [
        "check", folder.path("art"), "--out", folder.path("out"), "--targets", "iPhone 16 Pro,1920x1080",
        "--max-crop-loss", "10%", "--require-focus",
      ] + extra)
  }

  static func json(_ path: String) throws -> [String: Any] {
    let data = try #require(FileManager.default.contents(atPath: path))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  /// Each result's failures by artwork file name, target, orientation and mode.
  static func failures(_ report: [String: Any]) throws -> [String: [Any]] {
    var found: [String: [Any]] = [:]
    for artwork in try #require(report["artworks"] as? [[String: Any]]) {
      let name = try #require((artwork["source"] as? NSString)?.lastPathComponent)
      for result in try #require(artwork["results"] as? [[String: Any]]) {
        let key = [name, result["slug"], result["orientation"], result["mode"]].map { "\($0 ?? "")" }.joined(
          separator: " ")
        found[key] = try #require(result["failures"] as? [Any])
      }
    }
    return found
  }

  @Test func aVersion1ReportIsABaselineForTheSameRun() throws {
    defer { folder.remove() }
    try art()
    let plain = try check()
    #expect(plain.status == 1, "\(plain.stdout)\(plain.stderr)")
    let run = try check(["--baseline", Fixtures.path("report-v1.json")])
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    let report = try Self.json(folder.path("out/report.json"))
    let summary = try #require(report["summary"] as? [String: Int])
    #expect(summary["failed"] == 0 && summary["baselined"] == 9, "\(summary)")
  }

  @Test func failuresAreObjectsInVersion1sWords() throws {
    defer { folder.remove() }
    try art()
    _ = try check()
    let report = try Self.json(folder.path("out/report.json"))
    #expect(report["version"] as? Int == 2)
    let now = try Self.failures(report)
    let before = try Self.failures(Self.json(Fixtures.path("report-v1.json")))
    #expect(now.keys.sorted() == before.keys.sorted() && now.count == 12)
    var checks: Set<String> = []
    for (key, failures) in now {
      let objects = try #require(failures as? [[String: Any]], "\(key)")
      #expect(objects.compactMap { $0["message"] as? String } == before[key] as? [String], "\(key)")
      for failure in objects {
        let check = try #require(failure["check"] as? String)
        checks.insert(check)
        switch check {
        case "crop_loss": #expect(failure["limit"] as? Double == 0.1 && (failure["value"] as? Double ?? 0) > 0.1)
        case "focus": #expect(failure["limit"] as? Double == 0 && (failure["value"] as? Double ?? 0) > 0)
        default: #expect(check == "focus_unknown" && failure["value"] is NSNull && failure["limit"] is NSNull)
        }
      }
    }
    #expect(checks == ["crop_loss", "focus", "focus_unknown"])
    // junit.xml names each failure's check; version 1 called them all "check".
    let junit = try String(contentsOfFile: folder.path("out/junit.xml"), encoding: .utf8)
    let types = junit.components(separatedBy: "<failure type=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
    #expect(types.count == 14 && Set(types) == ["crop_loss", "focus", "focus_unknown"], "\(types)")
  }

  @Test func aVersion1ReportMergesIntoVersion2() throws {
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.path("v1"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: Fixtures.path("report-v1.json"), toPath: folder.path("v1/report.json"))
    let merge = try ArtfitRun(["merge-reports", folder.path("v1"), "--out", folder.path("merged")])
    #expect(merge.status == 1, "\(merge.stderr)")
    let merged = try Self.json(folder.path("merged/report.json"))
    #expect(merged["version"] as? Int == 2)
    let before = try Self.failures(Self.json(Fixtures.path("report-v1.json")))
    for (key, failures) in try Self.failures(merged) {
      let objects = try #require(failures as? [[String: Any]])
      #expect(objects.compactMap { $0["message"] as? String } == before[key] as? [String], "\(key)")
    }
  }
}
