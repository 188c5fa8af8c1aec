import Artwork
import Foundation
import TestSupport
import Testing

@testable import artfit

extension Slow {
  /// Whatever ran before, a cached rerun gives the files and report a fresh run gives: for
  /// every option `render` declares, changed alone; for a manifest or a user catalog edited;
  /// after a run killed at any point; after two runs into one folder at once.
  @Suite(.tags(.slow), .serialized)
  struct CacheTruthTests {
    let folder = TemporaryFolder()
    static let base = ["--targets", "90x160,160x90", "--modes", "fill,fit"]

    /// Options that write nothing of their own into the folder, or are what the comparison
    /// is made with: each with why it is not changed alone here.
    static let notCompared: [String: String] = [
      "--out": "the folder itself",
      "--no-cache": "the fresh run of the comparison",
      "--json": "report.json to stdout, the folder as without it",
      "--quiet": "the terminal only",
      "--no-wait": "whether the run waits for another",
      "--allow-empty": "the exit status of an empty run only",
      "--diagnostics": "the terminal only",
    ]

    /// A value other than the default for each option whose declaration names no choices;
    /// `$` is the test's folder.
    static let alternatives: [String: [String]] = [
      "--targets": ["--targets", "iPhone 16 Pro"],
      "--scales": ["--scales", "1"],
      "--focus": ["--focus", "0.0,0.0,0.2,0.2"],
      "--max-crop-loss": ["--max-crop-loss", "10%"],
      "--manifest": ["--manifest", "$/manifest.json"],
      "--catalog": ["--catalog", "$/catalog.json", "--targets", "test-slab"],
      "--max-pixels": ["--max-pixels", "15000"],
      // Each refuses d.svg, which the base run draws.
      "--max-vector-bytes": ["--max-vector-bytes", "100"],
      "--max-vector-elements": ["--max-vector-elements", "2"],
      "--max-vector-seconds": ["--max-vector-seconds", "0.000001"],
      "--shard": ["--shard", "1/2"],
      "--shard-index": ["--shard-index", "1", "--shard-count", "2"],
      "--shard-count": ["--shard-index", "0", "--shard-count", "2"],
      "--baseline": ["--baseline", "$/baseline.json", "--max-crop-loss", "10%"],
      "--exclude": ["--exclude", "b.png"],
      "--background": ["--background", "#336699"],
      "--png-level": ["--png-level", "6"],
      "--quality": ["--format", "jpeg", "--quality", "20"],
      "--jobs": ["--jobs", "1"],
      "--overlays": ["--overlays", "corners,focus"],
      // The app's limits bound a window range's targets; the base run has none.
      "--window-min": ["--targets", "ipad-pro-11-m4-windows", "--scales", "1", "--window-min", "600x500"],
      "--window-max": ["--targets", "ipad-pro-11-m4-windows", "--scales", "1", "--window-max", "700x600"],
    ]

