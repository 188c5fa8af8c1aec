import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec

/// TIFF through libtiff: the layouts teams hand over (8- and 16-bit gray and RGB, alpha of
/// both kinds, palette, bilevel, CMYK through its profile), strips and tiles, the usual
/// compressions, orientation, pages, regions and damaged files. The fixtures are made by
/// Fixtures/make_fixtures.py (Pillow's libtiff and tifffile); each pixel follows a formula.
struct TIFFDecodeTests {
  static func decode(_ name: String, region: ImageRegion? = nil) throws -> Image {
    if let region { return try ImageDecoder.decode(file: Fixtures.path(name), region: region) }
    return try ImageDecoder.decode(file: Fixtures.path(name))
  }

  @Test(arguments: ["tiff-rgb8-lzw.tif", "tiff-rgba8-deflate.tif"])
  func eightBitRGBKeepsEveryValue(name: String) throws {
    let info = try ImageDecoder.probe(file: Fixtures.path(name))
    #expect(info.format == .tiff && info.width == Fixtures.width && info.height == Fixtures.height)
    #expect(!info.shrinksOnLoad && info.images == 1)
    let image = try Self.decode(name)
    let alpha = name.contains("rgba")
    #expect(image.layout == (alpha ? .rgba : .rgb) && info.layout == image.layout)
    for y in 0..<image.height {
      for x in 0..<image.width {
        var expected = (0..<3).map { Fixtures.value8(x, y, $0) }
        if alpha { expected.append(1 + Fixtures.value8(x, y, 3) % 255) }
        #expect(image.pixel(x: x, y: y) == expected, "\(name) \(x),\(y)")
      }
    }
  }

