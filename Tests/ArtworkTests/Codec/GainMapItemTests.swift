import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec

/// A gain map held as an item of its file (Apple's auxiliary image in a HEIC) decoded as
/// libheif's own tool decodes it, and every other file saying why it has no such map.
struct GainMapItemTests {
  static let apple = Fixtures.path("HDR/apple-heic.heic")

  /// The HDR corpus's Apple HEIC (make_hdr_fixtures.py: a 96x64 monochrome HEVC map of
  /// Apple's auxiliary type, its headroom 4x in XMP): artfit's map is heif-convert's, sample
  /// for sample, and its figures are Apple's. And with a quarter-turn `irot` on the primary
  /// (the map item, without one of its own, stored as the primary is), the map turns with the
  /// picture.
  @Test(arguments: ["apple-heic", "apple-heic-turned"])
  func applesMapIsTheOneLibheifsToolDecodes(name: String) throws {
    let path = Fixtures.path("HDR/\(name).heic")
    let info = try ImageDecoder.probe(file: path)
    #expect((info.width, info.height) == (384, 256), "the picture upright")
    #expect(info.gainMap == .apple)
    let figures = try #require(info.gainMapFigures)
    #expect(figures.appleCoded)
    #expect(abs(figures.headroomStops - 2) < 1e-6, "4x is 2 stops: \(figures.headroomStops)")
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    let map = try ImageDecoder.decodeGainMapItem(data: bytes, name: path, limits: ImageLimits())
    let truth = try ImageDecoder.decode(file: Fixtures.path("HDR/\(name)-map.png"))
    #expect(map.layout == .gray && truth.layout == .gray)
    #expect((map.width, map.height) == (96, 64))
    #expect(map.storage == truth.storage)
  }

  /// The HDR corpus's ISO 21496-1 HEIC (make_hdr_fixtures.py: the SDR image and map of an
  /// Ultra HDR JPEG by libultrahdr, re-coded as HEVC items, its metadata a `tmap` item's): its
  /// figures are libvips' reading of that JPEG, and its map, the hidden item the `tmap` item
  /// is derived from, is the JPEG's map within HEVC's loss.
  @Test func anISOMapIsTheToneMapItemsInput() throws {
    let heic = Fixtures.path("HDR/iso-heic.heic")
    let info = try ImageDecoder.probe(file: heic)
    #expect(info.gainMap == .iso)
    let truth = try #require(GainMapFiguresTests.truths["iso-heic-reference.jpg"])
    GainMapFiguresTests.expectFigures(info.gainMapFigures, truth, heic)
    #expect(info.gainMapFigures?.appleCoded == false)
    let map = try ImageDecoder.decodeGainMapItem(
      data: Array(try Data(contentsOf: URL(fileURLWithPath: heic))), name: heic, limits: ImageLimits())
    let reference = Fixtures.path("HDR/iso-heic-reference.jpg")
    let range = try #require(try ImageDecoder.probe(file: reference).gainMapImage)
    let jpegMap = try ImageDecoder.decode(
      data: Array(Array(try Data(contentsOf: URL(fileURLWithPath: reference)))[range]), name: reference)
    #expect((map.width, map.height, map.layout) == (jpegMap.width, jpegMap.height, jpegMap.layout))
    guard case .uint8(let a) = map.storage, case .uint8(let b) = jpegMap.storage, a.count == b.count else {
      Issue.record("8-bit maps of one size expected")
      return
    }
    let differences = zip(a, b).map { abs(Int($0) - Int($1)) }
    let mean = Double(differences.reduce(0, +)) / Double(differences.count)
    #expect(mean < 0.5 && differences.max()! <= 4, "mean \(mean), largest \(differences.max()!)")
  }

