import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec

/// Each artwork with a gain map says how much of it is HDR highlight, and each result how
/// much of the focus region's highlights it keeps: `check` (which draws nothing and reads only
/// the map: a JPEG's bytes of it, a HEIC's item) and `render` (PNG or JPEG previews) report
/// the same figures, a fit keeps every highlight, and a file without a gain map has none of
/// these keys.
struct HDRHighlightsCLITests {
  static let targets = "iphone-16-pro,ipad-pro-13-m4,video-2-39x1,1000x100@1"
  /// The figures come from the map and the crops, not from the previews' pixels (`check`
  /// draws none and must agree), so previews are drawn at 1x: a third of the work or less.
  static let scales = ["--scales", "1"]

  /// The `hdr` object and each result's kept share of one command's report.
  func figures(_ command: String, _ source: String, _ extra: [String]) throws -> (
    hdr: [String: Double], kept: [String: Double?]
  ) {
    let run = try ArtfitRun(
      [command, source, "--targets", Self.targets, "--modes", "fit,fill", "--json"] + Self.scales + extra)
    #expect(run.status == 0 || run.status == 1, "\(command): \(run.stderr)")
    let json = try #require(try run.json() as? [String: Any])
    let artwork = try #require((json["artworks"] as? [[String: Any]])?.first)
    let hdr = (artwork["hdr"] as? [String: Any] ?? [:]).compactMapValues { $0 as? Double }
    var kept: [String: Double?] = [:]
    for result in try #require(artwork["results"] as? [[String: Any]]) {
      let key = "\(result["target"]!) \(result["orientation"]!) \(result["mode"]!)"
      kept[key] = result["hdr_highlights_kept"] as? Double
      if result["mode"] as? String == "fit", let share = kept[key] ?? nil {
        #expect(share == 1, "a fit shows the whole artwork: \(key)")
      }
    }
    return (hdr, kept)
  }

  @Test(
    arguments: ["ultrahdr-landscape.jpg", "ultrahdr-portrait.jpg", "apple-heic.heic"],
    [[], ["--auto-focus"], ["--focus", "0.3,0.2,0.4,0.3"]])
  func checkAndRenderReportTheSameHighlights(name: String, focus: [String]) throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let source = Fixtures.path("HDR/" + name)
    let checked = try figures("check", source, ["--out", folder.path("check")] + focus)
    let highlights = try #require(checked.hdr["highlights"], "\(checked.hdr)")
    #expect(highlights > 0 && highlights < 1, "the scene has highlights and other parts")
    if focus.isEmpty {
      // The whole artwork's highlights: every result says, and a fill that crops loses some.
      #expect(checked.kept.values.allSatisfy { $0 != nil }, "\(checked.kept)")
      #expect(checked.kept.values.contains { ($0 ?? 1) < 1 }, "some fill loses highlights: \(checked.kept)")
    }
    for format in ["png", "jpeg"] {
      let rendered = try figures("render", source, ["--out", folder.path(format), "--format", format] + focus)
      #expect(rendered.hdr == checked.hdr, "\(format)")
      #expect(rendered.kept == checked.kept, "\(format)")
      // A rerun from the cache reads the figures back from its report and says the same.
      let cached = try figures("render", source, ["--out", folder.path(format), "--format", format] + focus)
      #expect(cached.hdr == checked.hdr && cached.kept == checked.kept, "\(format), cached")
      let sheet = try String(contentsOfFile: folder.path(format + "/index.html"), encoding: .utf8)
      #expect(sheet.contains("highlights over"), "the contact sheet marks the HDR artwork")
      if focus.isEmpty { #expect(sheet.contains("% kept"), "and says what a crop keeps of its highlights") }
    }
  }

  @Test(arguments: ["jpeg-gainmap-apple.jpg", "jpeg-baseline.jpg"])
  func anArtworkWithoutAReadMapHasNoHighlightKeys(name: String) throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    // `figures` requires the run to succeed with one artwork, so a failed run cannot pass here.
    let checked = try figures("check", Fixtures.path(name), ["--out", folder.path("check")])
    #expect(checked.hdr["highlights"] == nil, "no highlights are claimed: \(checked.hdr)")
    #expect(!checked.kept.isEmpty && checked.kept.values.allSatisfy { $0 == nil }, "\(checked.kept)")
  }

  /// A HEIF map whose gain applies in the alternate rendition's colour space is carried with
  /// it: each JPEG preview's map image holds that space's profile, and its figures say so.
  @Test func theAlternateColourSpaceIsCarried() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let run = try ArtfitRun(
      [
        "render", Fixtures.path("HDR/iso-heic-p3.heic"), "--targets", "iphone-16-pro", "--modes", "fit",
        "--format", "jpeg", "--out", folder.path("out"), "--json",
      ])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try #require(try run.json() as? [String: Any])
    let artwork = try #require((json["artworks"] as? [[String: Any]])?.first)
    let results = try #require(artwork["results"] as? [[String: Any]])
    #expect(!results.isEmpty)
    for result in results {
      let preview = folder.path("out/" + (try #require(result["preview"] as? String)))
      let info = try ImageDecoder.probe(file: preview)
      #expect(info.gainMapFigures?.alternateColourSpace == true, "\(preview)")
      let range = try #require(info.gainMapImage, "\(preview)")
      let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: preview)))
      let map = try ImageDecoder.decode(data: Array(bytes[range]), name: preview)
      let profile = try ColourProfile(reading: try #require(map.iccProfile, "\(preview)"))
      #expect(profile.name.contains("Display P3 primaries"), "\(preview): \(profile.name)")
    }
  }

  /// An Apple map without its headroom is not read: `check` says why, and `render` that its
  /// previews are SDR for it.
  @Test func anUnreadMapSaysWhyThePreviewsAreSDR() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let source = Fixtures.path("jpeg-gainmap-apple.jpg")
    for (command, previews) in [("check", false), ("render", true)] {
      let run = try ArtfitRun(
        [command, source, "--targets", "iphone-16-pro", "--out", folder.path(command), "--json"])
      #expect(run.status == 0 || run.status == 1, "\(command): \(run.stderr)")
      let json = try #require(try run.json() as? [String: Any])
      let artwork = try #require((json["artworks"] as? [[String: Any]])?.first)
      let warnings = try #require(artwork["warnings"] as? [[String: Any]])
      let gainMap = try #require(warnings.first { $0["kind"] as? String == "gain_map" }?["message"] as? String)
      #expect(gainMap.contains("its headroom is in neither its XMP"), "\(command): \(gainMap)")
      #expect(gainMap.contains("so the previews are SDR") == previews, "\(command): \(gainMap)")
    }
  }

  /// An HDR base whose map takes it down to SDR (libavif's files) is drawn as that SDR
  /// rendition by every command: the gain map warning says so, no tone-mapping is claimed,
  /// the artwork's profile is the rendition's (the primaries the gain applies in, as libavif's
  /// SDR rendition names them, and the sRGB curve), the headroom is the base's as libavif
  /// reads it, and both commands report the same `hdr` object (the highlights read from the
  /// map turned round) and shares kept.
  @Test(arguments: [
    ("hdr-base-pq", "BT.709"), ("hdr-base-pq-2020", "BT.2020"), ("hdr-base-pq-p3-alternate", "Display P3"),
    ("hdr-base-pq-p3-icc-alternate", "Display P3"),
  ])
  func anHDRBaseIsDrawnAsItsSDRRendition(name: String, primaries: String) throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let truths = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: Fixtures.path("HDR/libavif-truths.json")))) as? [String: Any])
    let headroom = try #require((truths["\(name).avif"] as? [String: Any])?["base_headroom"] as? Double)
    var profiles: Set<String> = []
    var reported: [String: (hdr: [String: Double], kept: [Double?])] = [:]
    for command in ["check", "render"] {
      let run = try ArtfitRun(
        [
          command, Fixtures.path("HDR/\(name).avif"), "--targets", "iphone-16-pro", "--modes", "fit,fill", "--out",
          folder.path(command), "--json",
        ] + Self.scales)
      #expect(run.status == 0, "\(command): \(run.stderr)")
      let json = try #require(try run.json() as? [String: Any])
      let artwork = try #require((json["artworks"] as? [[String: Any]])?.first)
      let warnings = try #require(artwork["warnings"] as? [[String: Any]])
      let gainMap = try #require(warnings.first { $0["kind"] as? String == "gain_map" }?["message"] as? String)
      #expect(gainMap.contains("that SDR rendition is drawn"), "\(command): \(gainMap)")
      #expect(!warnings.contains { $0["kind"] as? String == "hdr" }, "\(command): nothing is tone-mapped")
      let hdr = try #require(artwork["hdr"] as? [String: Any])
      #expect(abs((hdr["headroom_stops"] as? Double ?? 0) - headroom) < 1e-4, "\(command): \(hdr)")
      let profile = try #require((artwork["profile"] as? [String: Any])?["name"] as? String)
      #expect(
        profile == "\(primaries) primaries, sRGB transfer (SDR rendition of an HDR base)", "\(command): \(profile)")
      profiles.insert(profile)
      let results = try #require(artwork["results"] as? [[String: Any]])
      reported[command] = (hdr.compactMapValues { $0 as? Double }, results.map { $0["hdr_highlights_kept"] as? Double })
    }
    #expect(profiles.count == 1, "check and render name one profile: \(profiles)")
    let (checked, rendered) = (try #require(reported["check"]), try #require(reported["render"]))
    #expect(checked.hdr == rendered.hdr && checked.kept == rendered.kept)
    let highlights = try #require(checked.hdr["highlights"], "\(checked.hdr)")
    #expect(highlights > 0 && highlights < 1, "the scene has highlights and other parts")
  }
}
