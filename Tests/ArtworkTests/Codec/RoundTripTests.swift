import TestSupport
import Testing

@testable import ArtworkCodec

/// Encode then decode: PNG exactly, JPEG within a stated tolerance, ICC byte for byte.
struct RoundTripTests {
  static func pattern8(_ layout: ChannelLayout, width: Int = 37, height: Int = 23) -> Image {
    var samples: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        for c in 0..<layout.channels { samples.append(UInt8(Fixtures.value8(x, y, c))) }
      }
    }
    return Image(width: width, height: height, layout: layout, storage: .uint8(samples))
  }

  @Test(arguments: ChannelLayout.allCases, PNGEffort.range)
  func png8RoundTripsExactly(layout: ChannelLayout, effort: Int) throws {
    let image = Self.pattern8(layout)
    let decoded = try ImageDecoder.decode(
      data: ImageEncoder.png(image, effort: PNGEffort(rawValue: effort)!), name: "t.png")
    #expect(decoded == image)
  }

  /// Rows that favour each of PNG's five filters in turn (flat, horizontal ramp, repeated
  /// row, smooth diagonal, noise), wide enough for the vectorised filter loops and their tails.
  @Test(arguments: ChannelLayout.allCases)
  func adaptiveFiltersRoundTripExactly(layout: ChannelLayout) throws {
    var random = SeededGenerator(seed: 11)
    let (width, height) = (301, 40)
    var samples: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        for c in 0..<layout.channels {
          let value: Int
          switch y % 5 {
          case 0: value = 200
          case 1: value = x * 3 + c
          case 2: value = (y / 5) * 7 + x % 13
          case 3: value = (x + y) * 2 + c * 40
          default: value = Int.random(in: 0...255, using: &random)
          }
          samples.append(UInt8(truncatingIfNeeded: value))
        }
      }
    }
    let image = Image(width: width, height: height, layout: layout, storage: .uint8(samples))
    for effort in PNGEffort.range.compactMap(PNGEffort.init(rawValue:)) {
      #expect(try ImageDecoder.decode(data: ImageEncoder.png(image, effort: effort), name: "t.png") == image)
    }
  }

  @Test(arguments: ChannelLayout.allCases, [0, 2])
  func pngThroughLibpngRoundTripsExactly(layout: ChannelLayout, filter: Int) throws {
    let image = Self.pattern8(layout)
    let bytes = try ImageEncoder.png(image, effort: PNGEffort(rawValue: 6)!, filter: filter)
    #expect(try ImageDecoder.decode(data: bytes, name: "t.png") == image)
  }

  @Test(arguments: ChannelLayout.allCases)
  func png16RoundTripsExactly(layout: ChannelLayout) throws {
    var samples: [UInt16] = []
    for y in 0..<19 {
      for x in 0..<29 {
        for c in 0..<layout.channels { samples.append(UInt16(Fixtures.value16(x, y, c))) }
      }
    }
    let image = Image(width: 29, height: 19, layout: layout, storage: .uint16(samples))
    let decoded = try ImageDecoder.decode(data: ImageEncoder.png(image), name: "t.png")
    #expect(decoded == image)
  }

  /// A smooth gradient survives JPEG at quality 95 (4:2:0) within 6 levels per sample.
  @Test(arguments: [false, true])
  func jpegRoundTripsWithinTolerance(progressive: Bool) throws {
    var samples: [UInt8] = []
    for y in 0..<64 {
      for x in 0..<64 { samples += [UInt8(x * 4), UInt8(y * 4), UInt8((x + y) * 2)] }
    }
    let image = Image(width: 64, height: 64, layout: .rgb, storage: .uint8(samples))
    let bytes = try ImageEncoder.jpeg(image, quality: 95, progressive: progressive)
    #expect(try ImageDecoder.probe(data: bytes, name: "t.jpg").isInterlaced == progressive)
    let decoded = try ImageDecoder.decode(data: bytes, name: "t.jpg")
    let worst = zip(samples8(decoded), samples).map { abs(Int($0) - Int($1)) }.max() ?? 0
    #expect(worst <= 6, "largest difference \(worst)")
  }

  @Test func iccProfileSurvivesPNGAndJPEG() throws {
    let profile = try FileBytes.read(Fixtures.path("srgb.icc"), limit: 1 << 20)
    for name in ["png-icc.png", "jpeg-icc.jpg"] {
      let image = try ImageDecoder.decode(file: Fixtures.path(name))
      #expect(image.iccProfile == profile, "\(name) decodes its profile")
      let png = try ImageDecoder.decode(data: ImageEncoder.png(image), name: "t.png")
      #expect(png.iccProfile == profile, "\(name) -> PNG keeps it")
      let jpeg = try ImageDecoder.decode(data: ImageEncoder.jpeg(image), name: "t.jpg")
      #expect(jpeg.iccProfile == profile, "\(name) -> JPEG keeps it")
    }
    #expect(try ImageDecoder.decode(file: Fixtures.path("jpeg-baseline.jpg")).iccProfile == nil)
  }

  @Test func jpegFlattensAlphaOverTheBackground() throws {
    let image = Image(width: 8, height: 8, layout: .rgba, filledWith: [255, 0, 0, 0])
    let decoded = try ImageDecoder.decode(
      data: ImageEncoder.jpeg(image, quality: 100, background: [0, 0, 255]), name: "t.jpg")
    let pixel = decoded.pixel(x: 4, y: 4)
    #expect(pixel[0] < 8 && pixel[2] > 247, "transparent red over blue is blue: \(pixel)")
  }
}