  /// Figures that apply the gain in the alternate rendition's colour space take that space from
  /// the `tmap` item's colour property (here nclx, Display P3 primaries), as the map's profile;
  /// figures in the base's space leave the map without one.
  @Test func theAlternateColourSpaceIsTheToneMapItems() throws {
    for (name, alternate) in [("iso-heic-p3.heic", true), ("iso-heic.heic", false)] {
      let path = Fixtures.path("HDR/" + name)
      #expect(try ImageDecoder.probe(file: path).gainMapFigures?.alternateColourSpace == alternate, "\(name)")
      let map = try ImageDecoder.decodeGainMapItem(
        data: Array(try Data(contentsOf: URL(fileURLWithPath: path))), name: path, limits: ImageLimits())
      guard alternate else {
        #expect(map.iccProfile == nil, "\(name)")
        continue
      }
      let profile = try ColourProfile(reading: try #require(map.iccProfile, "\(name)"))
      #expect(profile.name.contains("Display P3 primaries"), "\(name): \(profile.name)")
    }
  }

  /// libavif 1.4's own gain map files (`avifgainmaputil`, Fixtures/HDR/README.md): the
  /// figures artfit reads are libavif's printing of them (`libavif-truths.json`), a base with
  /// more headroom than its alternate is the HDR rendition (the published syntax has no flag
  /// for it), and each map decodes to the codes libavif extracts, sample for sample: a
  /// monochrome map, and a three-channel one libheif hands over as RGB planes (libavif codes
  /// its maps with the identity matrix).
  @Test(arguments: [
    "hdr-base-pq", "hdr-base-pq-2020", "hdr-base-pq-p3-alternate", "hdr-base-pq-p3-icc-alternate", "sdr-base-rgb-map",
  ])
  func libavifsFiguresAndMapsAreLibavifsOwn(name: String) throws {
    let path = Fixtures.path("HDR/\(name).avif")
    let truths = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: Fixtures.path("HDR/libavif-truths.json")))) as? [String: Any])
    let truth = try #require(truths["\(name).avif"] as? [String: Any])
    let info = try ImageDecoder.probe(file: path)
    #expect(info.gainMap == .iso)
    let figures = try #require(info.gainMapFigures, "\(name): figures read")
    let baseHeadroom = try #require(truth["base_headroom"] as? Double)
    let alternateHeadroom = try #require(truth["alternate_headroom"] as? Double)
    #expect(
      abs(figures.baseHeadroom - baseHeadroom) < 1e-6 && abs(figures.alternateHeadroom - alternateHeadroom) < 1e-6)
    #expect(figures.baseIsHDR == (baseHeadroom > alternateHeadroom), "\(name)")
    #expect(abs(figures.headroomStops - max(baseHeadroom, alternateHeadroom)) < 1e-6)
    for (key, value) in [
      ("gain_min", figures.gainMin), ("gain_max", figures.gainMax), ("gamma", figures.gamma),
      ("base_offset", figures.baseOffset), ("alternate_offset", figures.alternateOffset),
    ] {
      let expected = try #require(truth[key] as? [Double])
      // 1e-4: avifgainmaputil prints the red channel's fraction for every channel of the
      // largest gain (the file's blue is 1956913/524288, 3e-5 below its red).
      #expect(zip(value, expected).allSatisfy { abs($0 - $1) < 1e-4 }, "\(name) \(key): \(value) against \(expected)")
    }
    #expect(figures.alternateColourSpace == !(truth["use_base_colour_space"] as? Bool ?? true))
    let map = try ImageDecoder.decodeGainMapItem(
      data: Array(try Data(contentsOf: URL(fileURLWithPath: path))), name: path, limits: ImageLimits())
    let extracted = try ImageDecoder.decode(file: Fixtures.path("HDR/\(name).map.png"))
    #expect((map.width, map.height) == (extracted.width, extracted.height), "\(name)")
    #expect(map.layout.channels == extracted.layout.channels, "\(name): \(map.layout) against \(extracted.layout)")
    #expect(map.storage == extracted.storage, "\(name): the codes libavif extracts")
  }

  /// A `tmap` item naming a map item the file does not hold is a damaged file, said so.
  @Test func aToneMapNamingAMissingItemIsDamaged() throws {
    var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("HDR/iso-heic.heic"))))
    // The `dimg` reference from the tmap item (101): its second input, item 100, made 999.
    let marker: [UInt8] = Array("dimg".utf8) + [0, 101, 0, 2]
    let at = try #require(
      (0...(bytes.count - marker.count)).first { bytes[$0..<$0 + marker.count].elementsEqual(marker) })
    bytes[at + marker.count + 2] = 0x03
    bytes[at + marker.count + 3] = 0xE7
    #expect {
      try ImageDecoder.decodeGainMapItem(data: bytes, name: "damaged.heic", limits: ImageLimits())
    } throws: { error in
      guard case .corrupt(_, _, let detail) = error as? ImageError else { return false }
      return detail.contains("gain map item 999")
    }
  }

  /// Files with no map item: each refused as unusable, the reason naming what it holds.
  @Test(arguments: [
    ("heif-quad.heic", "it has no gain map image"),
    ("heif-gainmap-iso-figures.heic", "tone map item (tmap)"),
    ("jpeg-baseline.jpg", "a JPEG file holds no gain map image as an item"),
  ])
  func otherFilesSayWhyTheyHaveNoMapItem(name: String, reason: String) throws {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(name))))
    #expect {
      try ImageDecoder.decodeGainMapItem(data: bytes, name: name, limits: ImageLimits())
    } throws: { error in
      guard case .unusable(_, _, let why) = error as? ImageError else { return false }
      return why.contains(reason)
    }
  }

  /// A map over the pixel limit is refused before it is decoded (the primary under it).
  @Test func aMapOverThePixelLimitIsRefused() throws {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.apple)))
    var limits = ImageLimits()
    limits.maxPixels = 96 * 64 - 1
    #expect {
      try ImageDecoder.decodeGainMapItem(data: bytes, name: Self.apple, limits: limits)
    } throws: { error in
      guard case .limitExceeded(_, let detail) = error as? ImageError else { return false }
      return detail.contains("gain map image of 96x64 pixels")
    }
  }

  /// Every truncation of the file fails with an error or decodes the map whole: never a
  /// crash, never a map of another size.
  @Test func everyTruncationFailsOrDecodesTheWholeMap() throws {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.apple)))
    for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
      do {
        let map = try ImageDecoder.decodeGainMapItem(
          data: Array(bytes.prefix(length)), name: Self.apple, limits: ImageLimits())
        #expect((map.width, map.height) == (96, 64), "\(length) bytes")
      } catch {
        #expect(!error.message.isEmpty, "\(length) bytes")
      }
    }
  }
}