  @Test func grayPackBitsAndSixteenBitGrayKeepTheirValues() throws {
    let gray8 = try Self.decode("tiff-gray8-packbits.tif")
    #expect(gray8.layout == .gray && gray8.bitDepth == 8)
    #expect(gray8.pixel(x: 5, y: 7) == [Fixtures.value8(5, 7, 0)])
    let gray16 = try Self.decode("tiff-gray16.tif")
    #expect(gray16.layout == .gray && gray16.bitDepth == 16)
    for (x, y) in [(0, 0), (12, 10), (5, 3)] { #expect(gray16.pixel(x: x, y: y) == [Fixtures.value16(x, y, 0)]) }
  }

  @Test func sixteenBitTilesGiveEveryPixelAndRegionsReadOnlyTheirTiles() throws {
    let image = try Self.decode("tiff-rgb16-tiled.tif")
    #expect(image.width == 40 && image.height == 30 && image.bitDepth == 16 && image.layout == .rgb)
    for (x, y) in [(0, 0), (39, 29), (16, 15), (17, 16), (33, 5)] {
      #expect(image.pixel(x: x, y: y) == (0..<3).map { Fixtures.value16(x, y, $0) }, "\(x),\(y)")
    }
    for region in [ImageRegion(x: 17, y: 5, width: 20, height: 20), ImageRegion(x: 0, y: 16, width: 40, height: 14)] {
      #expect(try Self.decode("tiff-rgb16-tiled.tif", region: region) == image.cropped(to: region), "\(region)")
    }
  }

  @Test func aStripRegionIsTheWholeDecodeCropped() throws {
    let whole = try Self.decode("tiff-rgba8-deflate.tif")
    let region = ImageRegion(x: 3, y: 4, width: 7, height: 5)
    #expect(try Self.decode("tiff-rgba8-deflate.tif", region: region) == whole.cropped(to: region))
  }

  @Test func associatedAlphaIsUnpremultiplied() throws {
    let image = try Self.decode("tiff-assoc-alpha.tif")
    #expect(image.layout == .rgba)
    for x in 0..<image.width {
      let alpha = (x * 20) % 256
      let pixel = image.pixel(x: x, y: 2)
      #expect(pixel[3] == alpha)
      if alpha >= 60 {  // low alphas keep too few levels to restore the colour exactly
        #expect(zip(pixel.prefix(3), [200, 100, 50]).allSatisfy { abs($0 - $1) <= 3 }, "x \(x): \(pixel)")
      }
    }
  }

  @Test func paletteAndBilevelBecomeRGBAndGray() throws {
    let palette = try Self.decode("tiff-palette8.tif")
    #expect(palette.layout == .rgb)
    let index = Fixtures.paletteIndex(4, 6, count: 16)
    #expect(palette.pixel(x: 4, y: 6) == Fixtures.paletteEntry(index))
    let bilevel = try Self.decode("tiff-bilevel.tif")
    #expect(bilevel.layout == .gray && bilevel.pixel(x: 0, y: 0) == [0] && bilevel.pixel(x: 1, y: 0) == [255])
  }

  @Test func cmykGoesThroughItsProfile() throws {
    let info = try ImageDecoder.probe(file: Fixtures.path("tiff-cmyk-icc.tif"))
    #expect(info.cmyk == .plain && info.layout == .rgb)
    let profile = try ColourProfile(reading: try #require(info.iccProfile))
    #expect(profile.space == .cmyk)
    let transform = try ColourTransform(cmykFrom: profile, inverted: false, to: .sRGB, intent: .relative)
    let managed = try ImageDecoder.decode(file: Fixtures.path("tiff-cmyk-icc.tif"), cmyk: transform)
    let naive = try Self.decode("tiff-cmyk-icc.tif")
    #expect(managed.layout == .rgb && managed.width == 32)
    // Pillow's RGB to CMYK is naive, so the naive inversion restores the quadrants; the
    // profile's transform gives other colours (it is a press profile), but the same layout.
    JPEGDecodeTests.expectQuadrants(naive, tolerance: 2)
    #expect(managed != naive)
  }

  @Test func jpegInTIFFAndOrientationAndPages() throws {
    JPEGDecodeTests.expectQuadrants(try Self.decode("tiff-jpeg.tif"), tolerance: 8)
    let info = try ImageDecoder.probe(file: Fixtures.path("tiff-orientation-6.tif"))
    #expect(info.orientation == .right && info.width == 48 && info.height == 32)
    JPEGDecodeTests.expectQuadrants(try Self.decode("tiff-orientation-6.tif"), tolerance: 0)
    let pages = try ImageDecoder.probe(file: Fixtures.path("tiff-two-pages.tif"))
    #expect(pages.images == 2)
    JPEGDecodeTests.expectQuadrants(try Self.decode("tiff-two-pages.tif"), tolerance: 0)
  }

  @Test func cameraRawIsNamedNotDecoded() throws {
    let bytes = try #require(FileManager.default.contents(atPath: Fixtures.path("tiff-rgb8-lzw.tif"))).map { $0 }
    #expect(
      throws: ImageError.notAnImage(
        file: "shot.dng",
        reason: "it is a camera RAW (DNG): artfit reads developed images; export a PNG, JPEG or TIFF from the RAW")
    ) {
      try ImageDecoder.probe(data: bytes, name: "shot.dng")
    }
  }

  @Test func damagedFilesAreErrorsNamingTheFile() throws {
    let bytes = try #require(FileManager.default.contents(atPath: Fixtures.path("tiff-rgb8-lzw.tif"))).map { $0 }
    var loop = bytes
    // IFD0's next-IFD offset pointed back at IFD0 itself: a loop libtiff must notice.
    let ifd = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
    let entries = Int(bytes[ifd]) | Int(bytes[ifd + 1]) << 8
    let next = ifd + 2 + entries * 12
    for i in 0..<4 { loop[next + i] = UInt8((ifd >> (8 * i)) & 0xFF) }
    let cases: [(String, [UInt8])] = [
      ("header only", Array(bytes.prefix(8))),
      ("cut in the pixels", Array(bytes.prefix(bytes.count / 3))),
      ("scrambled", Array(bytes.prefix(8)) + bytes.dropFirst(8).map { $0 ^ 0x5A }),
    ]
    for (what, data) in cases {
      do {
        _ = try ImageDecoder.decode(data: data, name: "master.tif")
        Issue.record("\(what): decoded")
      } catch {
        #expect("\(error)".contains("master.tif"), "\(what): \(error)")
      }
    }
    // A loop is an error, or (libtiff stopping at the repeat) one page: never a hang.
    if let info = try? ImageDecoder.probe(data: loop, name: "loop.tif") { #expect(info.images == 1) }
  }
}

/// A TIFF whose directory lies after its pixels (Pillow's layout) is probed from its header,
/// its directory and the values the directory points to, not the whole file.
struct TIFFDirectoryRangesTests {
  @Test(arguments: ["tiff-rgb8-lzw.tif", "tiff-cmyk-icc.tif", "tiff-rgba8-deflate.tif"])
  func theDirectoryAloneGivesTheSameHeader(name: String) throws {
    let path = Fixtures.path(name)
    let bytes = try #require(FileManager.default.contents(atPath: path)).map { $0 }
    let head = Array(bytes.prefix(16))
    let ranges = try #require(
      try TIFFDirectoryRanges.ranges(
        head: head, fileSize: bytes.count, read: { range in Array(bytes[range.clamped(to: 0..<bytes.count)]) }))
    let read = ranges.reduce(0) { $0 + $1.count }
    #expect(read < bytes.count, "\(read) of \(bytes.count) bytes")
    let sparse = try #require(
      try TIFFReader.probeDirectory(path: path, head: head, fileSize: bytes.count, limits: ImageLimits()))
    #expect(sparse == (try ImageDecoder.probe(file: path)))
  }

  @Test func aSecondPageSendsTheProbeToTheWholeFile() throws {
    let bytes = try #require(FileManager.default.contents(atPath: Fixtures.path("tiff-two-pages.tif"))).map { $0 }
    #expect(
      try TIFFDirectoryRanges.ranges(
        head: Array(bytes.prefix(16)), fileSize: bytes.count, read: { Array(bytes[$0.clamped(to: 0..<bytes.count)]) })
        == nil)
  }
}
