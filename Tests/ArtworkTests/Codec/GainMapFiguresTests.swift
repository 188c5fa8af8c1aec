import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec
@testable import ArtworkReport

/// An HDR gain map's metadata read as its writers meant, from each carrier: ISO 21496-1's
/// segment (the HDR corpus, made by libvips' uhdrsave with libultrahdr, its truths libvips'
/// own reading), Ultra HDR 1.0's `hdrgm:` XMP and a HEIF `tmap` item carrying the same
/// figures, Apple's headroom in its gain map's XMP; and report.json saying the headroom.
struct GainMapFiguresTests {
  struct Truth {
    let headroomStops: Double
    let gainMin, gainMax, gamma, baseOffset, alternateOffset: [Double]
  }

  static let folder = Fixtures.path("HDR")
  static let truths: [String: Truth] = {
    guard let data = FileManager.default.contents(atPath: folder + "/truths.json"),
      let json = try? JSONSerialization.jsonObject(with: data) as? [String: [String: Any]]
    else { return [:] }
    return json.compactMapValues { entry in
      func list(_ key: String) -> [Double] { entry[key] as? [Double] ?? [] }
      guard let stops = entry["headroom_stops"] as? Double else { return nil }
      return Truth(
        headroomStops: stops, gainMin: list("gain_min"), gainMax: list("gain_max"), gamma: list("gamma"),
        baseOffset: list("base_offset"), alternateOffset: list("alternate_offset"))
    }
  }()
  static let files: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".jpg") }.sorted()

  /// The metadata's fractions against libvips' floats: within a ten-thousandth of a stop.
  static func expectFigures(_ figures: GainMapFigures?, _ truth: Truth, _ what: String) {
    guard let figures else {
      Issue.record("\(what): no gain map figures read")
      return
    }
    func near(_ a: [Double], _ b: [Double]) -> Bool {
      a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-4 }
    }
    #expect(abs(figures.headroomStops - truth.headroomStops) < 1e-4, "\(what): \(figures.headroomStops) stops")
    #expect(near(figures.gainMin, truth.gainMin) && near(figures.gainMax, truth.gainMax), "\(what): \(figures)")
    #expect(near(figures.gamma, truth.gamma), "\(what): \(figures.gamma)")
    #expect(near(figures.baseOffset, truth.baseOffset) && near(figures.alternateOffset, truth.alternateOffset))
    #expect(!figures.baseIsHDR, "\(what): Ultra HDR's base is SDR")
  }

  @Test func everyCorpusFileHasItsTruth() {
    #expect(Self.files.count >= 2)
    #expect(Set(Self.files) == Set(Self.truths.keys))
  }

  @Test(arguments: files)
  func corpusFiguresAreLibvipsReading(name: String) throws {
    let truth = try #require(Self.truths[name])
    let info = try ImageDecoder.probe(file: Self.folder + "/" + name)
    #expect(info.gainMap == .iso)
    Self.expectFigures(info.gainMapFigures, truth, name)
  }

  /// The same figures in Ultra HDR 1.0's XMP and in a HEIF `tmap` item read as they do from
  /// the ISO segment (make_fixtures.py writes both from ultrahdr-landscape.jpg's).
  @Test(arguments: ["jpeg-gainmap-hdrgm.jpg", "heif-gainmap-iso-figures.heic"])
  func everyCarrierGivesTheSameFigures(name: String) throws {
    let truth = try #require(Self.truths["ultrahdr-landscape.jpg"])
    let info = try ImageDecoder.probe(file: Fixtures.path(name))
    #expect(info.gainMap == .iso)
    Self.expectFigures(info.gainMapFigures, truth, name)
  }

  @Test func applesHeadroomIsRead() throws {
    let info = try ImageDecoder.probe(file: Fixtures.path("jpeg-gainmap-apple-headroom.jpg"))
    #expect(info.gainMap == .apple)
    #expect(abs((info.gainMapFigures?.headroomStops ?? 0) - log2(3.5)) < 1e-9)
  }

  /// A headroom Apple's XMP states but no map can have is named as that, not as a headroom
  /// the file does not give.
  @Test(arguments: [("nan", "its alternate headroom is not a number"), ("0.5", "is -1 stops, outside 0 to 16")])
  func applesHeadroomOutOfRangeIsNamed(stated: String, cause: String) throws {
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.path("jpeg-gainmap-apple-headroom.jpg"))))
    let figure = Array("HDRGainMapHeadroom=\"3.5\"".utf8)
    let at = try #require(
      (0..<bytes.count - figure.count).first { bytes[$0..<$0 + figure.count].elementsEqual(figure) })
    bytes.replaceSubrange(at + figure.count - 4..<at + figure.count - 1, with: Array(stated.utf8))
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let info = try ImageDecoder.probe(file: folder.write(bytes, to: "apple.jpg"))
    #expect(info.gainMap == .apple && info.gainMapFigures == nil)
    #expect(info.gainMapFiguresProblem?.contains(cause) == true, "\(info.gainMapFiguresProblem ?? "no problem")")
  }

  /// Apple's codes recoded as ISO's: no gain stays no gain, the largest code the headroom,
  /// the gain never falls as the code rises, and each ISO code's gain lies within half a code
  /// of the gain Apple's method gives the original code (its factor written out here as the
  /// published method states it, from BT.709's transfer).
  @Test(arguments: [0.0, 0.25, 1, 1.8074, 3, 5.6])
  func applesCodesMeanTheSameGainAsISOCodes(stops: Double) {
    let table = GainMapFigures.appleCodesAsISO(headroomStops: stops)
    let iso = GainMapFigures(
      alternateHeadroom: stops, gainMin: [0], gainMax: [stops], gamma: [1], baseOffset: [0], alternateOffset: [0])
    #expect(table.count == 256 && table[0] == 0)
    #expect(zip(table, table.dropFirst()).allSatisfy { $0 <= $1 })
    if stops > 0 { #expect(table[255] == 255) }
    for code in 0...255 {
      let v = Double(code) / 255
      let linear = v < 0.081 ? v / 4.5 : pow((v + 0.099) / 1.099, 1 / 0.45)
      let apple = log2(1 + (pow(2, stops) - 1) * linear)
      let step = stops / 255
      #expect(abs(iso.gain(code: table[code], channel: 0) - apple) <= step / 2 + 1e-12, "code \(code)")
    }
  }

  /// A gain map whose metadata is absent or not whole is still named, with no figures.
  @Test(arguments: ["jpeg-gainmap-ultrahdr.jpg", "jpeg-gainmap-apple.jpg", "heif-gainmap-iso.heic"])
  func aMapWithoutWholeFiguresIsNamedAlone(name: String) throws {
    let info = try ImageDecoder.probe(file: Fixtures.path(name))
    #expect(info.gainMap != nil && info.gainMapFigures == nil)
  }

  /// Every cut of the ISO segment short of its end reads no figures, and none crashes; the
  /// whole segment, rewritten the same way, still does.
  @Test func aCutSegmentGivesNoFigures() throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.folder + "/ultrahdr-landscape.jpg")))
    let urn = Array("urn:iso:std:iso:ts:21496:-1".utf8) + [0]
    let second = try #require((2..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xD8 })
    let at = try #require((second..<bytes.count - urn.count).first { bytes[$0..<$0 + urn.count].elementsEqual(urn) })
    let length = Int(bytes[at - 2]) << 8 | Int(bytes[at - 1])
    let payload = length - 2 - urn.count
    let folder = TemporaryFolder()
    defer { folder.remove() }
    for kept in Array(stride(from: 0, to: payload, by: 3)) + [payload] {
      // The segment's metadata cut to `kept` bytes, the rest of it overwritten with a NOP comment's worth of zeros.
      var cut = bytes
      let start = at + urn.count
      let segmentEnd = at - 4 + 2 + length
      cut.replaceSubrange(start + kept..<segmentEnd, with: [UInt8](repeating: 0, count: segmentEnd - start - kept))
      cut[at - 2] = UInt8((length - (payload - kept)) >> 8)
      cut[at - 1] = UInt8((length - (payload - kept)) & 255)
      // The shortened segment leaves zeros before the next marker; a reader stops there, which is what a cut file does.
      let info = try ImageDecoder.probe(file: folder.write(cut, to: "cut.jpg"))
      #expect((info.gainMapFigures == nil) == (kept < payload), "\(kept) of \(payload) bytes")
    }
  }

  /// The corpus file with `padding` bytes of comment segments after its MPF segment (the MPF
  /// entries moved to match), so its gain map lies that much further on.
  static func padded(_ bytes: [UInt8], by padding: Int) throws -> [UInt8] {
    let table = try #require(MPFTable(bytes), "libultrahdr writes a big-endian MPF table")
    var out = bytes
    let (primary, map) = (table.size(of: 0), table.size(of: 1) + 4)
    MPFTable.put(MPFTable.u32(bytes, at: primary) + padding, into: &out, at: primary)  // the primary's length
    MPFTable.put(MPFTable.u32(bytes, at: map) + padding, into: &out, at: map)  // the map's offset
    var comments: [UInt8] = []
    var left = padding
    while left > 0 {
      let body = min(left - 4, 65533)
      comments += [0xFF, 0xFE, UInt8((body + 2) >> 8), UInt8((body + 2) & 255)] + [UInt8](repeating: 0x20, count: body)
      left -= body + 4
    }
    let mpf = table.identifier
    let segmentEnd = mpf - 4 + 2 + (Int(bytes[mpf - 2]) << 8 | Int(bytes[mpf - 1]))
    out.insert(contentsOf: comments, at: segmentEnd)
    return out
  }

  /// A gain map lying past the first bytes a probe reads (`check` reads headers only) is read
  /// on to, its figures the same as the whole file's.
  @Test(arguments: [0, 4 * 65537, 5 * 65537])
  func figuresLyingPastTheHeadAreReadToo(padding: Int) throws {
    let truth = try #require(Self.truths["ultrahdr-landscape.jpg"])
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.folder + "/ultrahdr-landscape.jpg")))
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let file = folder.write(try Self.padded(bytes, by: padding), to: "padded.jpg")
    Self.expectFigures(try ImageDecoder.probe(file: file).gainMapFigures, truth, "padded by \(padding)")
    #expect(try ImageDecoder.decode(file: file).width == 96, "the padded file still decodes")
  }

  /// The landscape file with its map's ISO segment replaced by `payload` (after the URN).
  static func withISOPayload(_ bytes: [UInt8], _ payload: [UInt8]) throws -> [UInt8] {
    let urn = Array("urn:iso:std:iso:ts:21496:-1".utf8) + [0]
    let second = try #require((2..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xD8 })
    let at = try #require((second..<bytes.count - urn.count).first { bytes[$0..<$0 + urn.count].elementsEqual(urn) })
    let end = at - 2 + (Int(bytes[at - 2]) << 8 | Int(bytes[at - 1]))
    let length = 2 + urn.count + payload.count
    return Array(bytes[..<(at - 2)]) + [UInt8(length >> 8), UInt8(length & 255)] + urn + payload + bytes[end...]
  }

  /// An ISO 21496-1 payload of one channel over one common denominator (flag 0x08), as
  /// libultrahdr writes it: the headrooms, then the gain range, gamma and offsets.
  static func isoPayload(
    denominator: UInt32 = 1, base: UInt32 = 0, alternate: UInt32, gainMin: Int32, gainMax: Int32, gamma: UInt32 = 1,
    offset: Int32 = 0, flags: UInt8 = 0x08
  ) -> [UInt8] {
    func u32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(v >> (24 - 8 * UInt32($0)) & 255) } }
    return [0, 0, 0, 0, flags] + u32(denominator) + u32(base) + u32(alternate)
      + u32(UInt32(bitPattern: gainMin)) + u32(UInt32(bitPattern: gainMax)) + u32(gamma)
      + u32(UInt32(bitPattern: offset)) + u32(UInt32(bitPattern: offset))
  }

  /// Figures no gain map can mean are not believed: the probe gives none (so no headroom is
  /// reported) and says which figure and why; figures in range at the same places are read.
  @Test(arguments: [
    (isoPayload(alternate: 0xFFFF_FFFF, gainMin: 0, gainMax: 3), "alternate headroom is 4294967295 stops"),
    (isoPayload(alternate: 3, gainMin: 3, gainMax: 1), "smallest gain (3) is above its largest (1)"),
    (isoPayload(alternate: 3, gainMin: 0, gainMax: 40), "reaches past 16 stops"),
    (isoPayload(base: 17, alternate: 0, gainMin: -17, gainMax: 0), "base headroom is 17 stops"),
    (isoPayload(alternate: 3, gainMin: 0, gainMax: 3, gamma: 100), "its gamma is 100, outside 1/16 to 16"),
    (isoPayload(denominator: 64, alternate: 192, gainMin: 0, gainMax: 192, gamma: 2), "its gamma is 0.03, outside"),
    (isoPayload(alternate: 3, gainMin: 0, gainMax: 3, offset: 12085), "its base offset is 12085, outside -1 to 1"),
    (isoPayload(denominator: 64, alternate: 192, gainMin: 0, gainMax: 192, gamma: 64, offset: -65), "outside -1 to 1"),
    (isoPayload(denominator: 64, alternate: 192, gainMin: 0, gainMax: 192, gamma: 64, offset: -64), ""),
    (
      isoPayload(base: 1, alternate: 3, gainMin: -2, gainMax: 0, flags: 0x0C),
      "its base rendition is said to be HDR, but its headroom (1 stops) is below the SDR rendition's (3)"
    ),
    (isoPayload(alternate: 3, gainMin: -1, gainMax: 3), ""),
    (isoPayload(denominator: 4, alternate: 64, gainMin: 0, gainMax: 64), ""),
  ])
  func figuresOutOfRangeAreNamedNotBelieved(payload: [UInt8], cause: String) throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.folder + "/ultrahdr-landscape.jpg")))
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let info = try ImageDecoder.probe(file: folder.write(try Self.withISOPayload(bytes, payload), to: "figures.jpg"))
    #expect(info.gainMap != nil)
    if cause.isEmpty {
      #expect(info.gainMapFigures != nil && info.gainMapFiguresProblem == nil)
    } else {
      #expect(info.gainMapFigures == nil)
      #expect(info.gainMapFiguresProblem?.contains(cause) == true, "\(info.gainMapFiguresProblem ?? "no problem")")
    }
  }

  /// Random ISO segments and random `hdrgm:` XMP (pieces of the real syntax in random order)
  /// are read without a fault (the sanitizer runs see every read), whatever figures come out
  /// are in range, and a JPEG preview carrying them reads back the same figures: what the
  /// report says is what the preview carries (Fuzz/fuzz-gain-map checks the same unseeded).
  /// A big-endian EXIF block whose Exif IFD holds Apple's maker note with tags 33 and 48 as
  /// signed rationals (numerators over 1 000 000), as iPhones write them.
  static func appleEXIF(tag33: Double, tag48: Double) -> [UInt8] {
    func u16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 255), UInt8(v & 255)] }
    func u32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(v >> (24 - 8 * $0) & 255) } }
    func rational(_ v: Double) -> [UInt8] {
      u32(Int(Int32(truncatingIfNeeded: Int((v * 1e6).rounded())))) + u32(1_000_000)
    }
    let valuesAt = 14 + 2 + 24 + 4
    let note =
      Array("Apple iOS".utf8) + [0, 0, 1] + Array("MM".utf8) + u16(2) + u16(0x21) + u16(10) + u32(1) + u32(valuesAt)
      + u16(0x30) + u16(10) + u32(1) + u32(valuesAt + 8) + u32(0) + rational(tag33) + rational(tag48)
    let exifIFD = 8 + 2 + 12 + 4
    let noteAt = exifIFD + 2 + 12 + 4
    return Array("MM".utf8) + [0, 42] + u32(8) + u16(1) + u16(0x8769) + u16(4) + u32(1) + u32(exifIFD) + u32(0)
      + u16(1) + u16(0x927C) + u16(7) + u32(note.count) + u32(noteAt) + u32(0) + note
  }

  /// `jpeg` with an APP1 EXIF segment of `exif` first.
  static func withEXIF(_ jpeg: [UInt8], _ exif: [UInt8]) -> [UInt8] {
    let payload = Array("Exif".utf8) + [0, 0] + exif
    let length = payload.count + 2
    return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 255)] + payload + jpeg[2...]
  }

  /// Apple's headroom from its maker note (a map whose XMP gives none): each branch of Apple's
  /// mapping at its corners, and damaged notes (bytes changed, cut short) read safely: a
  /// headroom, when one is read, is finite and within 0 to 16 stops.
  @Test func makerNotesAreReadAndDamagedOnesSafely() throws {
    let apple = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.path("jpeg-gainmap-apple.jpg"))))
    let folder = TemporaryFolder()
    defer { folder.remove() }
    // (tag 33, tag 48, stops): Apple's four lines at points worked by hand.
    for (tag33, tag48, stops) in [(0.5, 0.005, 1.7), (0.5, 2.0, 1.399), (1.0, 0.01, 2.3), (1.5, 1.0, 2.0), (1, 9, 0)] {
      let file = folder.write(Self.withEXIF(apple, Self.appleEXIF(tag33: tag33, tag48: tag48)), to: "note.jpg")
      let figures = try #require(try ImageDecoder.probe(file: file).gainMapFigures, "\(tag33), \(tag48)")
      #expect(abs(figures.headroomStops - stops) < 1e-9, "\(tag33), \(tag48): \(figures.headroomStops)")
      #expect(figures.appleCoded)
    }
    let exif = Self.appleEXIF(tag33: 1, tag48: 0.004)
    var random = SeededGenerator(seed: 3348)
    for round in 0..<400 {
      var damaged = exif
      for _ in 0..<(1 + Int(random.next() % 4)) {
        damaged[Int(random.next() % UInt64(damaged.count))] = UInt8(truncatingIfNeeded: random.next())
      }
      if round % 3 == 0 { damaged = Array(damaged.prefix(Int(random.next() % UInt64(damaged.count)))) }
      let file = folder.write(Self.withEXIF(apple, damaged), to: "damaged.jpg")
      guard let figures = try ImageDecoder.probe(file: file).gainMapFigures else { continue }
      #expect(figures.headroomStops.isFinite && (0...16).contains(figures.headroomStops), "round \(round)")
    }
  }

  @Test func randomMetadataIsReadSafely() throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.folder + "/ultrahdr-landscape.jpg")))
    let hdrgm = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.path("jpeg-gainmap-hdrgm.jpg"))))
    let pieces = [
      "hdrgm:GainMapMax", "hdrgm:GainMapMin", "hdrgm:Gamma", "hdrgm:HDRCapacityMax", "=\"", "\"", ">", "<", "</",
      "<rdf:Seq>", "<rdf:li>", "</rdf:li>", "</rdf:Seq>", "1e308", "-3.5", "0", "2.25", " ", "nan", "True",
    ].map { Array($0.utf8) }
    var random = SeededGenerator(seed: 21496)
    let folder = TemporaryFolder()
    defer { folder.remove() }
    var carriedRounds = 0
    for round in 0..<300 {
      let payload = (0..<Int(random.next() % 140)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      let iso = try Self.withISOPayload(bytes, round % 3 == 0 ? [0, 0, 0, 0] + payload : payload)
      var xmp = hdrgm
      if let at = (0..<hdrgm.count - 16).first(where: {
        hdrgm[$0..<$0 + 16].elementsEqual(Array("hdrgm:GainMapMin".utf8))
      }) {
        let noise = (0..<Int(random.next() % 24)).flatMap { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
        let span = min(Int(random.next() % 200), hdrgm.count - at - 20)
        xmp.replaceSubrange(at..<at + span, with: noise + [UInt8](repeating: 0x20, count: max(0, span - noise.count)))
        xmp = noise.count > span ? hdrgm : xmp  // the segment keeps its length
      }
      for file in [folder.write(iso, to: "iso.jpg"), folder.write(xmp, to: "xmp.jpg")] {
        guard let figures = try? ImageDecoder.probe(file: file).gainMapFigures else { continue }
        let all = figures.gainMin + figures.gainMax + figures.gamma + figures.baseOffset + figures.alternateOffset
        let finite = (all + [figures.baseHeadroom, figures.alternateHeadroom]).allSatisfy { $0.isFinite }
        #expect(finite, "round \(round)")
        #expect(figures.gamma.allSatisfy { $0 > 0 }, "round \(round)")
        #expect(figures.problem == nil, "round \(round): figures out of range are not given")
        let preview = UltraHDRJPEG.assemble(primary: Self.previewPrimary, map: Self.previewMap, figures: figures)
        let carried = try ImageDecoder.probe(data: preview, name: "preview").gainMapFigures
        #expect(
          carried.map { figures.readsBack(as: $0) } == true,
          "round \(round): \(figures) carried as \(String(describing: carried))")
        carriedRounds += 1
      }
    }
    #expect(carriedRounds > 30, "only \(carriedRounds) random files gave figures")
  }

  static let previewPrimary = try! ImageEncoder.jpeg(
    Image(width: 16, height: 8, layout: .rgb, storage: .uint8((0..<384).map { UInt8($0 % 251) })))
  static let previewMap = try! ImageEncoder.jpeg(
    Image(width: 8, height: 4, layout: .gray, storage: .uint8((0..<32).map { UInt8($0 * 8) })))

  /// report.json says the gain map and its headroom, and reads them back.
  @Test func theReportSaysTheHeadroomAndReadsItBack() throws {
    let info = try ImageDecoder.probe(file: Self.folder + "/ultrahdr-landscape.jpg")
    let hdr = try #require(ArtworkHDR(info))
    #expect(hdr.gainMap == "iso" && abs((hdr.headroomStops ?? 0) - 5.6224) < 1e-4)
    var report = try ReportStreamTests.report(1)
    report.artworks[0].hdr = hdr
    let folder = TemporaryFolder()
    defer { folder.remove() }
    try ReportWriter.writeAll(report, to: folder.path("out"))
    let json = try #require(ReportStreamTests.contents(folder.path("out/report.json")))
    #expect(json.contains(#""hdr":{"gain_map":"iso","headroom_stops":5.6224}"#))
    let back = try ReportReader.read(folder.path("out/report.json"))
    #expect(back.artworks[0].hdr == ArtworkHDR(gainMap: "iso", headroomStops: 5.6224))
    #expect(ArtworkHDR(try ImageDecoder.probe(file: Fixtures.path("jpeg-baseline.jpg"))) == nil, "SDR says nothing")
  }
}
