import Foundation
import TestSupport
import Testing

/// The Ultra HDR peer (libvips 8.18 with libultrahdr, `Scripts/setup_ultrahdr_peer.sh`) that
/// makes HDR scenes and decodes artfit's previews, through `Fixtures/HDR/roundtrip.py`.
enum UltraHDRPeer {
  static let python = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent(".build/ultrahdr-peer/bin/python").path
  static var available: Bool { FileManager.default.isExecutableFile(atPath: python) }

  /// The script's output (JSON for `compare` and `overlaid`), or a thrown failure with its stderr.
  static func run(_ arguments: [String]) throws -> [String: Any] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [Fixtures.path("HDR/roundtrip.py")] + arguments
    let out = Pipe()
    // Its messages go to a file, so a script that writes more than a pipe holds to stderr
    // before it ends its stdout cannot stall both sides.
    let errors = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-\(UUID().uuidString).err")
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errors) }
    process.standardOutput = out
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    let output = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let problems = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
    guard process.terminationStatus == 0 else {
      throw CocoaError(
        .fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "roundtrip.py \(arguments): \(problems)"])
    }
    if output.isEmpty { return [:] }
    return try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
  }
}

extension Slow {
  /// HDR artwork kept HDR: `--format jpeg` previews of an Ultra HDR source are Ultra HDR
  /// JPEGs whose reconstruction, decoded by libultrahdr, matches the same crop of the source's
  /// reconstruction; bars and overlays reconstruct to exactly SDR; a file without a gain map
  /// gets the previews it got before.
  @Suite(
    .tags(.slow),
    .enabled(if: UltraHDRPeer.available, "needs the Ultra HDR peer: bash Scripts/setup_ultrahdr_peer.sh (CI runs it)"))
  struct GainMapCarryTests {
    /// Stated tolerances of the round trip, in stops of luminance (log2), on both images
    /// reduced to the source's resolution (at least 4x): two resampling paths and two JPEG
    /// encodes lie between them.
    static let meanStops = 0.05
    static let p99Stops = 0.5
    /// Away from the picture's edges: there, a JPEG block a picture pixel shares with a bar
    /// carries no gain so the bar shows exactly SDR (the wider tail above).
    static let interiorP99Stops = 0.1
    static let targets = "iphone-16-pro,ipad-pro-13-m4,apple-tv-4k,video-2-39x1"
    /// Stated tolerances of an HDR base's SDR rendition against libavif's, in 8-bit levels on
    /// both images reduced as above: two YCbCr decodes, two resamplings and a JPEG encode
    /// lie between them.
    static let sdrMeanLevels = 1.5
    static let sdrP99Levels = 6.0