    func art() throws {
      try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
      for (index, name) in ["a", "b", "c"].enumerated() {
        _ = folder.write(
          try ImageEncoder.png(TestPictures.quadrants(width: 120 + index * 10, height: 90)), to: "art/\(name).png")
      }
      _ = folder.write(
        VectorFixtures.svg(
          "width=\"120\" height=\"90\"",
          "<rect width=\"60\" height=\"90\" fill=\"teal\"/><circle cx=\"90\" cy=\"45\" r=\"20\"/>"),
        to: "art/d.svg")
      _ = folder.write(
        Array(#"{"artworks": {"a.png": {"focus": [0.1, 0.1, 0.3, 0.3]}}}"#.utf8), to: "manifest.json")
      try writeCatalog(width: 400)
    }

    /// A user catalog of one device, the iPhone 16 Pro's entry renamed and `width` points wide.
    func writeCatalog(width: Int) throws {
      let run = try ArtfitRun(["devices", "--family", "iphone", "--json"])
      let document = try #require(try run.json() as? [String: Any])
      var entry = try #require(
        (document["targets"] as? [[String: Any]])?.first { $0["slug"] as? String == "iphone-16-pro" })
      entry["name"] = "Test Slab"
      entry["slug"] = "test-slab"
      entry["aliases"] = [String]()
      entry["points"] = ["w": width, "h": 880]
      entry["scale"] = 1
      let data = try JSONSerialization.data(withJSONObject: ["targets": [entry]], options: [.sortedKeys])
      _ = folder.write(Array(data), to: "catalog.json")
    }

    /// The arguments that change `option` alone from the base run.
    static func changing(_ option: OptionSpec, folder: String) -> [String]? {
      if let given = alternatives[option.name] { return given.map { $0.replacingOccurrences(of: "$", with: folder) } }
      guard option.value != nil else { return [option.name] }
      let defaults = (option.defaultText ?? "").lowercased().split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard let other = option.values.first(where: { !defaults.contains($0.lowercased()) && $0 != "none" }) else {
        return nil
      }
      return [option.name, other]
    }

    @discardableResult
    func render(_ arguments: [String], into out: String) throws -> ArtfitRun {
      let run = try ArtfitRun(["render", folder.path("art"), "--out", folder.path(out)] + arguments)
      #expect([0, 1, 3].contains(run.status), "\(arguments): \(run.stderr)")
      return run
    }

    /// Every file of the folder but the cache, the lock and the marker, by path.
    func files(_ out: String) throws -> [String: [UInt8]] {
      let root = folder.path(out)
      var files: [String: [UInt8]] = [:]
      for path in try FileManager.default.subpathsOfDirectory(atPath: root) {
        let name = (path as NSString).lastPathComponent
        guard ![".artfit-cache.json", OutputLock.fileName, ".artfit-output"].contains(name) else { continue }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory),
          !isDirectory.boolValue
        else { continue }
        files[path] = Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + path)))
      }
      return files
    }

    /// Whether two folders hold the same files, byte for byte; the first difference is
    /// recorded as an issue.
    func expectSame(_ cached: String, _ fresh: String, _ label: String) throws {
      let (a, b) = (try files(cached), try files(fresh))
      #expect(a.keys.sorted() == b.keys.sorted(), "\(label): files differ")
      for (path, bytes) in a where b[path] != nil && b[path] != bytes {
        Issue.record("\(label): \(path) differs from a fresh run's")
        return
      }
    }

    @Test func everyOptionChangedAloneGivesAFreshRunsFiles() throws {
      try art()
      defer { folder.remove() }
      _ = try render(["--max-crop-loss", "90%", "--max-pixels", "1000000"] + Self.base, into: "baseline-run")
      try FileManager.default.copyItem(
        atPath: folder.path("baseline-run/report.json"), toPath: folder.path("baseline.json"))
      var covered = 0
      for option in RenderCommand.spec.options where Self.notCompared[option.name] == nil {
        let changed = try #require(
          Self.changing(option, folder: folder.url.path),
          "\(option.name) has no value to change it to: give it choices or an entry in alternatives")
        let cached = "cached" + option.name
        let fresh = "fresh" + option.name
        try render(Self.base, into: cached)
        try render(Self.base + changed, into: cached)
        try render(Self.base + changed + ["--no-cache"], into: fresh)
        try expectSame(cached, fresh, option.name)
        covered += 1
      }
      #expect(covered >= 25)
    }

    /// `assets` likewise: every option it declares changed alone, the catalog a cached run
    /// leaves equals a fresh one's.
    @Test func everyAssetsOptionChangedAloneGivesAFreshRunsCatalog() throws {
      try art()
      defer { folder.remove() }
      let assetsAlternatives: [String: [String]] = [
        "--points": ["--points", "30x20"], "--focus": ["--focus", "0.0,0.0,0.2,0.2"],
        "--png-level": ["--png-level", "3"],
        "--jobs": ["--jobs", "1"], "--exclude": ["--exclude", "b.png"], "--catalog": ["--catalog", "$/catalog.json"],
        "--gravity": ["--gravity", "top-left"],
      ]
      let base = ["--points", "40x30"]
      var covered = 0
      for option in AssetsCommand.spec.options where Self.notCompared[option.name] == nil {
        let given = assetsAlternatives[option.name]?.map { $0.replacingOccurrences(of: "$", with: folder.url.path) }
        let changed = try #require(
          given ?? Self.changing(option, folder: folder.url.path),
          "\(option.name) has no value to change it to: give it choices or an entry in the alternatives")
        let name = option.name.dropFirst(2)
        for (out, extra) in [
          ("cached-\(name)", base), ("cached-\(name)", base + changed),
          ("fresh-\(name)", base + changed + ["--no-cache"]),
        ] {
          let run = try ArtfitRun(["assets", folder.path("art"), "--out", folder.path(out + ".xcassets")] + extra)
          #expect([0, 3].contains(run.status), "\(extra): \(run.stderr)")
        }
        try expectSame("cached-\(name).xcassets", "fresh-\(name).xcassets", "assets " + option.name)
        covered += 1
      }
      #expect(covered >= 10)
    }

    @Test func anEditedManifestOrCatalogGivesAFreshRunsFiles() throws {
      try art()
      defer { folder.remove() }
      let manifest = ["--manifest", folder.path("manifest.json")]
      try render(Self.base + manifest, into: "m")
      _ = folder.write(Array(#"{"artworks": {"b.png": {"focus": [0.6, 0.6, 0.3, 0.3]}}}"#.utf8), to: "manifest.json")
      try render(Self.base + manifest, into: "m")
      try render(Self.base + manifest + ["--no-cache"], into: "m-fresh")
      try expectSame("m", "m-fresh", "manifest edited")

      let catalog = ["--catalog", folder.path("catalog.json"), "--targets", "test-slab"]
      try render(catalog, into: "c")
      try writeCatalog(width: 420)
      try render(catalog, into: "c")
      try render(catalog + ["--no-cache"], into: "c-fresh")
      try expectSame("c", "c-fresh", "catalog edited")
    }

    /// A render with black bars killed at random points between its start and its end,
    /// each followed by a cached white run: always the files of a fresh white run.
    @Test func aRunKilledAnywhereLeavesNothingTheNextRunKeeps() throws {
      try art()
      defer { folder.remove() }
      let white = Self.base + ["--background", "white", "--scales", "4"]
      let black = Self.base + ["--background", "black", "--scales", "4"]
      try render(white + ["--no-cache"], into: "fresh")
      let start = Date()
      try render(black + ["--no-cache"], into: "timing")
      let whole = Date().timeIntervalSince(start)
      var generator = SeededGenerator(seed: 42)
      for point in 0..<20 {
        try render(white, into: "out")
        let delay = Double.random(in: 0...whole, using: &generator)
        let process = Process()
        process.executableURL = ArtfitRun.binary
        process.arguments = ["render", folder.path("art"), "--out", folder.path("out"), "--quiet"] + black
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: delay)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try render(white, into: "out")
        try expectSame("out", "fresh", "killed at point \(point) (\(Int(delay * 1000)) ms)")
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: folder.path("out")).filter {
          $0.contains(".artfit-tmp-")
        }
        #expect(leftovers.isEmpty, "point \(point): \(leftovers)")
      }
    }

    /// Two renders into one folder at once: one waits for the other, and the folder is the
    /// later one's, whole, as its report says.
    @Test func twoRunsIntoOneFolderNeverMix() throws {
      try art()
      defer { folder.remove() }
      let white = Self.base + ["--background", "white", "--scales", "3"]
      let black = Self.base + ["--background", "black", "--scales", "3"]
      try render(white + ["--no-cache"], into: "fresh-white")
      try render(black + ["--no-cache"], into: "fresh-black")
      for round in 0..<3 {
        let runs = [white, black].map { arguments in
          let process = Process()
          process.executableURL = ArtfitRun.binary
          process.arguments = ["render", folder.path("art"), "--out", folder.path("shared"), "--quiet"] + arguments
          process.standardOutput = FileHandle.nullDevice
          process.standardError = FileHandle.nullDevice
          return process
        }
        for run in runs { try run.run() }
        for run in runs { run.waitUntilExit() }
        #expect(runs.allSatisfy { $0.terminationStatus == 0 })
        let report = String(
          decoding: try Data(contentsOf: URL(fileURLWithPath: folder.path("shared/report.json"))), as: UTF8.self)
        let last = report.contains(##""background":"#ffffff""##) ? "fresh-white" : "fresh-black"
        try expectSame("shared", last, "concurrent round \(round)")
      }
    }

    @Test func aBusyFolderWithNoWaitExitsTwoNamingTheHolder() throws {
      try art()
      defer { folder.remove() }
      try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: true)
      let lock = try OutputLock.acquire(folder.path("out"), wait: false)
      defer { lock.release() }
      let run = try ArtfitRun(["render", folder.path("art"), "--out", folder.path("out"), "--no-wait"])
      #expect(run.status == 2)
      #expect(run.stderr.contains("another artfit run is writing") && run.stderr.contains("(pid \(getpid()))"))
    }
  }
}
