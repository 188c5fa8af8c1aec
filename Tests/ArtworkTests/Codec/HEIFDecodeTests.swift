import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec

/// HEIF/HEIC and AVIF through libheif: the primary image, `irot` and `imir`, alpha, 10-bit kept
/// deep, ICC profiles and colour descriptions (nclx) as profiles, PQ tone-mapped with a
/// warning, collections, gain maps noticed, and damaged files as errors naming the cause. The
/// fixtures are made by Fixtures/make_fixtures.py (pillow-heif's libheif and x265, Pillow's
/// libavif), the gain-map ones by editing a HEIC's boxes.
struct HEIFDecodeTests {
  @Test(arguments: [("heif-quad.heic", ImageFormat.heif), ("heif-quad.avif", .avif)])
  func quadrantsDecodeToRGB(name: String, format: ImageFormat) throws {
    let info = try ImageDecoder.probe(file: Fixtures.path(name))
    #expect(info.format == format && info.width == 32 && info.height == 32 && info.layout == .rgb)
    #expect(info.images == 1 && !info.shrinksOnLoad && info.gainMap == nil && info.hdr == nil)
    #expect(info.iccProfile == nil, "sRGB's own description needs no profile")
    let image = try ImageDecoder.decode(file: Fixtures.path(name))
    #expect(image.layout == .rgb && image.width == 32 && image.height == 32)
    JPEGDecodeTests.expectQuadrants(image, tolerance: 6)
  }

  /// AVIF's YCbCr converted by artfit (bilinear chroma, as libavif shows it): 4:2:0, limited
  /// range, monochrome and 10-bit all land on the quadrants.
  @Test(arguments: ["heif-420.avif", "heif-limited.avif", "heif-gray.avif"])
  func avifChromaLayoutsAndRangesConvert(name: String) throws {
    let image = try ImageDecoder.decode(file: Fixtures.path(name))
    #expect(image.layout == .rgb && image.width == 32 && image.height == 32)
    JPEGDecodeTests.expectQuadrants(image, tolerance: 6, gray: name.contains("gray"))
    if name.contains("gray") {
      #expect(image.pixel(x: 8, y: 8).allSatisfy { $0 == image.pixel(x: 8, y: 8)[0] }, "gray stays gray")
    }
  }

  /// Limited-range alpha is made full whichever path converts the colour: the same alpha item
  /// under a matrix libheif converts (YCgCo, made by make_fixtures.py from link-u's file)
  /// reads as it does under the one artfit converts.
  @Test func limitedAlphaIsExpandedUnderEveryMatrix() throws {
    let original = try ImageDecoder.decode(
      file: Fixtures.path("RealWorld/plum-blossom-small.profile1.8bpc.yuv444.alpha-limited.avif"))
    let ycgco = try ImageDecoder.decode(file: Fixtures.path("heif-limited-alpha-ycgco.avif"))
    try #require(original.layout == .rgba && ycgco.layout == .rgba && original.width == ycgco.width)
    guard case .uint8(let a) = original.storage, case .uint8(let b) = ycgco.storage else {
      Issue.record("8-bit files decoded deep")
      return
    }
    let worst = stride(from: 3, to: a.count, by: 4).map { abs(Int(a[$0]) - Int(b[$0])) }.max() ?? 0
    #expect(worst <= 1, "alpha differs by up to \(worst) levels")
    #expect(b.enumerated().contains { $0.offset % 4 == 3 && $0.element == 0 }, "transparent reaches 0")
  }

  @Test func tenBitAVIFStaysDeep() throws {
    let image = try ImageDecoder.decode(file: Fixtures.path("heif-10bit.avif"))
    guard case .uint16 = image.storage else {
      Issue.record("10-bit AVIF decoded to \(image.storage)")
      return
    }
    for (quadrant, (x, y)) in [(8, 8), (24, 8), (8, 24), (24, 24)].enumerated() {
      let have = image.pixel(x: x, y: y)
      let expected = Fixtures.quadrants[quadrant].map { $0 * 257 }
      #expect(zip(have, expected).allSatisfy { abs($0 - $1) <= 4 * 257 }, "\(quadrant): \(have)")
    }
  }

