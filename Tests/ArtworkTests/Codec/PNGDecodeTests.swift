import TestSupport
import Testing

@testable import ArtworkCodec

/// Decoding every PNG colour type and bit depth, plain and Adam7-interlaced.
struct PNGDecodeTests {
  static let interlacing = ["", "-interlaced"]

  @Test(arguments: [1, 2, 4], interlacing)
  func lowBitGrayExpandsToFullRange(bits: Int, suffix: String) throws {
    let image = try ImageDecoder.decode(file: Fixtures.path("png-gray\(bits)\(suffix).png"))
    #expect(image.layout == .gray && image.bitDepth == 8)
    let maximum = (1 << bits) - 1
    for y in 0..<Fixtures.height {
      for x in 0..<Fixtures.width {
        let expected = Fixtures.low(x, y, bits: bits) * 255 / maximum
        #expect(image.pixel(x: x, y: y) == [expected], "at \(x),\(y)")
      }
    }
  }

  @Test(arguments: ["gray", "grayalpha", "rgb", "rgba"], interlacing)
  func eightBitMatchesPattern(kind: String, suffix: String) throws {
    let image = try ImageDecoder.decode(file: Fixtures.path("png-\(kind)8\(suffix).png"))
    let layout: ChannelLayout = ["gray": .gray, "grayalpha": .grayAlpha, "rgb": .rgb, "rgba": .rgba][kind]!
    #expect(image.layout == layout && image.bitDepth == 8)
    #expect(image.width == Fixtures.width && image.height == Fixtures.height)
    for y in 0..<Fixtures.height {
      for x in 0..<Fixtures.width {
        let expected = (0..<layout.channels).map { Fixtures.value8(x, y, $0) }
        #expect(image.pixel(x: x, y: y) == expected, "at \(x),\(y)")
      }
    }
  }

  @Test(arguments: ["gray", "grayalpha", "rgb", "rgba"], interlacing)
  func sixteenBitStaysSixteenBit(kind: String, suffix: String) throws {
    let image = try ImageDecoder.decode(file: Fixtures.path("png-\(kind)16\(suffix).png"))
    #expect(image.bitDepth == 16)
    for y in 0..<Fixtures.height {
      for x in 0..<Fixtures.width {
        let expected = (0..<image.layout.channels).map { Fixtures.value16(x, y, $0) }
        #expect(image.pixel(x: x, y: y) == expected, "at \(x),\(y)")
      }
    }
  }

  @Test(arguments: [1, 2, 4, 8], interlacing)
  func paletteExpandsToRGB(bits: Int, suffix: String) throws {
    let image = try ImageDecoder.decode(file: Fixtures.path("png-palette\(bits)\(suffix).png"))
    #expect(image.layout == .rgb)
    let count = min(1 << bits, 12)
    for y in 0..<Fixtures.height {
      for x in 0..<Fixtures.width {
        let index = Fixtures.paletteIndex(x, y, count: count)
        #expect(image.pixel(x: x, y: y) == Fixtures.paletteEntry(index))
      }
    }
  }

  @Test(arguments: [1, 2, 4, 8], interlacing)
  func paletteWithTransparencyGainsAlpha(bits: Int, suffix: String) throws {
    let image = try ImageDecoder.decode(file: Fixtures.path("png-palette\(bits)-trns\(suffix).png"))
    #expect(image.layout == .rgba)
    let count = min(1 << bits, 12)
    for y in 0..<Fixtures.height {
      for x in 0..<Fixtures.width {
        let index = Fixtures.paletteIndex(x, y, count: count)
        let alpha = index < count / 2 ? Fixtures.paletteAlpha(index) : 255
        #expect(image.pixel(x: x, y: y) == Fixtures.paletteEntry(index) + [alpha])
      }
    }
  }

  @Test(arguments: ["gray8", "rgb8"], interlacing)
  func colourKeyBecomesAlpha(kind: String, suffix: String) throws {
    let image = try ImageDecoder.decode(file: Fixtures.path("png-\(kind)-trns\(suffix).png"))
    let colours = kind == "gray8" ? 1 : 3
    #expect(image.layout.channels == colours + 1)
    let key = (0..<colours).map { Fixtures.value8(3, 2, $0) }
    for y in 0..<Fixtures.height {
      for x in 0..<Fixtures.width {
        let colour = (0..<colours).map { Fixtures.value8(x, y, $0) }
        #expect(image.pixel(x: x, y: y) == colour + [colour == key ? 0 : 255])
      }
    }
  }

  @Test func probeReadsTheHeaderOnly() throws {
    let info = try ImageDecoder.probe(file: Fixtures.path("png-rgba16-interlaced.png"))
    #expect(info.format == .png)
    #expect(info.width == 13 && info.height == 11)
    #expect(info.bitDepth == 16 && info.hasAlpha && info.isInterlaced)
    #expect(info.orientation == .up)
    let palette = try ImageDecoder.probe(file: Fixtures.path("png-palette4-trns.png"))
    #expect(palette.bitDepth == 4 && palette.hasAlpha && palette.layout == .rgba)
  }
}

/// An animated PNG (APNG) says how many frames it animates in its acTL chunk: the first is
/// checked, and the probe says so, as an animated WebP's does.
struct APNGTests {
  /// The CRC-32 PNG chunks carry.
  static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xffff_ffff
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1 }
    }
    return ~crc
  }

  /// `png` with an acTL chunk announcing `frames` frames inserted before its first IDAT.
  static func animated(_ png: [UInt8], frames: UInt32) -> [UInt8] {
    func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    let body = Array("acTL".utf8) + bigEndian(frames) + bigEndian(0)
    let chunk = bigEndian(8) + body + bigEndian(crc32(body))
    var at = 8
    while at + 8 <= png.count && Array(png[(at + 4)..<(at + 8)]) != Array("IDAT".utf8) {
      let length = png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
      at += 12 + length
    }
    return Array(png[..<at]) + chunk + Array(png[at...])
  }

  @Test func anAnimatedPNGNamesItsFramesAndAStillOneDoesNot() throws {
    let png = try ImageEncoder.png(TestPictures.quadrants(width: 40, height: 30))
    let still = try ImageDecoder.probe(data: png, name: "still.png")
    #expect(still.images == 1)
    let info = try ImageDecoder.probe(data: Self.animated(png, frames: 3), name: "moving.png")
    #expect(info.images == 3)
    #expect(info.imagesWarning == "an animated PNG of 3 frames: its first frame is checked")
    let image = try ImageDecoder.decode(data: Self.animated(png, frames: 3), name: "moving.png")
    #expect(image == (try ImageDecoder.decode(data: png, name: "still.png")), "the first frame is the still image")
  }
}