    /// Every preview of `source` rendered with `extra` options, with the result it shows.
    func render(_ source: String, out: String, _ extra: [String], targets: String = targets) throws -> [[String: Any]] {
      let run = try ArtfitRun(
        [
          "render", source, "--out", out, "--format", "jpeg", "--targets", targets, "--modes", "fit,fill",
          "--no-cache", "--json",
        ] + extra)
      #expect(run.status == 0, "\(run.stderr)")
      let json = try #require(try run.json() as? [String: Any])
      let artwork = try #require((json["artworks"] as? [[String: Any]])?.first)
      let warnings = (artwork["warnings"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
      #expect(warnings.contains { $0.contains("carried into each JPEG preview") }, "\(warnings)")
      return try #require(artwork["results"] as? [[String: Any]])
    }

    /// Where a result's picture lies in its preview: a fit's placement, a fill's whole canvas.
    func pictureRect(_ result: [String: Any]) throws -> [Int] {
      if result["mode"] as? String == "fit" {
        let p = try #require(result["placement_px"] as? [String: Int])
        return [p["x"]!, p["y"]!, p["w"]!, p["h"]!]
      }
      let canvas = try #require(result["canvas"] as? [String: Int])
      return [0, 0, canvas["w"]!, canvas["h"]!]
    }

    /// With `compareHDR` false, only what no filter changes: the map at the preview's size and
    /// the bars exactly SDR.
    func checkRoundTrips(_ source: String, folder: TemporaryFolder, extra: [String] = [], compareHDR: Bool = true)
      throws
    {
      let out = folder.path("out-\(UUID().uuidString)")
      // The peer's reference is resized with a linear filter: artfit's bilinear matches it, so
      // what differs is the gain map's carrying, not two filters' (tiny sources enlarged 40x).
      let results = try render(source, out: out, ["--overlays", "none", "--kernel", "bilinear"] + extra)
      var jobs: [[String]] = []
      for result in results {
        let crop = try #require(result["crop"] as? [String: Double])
        let preview = out + "/" + (try #require(result["preview"] as? String))
        jobs.append(
          [source, preview] + [crop["x"]!, crop["y"]!, crop["w"]!, crop["h"]!].map { "\($0)" }
            + (try pictureRect(result)).map(String.init))
      }
      // One peer process for the render's previews: its start and the source's reference are
      // most of a comparison's time.
      let jobsFile = folder.path("jobs-\(UUID().uuidString).json")
      try JSONSerialization.data(withJSONObject: jobs).write(to: URL(fileURLWithPath: jobsFile))
      let comparisons = try #require(
        try UltraHDRPeer.run(["compare-many", jobsFile])["results"] as? [[String: Any]], "the peer's results")
      #expect(comparisons.count == results.count, "one comparison per preview")
      for (result, found) in zip(results, comparisons) {
        let label = "\(source) \(result["target"]!) \(result["orientation"]!) \(result["mode"]!): \(found)"
        if compareHDR {
          #expect((found["picture_mean_stops"] as? Double ?? 9) < Self.meanStops, "\(label)")
          #expect((found["picture_p99_stops"] as? Double ?? 9) < Self.p99Stops, "\(label)")
          #expect((found["interior_p99_stops"] as? Double ?? 9) < Self.interiorP99Stops, "\(label)")
          let peaks = (found["picture_peak"] as? Double ?? 0, found["reference_peak"] as? Double ?? 1)
          #expect(abs(log2(peaks.0 / peaks.1)) < Self.p99Stops, "the brightest highlight kept: \(label)")
        }
        if let mean = found["sdr_mean_levels"] as? Double, let p99 = found["sdr_p99_levels"] as? Double {
          // A source with libavif's renditions: the preview's SDR image is libavif's.
          #expect(mean < Self.sdrMeanLevels && p99 < Self.sdrP99Levels, "\(label)")
        }
        let canvas = try #require(result["canvas"] as? [String: Int])
        #expect(found["map_size"] as? [Int] == [canvas["w"]!, canvas["h"]!], "the map at the preview's size: \(label)")
        if (found["outside_pixels"] as? Int ?? 0) > 0 {
          // The bars: the map's no-gain code (0: the scenes' maps start at no gain) and SDR exactly.
          #expect(found["outside_map_codes"] as? [Int] == [0], "\(label)")
          #expect((found["outside_max_difference"] as? Double ?? 1) <= 1e-6, "\(label)")
        }
      }
    }

    /// `count` random scenes, landscape and portrait (the second), written by the script's
    /// `verb` (a source named `name`-index.`ext`, its size, a seed from `firstSeed`, and
    /// `extra(&generator)`'s arguments), each round-tripped through every mode and target.
    func checkRandomScenes(
      _ verb: String, name: String, ext: String, seed: UInt64, firstSeed: Int, count: Int, long: ClosedRange<Int>,
      short: ClosedRange<Int>, extra: (inout SeededGenerator) -> [String] = { _ in [] }
    ) throws {
      let folder = TemporaryFolder()
      defer { folder.remove() }
      var generator = SeededGenerator(seed: seed)
      for index in 0..<count {
        let (a, b) = (Int.random(in: long, using: &generator), Int.random(in: short, using: &generator))
        let (width, height) = index == 1 ? (b, a) : (a, b)
        let source = folder.path("\(name)-\(index).\(ext)")
        _ = try UltraHDRPeer.run(
          [verb, source, "\(width)", "\(height)", "\(firstSeed + index)"] + extra(&generator))
        try checkRoundTrips(source, folder: folder)
      }
    }

    /// Random HDR scenes made by libultrahdr, landscape and portrait, through every mode and
    /// a spread of targets (16:9, 2.39:1, tall phones, a 4:3 tablet).
    @Test func previewsReconstructTheSourcesHDR() throws {
      try checkRandomScenes(
        "make", name: "scene", ext: "jpg", seed: 53, firstSeed: 1, count: 3, long: 1200...2000, short: 700...1100)
    }

    /// Apple's gain maps, as iPhones write them in a JPEG (a Rec. 709-coded gray map and its
    /// headroom), at headrooms from 2x to 8x: the Ultra HDR previews, decoded by libultrahdr,
    /// match the source's HDR rendition computed by Apple's published method in the script.
    @Test func applePreviewsReconstructTheSourcesHDR() throws {
      try checkRandomScenes(
        "make-apple", name: "apple", ext: "jpg", seed: 5301, firstSeed: 7, count: 2, long: 1200...1800,
        short: 700...1000
      ) { ["\(Double.random(in: 2...8, using: &$0))"] }
    }

    /// Apple's gain maps in a HEIC (the map an auxiliary image of its own, monochrome HEVC,
    /// its headroom in a `mime` XMP item): decoded from its item, the same round trip, the
    /// source's map and primary decoded by libheif's heif-convert.
    @Test func appleHEICPreviewsReconstructTheSourcesHDR() throws {
      try checkRandomScenes(
        "make-apple-heic", name: "apple", ext: "heic", seed: 5302, firstSeed: 9, count: 2, long: 1200...1800,
        short: 700...1000
      ) { ["\(Double.random(in: 2...8, using: &$0))"] }
    }

    /// A HEIC whose primary has an `irot` (its picture and map stored turned back, the map item
    /// without an `irot` of its own): the map turns with the picture.
    @Test func aTurnedHEICsMapTurnsWithIt() throws {
      try checkRandomScenes(
        "make-apple-heic", name: "turned", ext: "heic", seed: 5307, firstSeed: 17, count: 1, long: 1200...1800,
        short: 700...1000
      ) { ["\(Double.random(in: 2...8, using: &$0))", "xmp", "\(Int.random(in: 1...3, using: &$0))"] }
    }

    /// Apple's maps whose headroom is only in the maker note (tags 33 and 48, as iPhones wrote
    /// it before iOS 18), in a JPEG and a HEIC: the same round trip, the script's reference
    /// taking the headroom from exiftool's reading of the tags.
    @Test(arguments: ["jpg", "heic"])
    func makerNotePreviewsReconstructTheSourcesHDR(ext: String) throws {
      try checkRandomScenes(
        ext == "jpg" ? "make-apple" : "make-apple-heic", name: "maker-note", ext: ext, seed: 5305, firstSeed: 15,
        count: 1, long: 1200...1800, short: 700...1000
      ) { ["\(Double.random(in: 2...8, using: &$0))", "maker-note"] }
    }

    /// The headroom artfit reports for Apple's maker note is the one its tags mean as exiftool
    /// reads them, at random headrooms across both branches of Apple's mapping, in both
    /// containers.
    @Test func makerNoteHeadroomIsExiftoolsReading() throws {
      let folder = TemporaryFolder()
      defer { folder.remove() }
      var generator = SeededGenerator(seed: 5306)
      for index in 0..<6 {
        let headroom = Double.random(in: 1.5...8, using: &generator)
        let source = folder.path("note-\(index).\(index % 2 == 0 ? "jpg" : "heic")")
        let verb = index % 2 == 0 ? "make-apple" : "make-apple-heic"
        _ = try UltraHDRPeer.run([verb, source, "384", "256", "\(index)", "\(headroom)", "maker-note"])
        let expected = try #require(try UltraHDRPeer.run(["maker-note-stops", source])["stops"] as? Double)
        let run = try ArtfitRun(["check", source, "--targets", "iphone-16-pro", "--json"])
        let json = try #require(try run.json() as? [String: Any])
        let artwork = try #require((json["artworks"] as? [[String: Any]])?.first)
        let hdr = try #require(artwork["hdr"] as? [String: Any], "\(source): \(run.stderr)")
        let stops = try #require(hdr["headroom_stops"] as? Double, "\(source): \(hdr)")
        #expect(abs(stops - expected) < 1e-3, "\(source): \(stops) against \(expected)")
        #expect(hdr["highlights"] != nil, "\(source): the map is read")
      }
    }

    /// ISO 21496-1's gain map in a HEIC (a `tmap` item derived from the SDR image and a hidden
    /// map item, HEVC by heif-enc): the map is the `tmap` item's input, and the previews
    /// reconstruct the HDR rendition libultrahdr gives the Ultra HDR JPEG the HEIC was made from.
    @Test func isoHEICPreviewsReconstructTheSourcesHDR() throws {
      try checkRandomScenes(
        "make-iso-heic", name: "iso", ext: "heic", seed: 5303, firstSeed: 11, count: 2, long: 1200...1800,
        short: 700...1000)
    }

    /// The same in an AVIF (AV1 items by heif-enc): the map item decoded by libheif's AV1 path.
    @Test func isoAVIFPreviewsReconstructTheSourcesHDR() throws {
      try checkRandomScenes(
        "make-iso-heic", name: "iso", ext: "avif", seed: 5304, firstSeed: 13, count: 1, long: 1200...1800,
        short: 700...1000)
    }

    /// An HDR base whose map takes it down to SDR (ISO 21496-1's other direction, libavif's
    /// own files: PQ in BT.709 and in BT.2020 primaries, and PQ in BT.709 whose gain applies in
    /// its SDR alternate's Display P3): the previews draw the SDR rendition libavif's `tonemap`
    /// gives, and carry the map the other way, so that libultrahdr's reconstruction of each
    /// preview is the same crop of the HDR base as libavif decodes it.
    @Test(arguments: [
      "hdr-base-pq.avif", "hdr-base-pq-2020.avif", "hdr-base-pq-p3-alternate.avif", "hdr-base-pq-p3-icc-alternate.avif",
    ])
    func anHDRBasesPreviewsAreItsSDRRenditionAndReconstructIt(name: String) throws {
      let folder = TemporaryFolder()
      defer { folder.remove() }
      try checkRoundTrips(Fixtures.path("HDR/" + name), folder: folder)
    }

    /// A focus off the centre moves every crop; the map moves with it.
    @Test func aCropAtTheFocusCarriesItsMap() throws {
      let folder = TemporaryFolder()
      defer { folder.remove() }
      let source = folder.path("scene.jpg")
      _ = try UltraHDRPeer.run(["make", source, "1800", "1000", "5"])
      try checkRoundTrips(source, folder: folder, extra: ["--focus", "0.05,0.1,0.2,0.3"])
    }

    /// The committed corpus: 96x64 files enlarged up to 40 times, where the two filters' edges
    /// (not the map) decide the HDR comparison, so only the map's size and the bars are held.
    @Test func theCorpusCarriesItsMaps() throws {
      let folder = TemporaryFolder()
      defer { folder.remove() }
      for name in ["ultrahdr-landscape.jpg", "ultrahdr-portrait.jpg"] {
        try checkRoundTrips(Fixtures.path("HDR/" + name), folder: folder, compareHDR: false)
      }
    }

    /// What the overlays draw shows SDR: under every pixel they change, the map holds the
    /// no-gain code.
    @Test func overlaysShowSDR() throws {
      let folder = TemporaryFolder()
      defer { folder.remove() }
      let source = folder.path("scene.jpg")
      _ = try UltraHDRPeer.run(["make", source, "1500", "1000", "7"])
      // Screens with overlays: phones and tablets (video canvases have none).
      let screens = "iphone-16-pro,ipad-pro-13-m4"
      let plain = try render(source, out: folder.path("plain"), ["--overlays", "none"], targets: screens)
      let overlaid = try render(source, out: folder.path("overlaid"), [], targets: screens)
      for (bare, drawn) in zip(plain, overlaid) {
        let name = try #require(bare["preview"] as? String)
        let found = try UltraHDRPeer.run(["overlaid", folder.path("overlaid/" + name), folder.path("plain/" + name)])
        #expect((found["overlay_pixels"] as? Int ?? 0) > 1000, "\(name): the overlays are drawn")
        #expect(found["overlay_map_codes"] as? [Int] == [0], "\(name) \(drawn["mode"]!): \(found)")
      }
    }

    /// A file without a gain map gets what it got before: the Ultra HDR preview, its added
    /// segments taken out and its map cut off, is byte for byte the preview of the same file
    /// stripped to its SDR image.
    @Test func theSDRImageIsTheSameFileWithoutItsMap() throws {
      let folder = TemporaryFolder()
      defer { folder.remove() }
      let source = folder.path("scene.jpg")
      _ = try UltraHDRPeer.run(["make", source, "1400", "900", "11"])
      let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: source)))
      let sdr = folder.write(UltraHDRBytes.sdrOnly(bytes), to: "sdr.jpg")
      let withMap = try render(source, out: folder.path("hdr"), [])
      let run = try ArtfitRun(
        [
          "render", sdr, "--out", folder.path("sdr"), "--format", "jpeg", "--targets", Self.targets, "--modes",
          "fit,fill",
          "--no-cache", "--json",
        ])
      #expect(run.status == 0, "\(run.stderr)")
      #expect(!run.stderr.contains("gain map"), "\(run.stderr)")
      for result in withMap {
        let name = try #require(result["preview"] as? String)
        let hdr = Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("hdr/" + name))))
        let plain = Array(
          try Data(
            contentsOf: URL(
              fileURLWithPath: folder.path("sdr/" + name.replacingOccurrences(of: "scene/", with: "sdr/")))))
        #expect(UltraHDRBytes.sdrOnly(plain) == plain, "\(name): the SDR file's preview carries no map")
        #expect(UltraHDRBytes.sdrOnly(hdr) == plain, "\(name)")
      }
    }
  }
}

/// A JPEG's bytes without what makes it Ultra HDR: its XMP, ISO 21496-1 and MPF segments
/// taken out, and what follows its first image cut off.
enum UltraHDRBytes {
  static func sdrOnly(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0xFF, 0xD8]
    var at = 2
    while at + 4 <= bytes.count, bytes[at] == 0xFF, bytes[at + 1] != 0xDA {
      let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
      let payload = bytes[(at + 4)..<min(bytes.count, at + 2 + length)]
      let text = String(decoding: payload.prefix(40), as: UTF8.self)
      let dropped =
        (bytes[at + 1] == 0xE1 && text.hasPrefix("http://ns.adobe.com/xap/1.0/"))
        || (bytes[at + 1] == 0xE2 && (text.hasPrefix("urn:iso:std:iso:ts:21496:-1") || text.hasPrefix("MPF")))
      if !dropped { out += bytes[at..<(at + 2 + length)] }
      at += 2 + length
    }
    // The scan runs to the first EOI (entropy-coded data escapes every 0xFF it holds).
    var end = at
    while end + 1 < bytes.count, !(bytes[end] == 0xFF && bytes[end + 1] == 0xD9) { end += 1 }
    return out + bytes[at..<min(bytes.count, end + 2)]
  }
}