  @Test func alphaIsKept() throws {
    let image = try ImageDecoder.decode(file: Fixtures.path("heif-alpha.heic"))
    #expect(image.layout == .rgba)
    for (x, y) in [(8, 8), (24, 24)] {
      #expect(abs(image.pixel(x: x, y: y)[3] - 128) <= 2, "\(image.pixel(x: x, y: y))")
    }
  }

  @Test(arguments: ["heif-orientation-6.heic", "heif-orientation-2.heic"])
  func irotAndImirTurnItUpright(name: String) throws {
    let info = try ImageDecoder.probe(file: Fixtures.path(name))
    #expect(info.width == 48 && info.height == 32, "the header's size is the oriented size")
    #expect(info.orientation == .up, "libheif applies the transformation; nothing is left to turn")
    let image = try ImageDecoder.decode(file: Fixtures.path(name))
    #expect(image.width == 48 && image.height == 32)
    JPEGDecodeTests.expectQuadrants(image, tolerance: 6)
  }

  @Test func tenBitSamplesStayDeep() throws {
    let info = try ImageDecoder.probe(file: Fixtures.path("heif-10bit.heic"))
    #expect(info.bitDepth == 10)
    let image = try ImageDecoder.decode(file: Fixtures.path("heif-10bit.heic"))
    guard case .uint16 = image.storage else {
      Issue.record("10-bit decoded to \(image.storage)")
      return
    }
    // 10-bit codes widened to 16 bits: the quadrants times 257, within the encoder's error.
    for (quadrant, (x, y)) in [(8, 8), (24, 8), (8, 24), (24, 24)].enumerated() {
      let have = image.pixel(x: x, y: y)
      let expected = Fixtures.quadrants[quadrant].map { $0 * 257 }
      #expect(zip(have, expected).allSatisfy { abs($0 - $1) <= 6 * 257 }, "\(quadrant): \(have)")
    }
    #expect(image.pixel(x: 24, y: 24).allSatisfy { $0 > 250 * 257 }, "white reaches the top of the 16-bit range")
  }

  @Test func anICCProfileIsTheProfile() throws {
    let info = try ImageDecoder.probe(file: Fixtures.path("heif-icc.heic"))
    let bytes = try #require(info.iccProfile)
    #expect(try ColourProfile(reading: bytes).name.contains("sRGB"))
    #expect(try ImageDecoder.decode(file: Fixtures.path("heif-icc.heic")).iccProfile == bytes)
  }

