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