  @Test func aDisplayP3DescriptionBecomesAProfile() throws {
    let info = try ImageDecoder.probe(file: Fixtures.path("heif-nclx-p3.heic"))
    let profile = try ColourProfile(reading: try #require(info.iccProfile))
    #expect(profile.name == "Display P3 primaries, sRGB transfer (nclx)")
    // P3's red is outside sRGB: converted, the red quadrant's red clips and its green falls.
    let transform = try ColourTransform(from: profile, layout: .rgb, bitDepth: 8, to: nil, intent: .relative)
    let red = transform.convert(RGB(220, 30, 30))
    #expect(red.r == 240 || red.r > 235 && red.g < 30, "\(red)")
    #expect(info == (try ImageDecoder.probe(file: Fixtures.path("heif-nclx-p3.heic"))), "the same bytes each time")
  }

  @Test func pqIsToneMappedThroughItsProfile() throws {
    let info = try ImageDecoder.probe(file: Fixtures.path("heif-pq.heic"))
    #expect(info.hdr == .pq)
    let profile = try ColourProfile(reading: try #require(info.iccProfile))
    #expect(profile.name.contains("PQ"), "\(profile.name)")
    // Gray PQ signals: black; 58 cd/m² (below the knee: linear 0.286 of reference white, sRGB
    // 146); reference white 203 cd/m² (0.908 after the shoulder, sRGB 244); 10,000 cd/m²
    // (white).
    let signals: [Double] = [0, 0.4545, 0.5807, 1]
    let samples = signals.flatMap { s in [UInt16](repeating: UInt16((s * 65535).rounded()), count: 3) }
    let gray = Image(width: 4, height: 1, layout: .rgb, storage: .uint16(samples), iccProfile: nil)
    let transform = try ColourTransform(from: profile, layout: .rgb, bitDepth: 16, to: nil, intent: .relative)
    let out = transform.apply(to: gray)
    let expected = [0, 146, 244, 255].map { $0 * 257 }
    for (x, value) in expected.enumerated() {
      #expect(out.pixel(x: x, y: 0).allSatisfy { abs($0 - value) <= 2 * 257 }, "\(x): \(out.pixel(x: x, y: 0))")
    }
  }

  @Test func aCollectionIsItsPrimaryImage() throws {
    let info = try ImageDecoder.probe(file: Fixtures.path("heif-collection.heic"))
    #expect(info.images == 2)
    JPEGDecodeTests.expectQuadrants(try ImageDecoder.decode(file: Fixtures.path("heif-collection.heic")))
  }

  @Test func aSequenceIsItsStillImageAndCountsItsFrames() throws {
    let info = try ImageDecoder.probe(file: Fixtures.path("heif-sequence.avif"))
    #expect(info.images == 3 && info.format == .avif)
    #expect(info.imagesWarning.hasPrefix("an AVIF of 3 images"), "\(info.imagesWarning)")
    let image = try ImageDecoder.decode(file: Fixtures.path("heif-sequence.avif"))
    #expect(zip(image.pixel(x: 16, y: 16), Fixtures.quadrants[0]).allSatisfy { abs($0 - $1) <= 6 })
  }

  /// A sequence's track after the media data, past what a probe first reads, is found by
  /// walking the top-level box headers, so the probe reads on and counts what a render would.
  @Test func aTrackPastThePrefixIsFound() throws {
    func box(_ type: String, _ size: Int) -> [UInt8] {
      (0..<4).map { UInt8(truncatingIfNeeded: size >> (24 - 8 * $0)) } + Array(type.utf8)
        + [UInt8](repeating: 0, count: size - 8)
    }
    let file = box("ftyp", 24) + box("meta", 64) + box("mdat", 300_000) + box("moov", 16)
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let path = folder.write(file, to: "long.avif")
    #expect(try HEIFReader.sequenceLiesBeyond(256 * 1024, in: path, fileSize: file.count))
    #expect(try !HEIFReader.sequenceLiesBeyond(file.count, in: path, fileSize: file.count))
    let short = folder.write(box("ftyp", 24) + box("meta", 64) + box("mdat", 100), to: "short.avif")
    #expect(try !HEIFReader.sequenceLiesBeyond(16, in: short, fileSize: 188), "no track at all")
  }

  @Test(arguments: [
    ("heif-gainmap-apple.heic", ImageInfo.GainMap.apple), ("heif-gainmap-iso.heic", .iso),
  ])
  func gainMapsAreNoticedAndTheSDRImageDrawn(name: String, gainMap: ImageInfo.GainMap) throws {
    let info = try ImageDecoder.probe(file: Fixtures.path(name))
    #expect(info.gainMap == gainMap && info.images == 1)
    JPEGDecodeTests.expectQuadrants(try ImageDecoder.decode(file: Fixtures.path(name)))
  }

  @Test func aGridIsItsTilesPutTogether() throws {
    let info = try ImageDecoder.probe(file: Fixtures.path("heif-grid.heic"))
    #expect(info.width == 64 && info.height == 64 && info.images == 1, "the tile item is hidden")
    let image = try ImageDecoder.decode(file: Fixtures.path("heif-grid.heic"))
    #expect(image.width == 64 && image.height == 64)
    for (x, y) in [(0, 0), (32, 0), (0, 32), (32, 32)] {
      JPEGDecodeTests.expectQuadrants(image.cropped(to: ImageRegion(x: x, y: y, width: 32, height: 32)))
    }
  }

  /// A grid declaring 100000x100000, in its `ispe` or only in its own data (the canvas
  /// libheif would allocate), is refused before decoding, by the probe as by the decode.
  @Test(arguments: ["heif-grid-bomb.heic", "heif-grid-canvas-bomb.heic"])
  func aGridDeclaringTooManyPixelsIsRefusedBeforeDecoding(name: String) throws {
    #expect(throws: ImageError.self) { try ImageDecoder.probe(file: Fixtures.path(name)) }
    do {
      _ = try ImageDecoder.decode(file: Fixtures.path(name))
      Issue.record("decoded a 100000x100000 grid")
    } catch {
      guard case .tooLarge(_, 100000, 100000, _) = error else {
        Issue.record("\(error)")
        return
      }
    }
  }

  @Test func aCutFileIsTruncatedWhereverTheCutFalls() throws {
    let bytes = try #require(FileManager.default.contents(atPath: Fixtures.path("heif-quad.heic"))).map { $0 }
    for cut in [200, bytes.count / 2, bytes.count - 10] {
      do {
        _ = try ImageDecoder.decode(data: Array(bytes.prefix(cut)), name: "hero.heic")
        Issue.record("cut at \(cut): decoded")
      } catch {
        guard case .truncated = error else {
          Issue.record("cut at \(cut): \(error)")
          continue
        }
      }
    }
  }

  @Test func aRegionIsTheWholeDecodeCropped() throws {
    let path = Fixtures.path("heif-orientation-6.heic")
    let whole = try ImageDecoder.decode(file: path)
    let region = ImageRegion(x: 5, y: 3, width: 30, height: 20)
    #expect(try ImageDecoder.decode(file: path, region: region) == whole.cropped(to: region))
  }

  @Test func thePixelLimitIsCheckedBeforeDecoding() throws {
    var limits = ImageLimits()
    limits.maxPixels = 32 * 32 - 1
    #expect(throws: ImageError.self) { try ImageDecoder.probe(file: Fixtures.path("heif-quad.heic"), limits: limits) }
    do {
      _ = try ImageDecoder.decode(file: Fixtures.path("heif-quad.avif"), limits: limits)
      Issue.record("decoded over the limit")
    } catch {
      #expect("\(error)".contains("heif-quad.avif") && "\(error)".contains("1023"), "\(error)")
    }
  }

  @Test func damagedFilesAreErrorsNamingTheFile() throws {
    for name in ["heif-quad.heic", "heif-quad.avif"] {
      let bytes = try #require(FileManager.default.contents(atPath: Fixtures.path(name))).map { $0 }
      let cases: [(String, [UInt8])] = [
        ("ftyp only", Array(bytes.prefix(32))),
        ("cut in the coded image", Array(bytes.prefix(bytes.count - 60))),
        ("scrambled boxes", Array(bytes.prefix(40)) + [UInt8](repeating: 0xA5, count: bytes.count - 40)),
      ]
      for (what, data) in cases {
        do {
          _ = try ImageDecoder.decode(data: data, name: "hero.\(name.split(separator: ".").last!)")
          Issue.record("\(name), \(what): decoded")
        } catch {
          #expect("\(error)".contains("hero."), "\(what): \(error)")
          switch error {
          case .truncated, .corrupt, .limitExceeded: break
          default: Issue.record("\(name), \(what): \(error)")
          }
        }
      }
      // A scrambled coded image: libde265 and dav1d conceal damage, so it decodes to its
      // size or fails naming the file; it never crashes.
      let scrambled = Array(bytes.prefix(bytes.count - 120)) + [UInt8](repeating: 0x5A, count: 120)
      do {
        let image = try ImageDecoder.decode(data: scrambled, name: "hero.heic")
        #expect(image.width == 32 && image.height == 32)
      } catch {
        #expect("\(error)".contains("hero.heic"), "\(error)")
      }
    }
  }
}
