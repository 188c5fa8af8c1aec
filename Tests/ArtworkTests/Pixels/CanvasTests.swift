import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec
@testable import ArtworkGeometry
@testable import ArtworkPixels

struct CanvasTests {
  /// A picture whose every pixel names its own position: (x, y, layout marker).
  static func picture(_ layout: ChannelLayout, width: Int, height: Int) -> Image {
    var samples: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        switch layout {
        case .gray: samples += [UInt8(10 * x + y)]
        default: samples += [UInt8(x), UInt8(y), 77]
        }
      }
    }
    return Image(width: width, height: height, layout: layout, storage: .uint8(samples))
  }

  @Test(arguments: [(3, 2), (-2, -1), (5, 3), (-7, 0), (9, 9)])
  func drawCopiesAndClipsRGB(origin: (Int, Int)) {
    let picture = Self.picture(.rgb, width: 4, height: 3)
    var canvas = Canvas(size: PixelSize(8, 5), background: RGB(1, 2, 3))
    canvas.draw(picture, at: (origin.0, origin.1))
    for y in 0..<5 {
      for x in 0..<8 {
        let (px, py) = (x - origin.0, y - origin.1)
        let inside = (0..<4).contains(px) && (0..<3).contains(py)
        let expected = inside ? RGB(UInt8(px), UInt8(py), 77) : RGB(1, 2, 3)
        #expect(canvas.pixel(x: x, y: y) == expected, "(\(x), \(y)) with the picture at \(origin)")
      }
    }
  }

  @Test func drawSpreadsGrayOverTheThreeChannels() {
    var canvas = Canvas(size: PixelSize(3, 3), background: RGB(0, 0, 0))
    canvas.draw(Self.picture(.gray, width: 2, height: 2), at: (1, 1))
    #expect(canvas.pixel(x: 2, y: 2) == RGB(11, 11, 11))
    #expect(canvas.pixel(x: 0, y: 0) == RGB(0, 0, 0))
  }
}

/// A canvas drawn in an earlier canvas's memory starts as clean as a fresh one.
struct CanvasReuseTests {
  @Test func aReusedCanvasIsFilledAfreshAtEverySize() {
    var storage: [UInt8] = []
    // Growing, shrinking, the same size again, black and coloured backgrounds.
    for (size, background) in [
      (PixelSize(5, 4), RGB(0, 0, 0)), (PixelSize(9, 7), RGB(10, 20, 30)), (PixelSize(3, 2), RGB(0, 0, 0)),
      (PixelSize(3, 2), RGB(200, 0, 9)), (PixelSize(11, 8), RGB(0, 0, 0)),
    ] {
      var canvas = Canvas(size: size, background: background, reusing: consume storage)
      #expect(canvas.samples == Canvas(size: size, background: background).samples, "\(size) on \(background)")
      canvas.draw(CanvasTests.picture(.rgb, width: 40, height: 40), at: (0, 0))  // dirty every sample
      storage = canvas.releaseStorage()
      #expect(canvas.samples.isEmpty)
    }
  }

  @Test func aSmallerCanvasKeepsTheSameMemory() {
    var first = Canvas(size: PixelSize(64, 64), background: RGB(0, 0, 0))
    let storage = first.releaseStorage()
    let address = storage.withUnsafeBufferPointer { $0.baseAddress }
    let second = Canvas(size: PixelSize(32, 16), background: RGB(5, 5, 5), reusing: consume storage)
    #expect(second.samples.withUnsafeBufferPointer { $0.baseAddress } == address)
  }
}

/// Filling a rect blends each pixel by the share of it the rect covers.
struct CanvasFillTests {
  /// A rect with fractional edges at a tint's opacity, over noise: every pixel is
  /// old + (colour − old) · coverage · opacity, rounded, the rest untouched.
  @Test(arguments: [Float(0.3), 0.9, 1])
  func rectsBlendByCoverage(opacity: Float) {
    var random = SeededGenerator(seed: 5)
    let size = PixelSize(23, 17)
    var canvas = Canvas(size: size, background: RGB(0, 0, 0))
    let noise = (0..<(size.width * size.height * 3)).map { _ in UInt8.random(in: 0...255, using: &random) }
    canvas.draw(Image(width: size.width, height: size.height, layout: .rgb, storage: .uint8(noise)), at: (0, 0))
    let rect = Rect(x: 2.25, y: 3.5, width: 15.5, height: 9.75)
    let colour = RGB(255, 59, 48)
    canvas.fill(.rect(rect), colour, opacity: opacity)
    for y in 0..<size.height {
      for x in 0..<size.width {
        let coverage = Float(CanvasRegion.overlap(rect, x, y)) * opacity
        let old = Array(noise[(y * size.width + x) * 3..<(y * size.width + x) * 3 + 3])
        let expected = zip(old, [colour.r, colour.g, colour.b]).map { old, new -> UInt8 in
          if coverage <= 0 { return old }
          if coverage >= 1 { return new }
          return UInt8(Float(old) + (Float(new) - Float(old)) * coverage + 0.5)
        }
        let pixel = canvas.pixel(x: x, y: y)
        #expect([pixel.r, pixel.g, pixel.b] == expected, "(\(x), \(y))")
      }
    }
  }

  /// A mask's coverage of each pixel is the 4×4 sample count, whether one test decided the
  /// pixel (wholly in or out) or all sixteen were taken.
  @Test("a masked pixel's coverage is its 16-sample count everywhere, short cuts included", arguments: [2, 3, 5, 8])
  func maskCoverageIsTheSampleCount(exponent: Int) {
    let mask = IconMask(exponent: exponent)
    var random = SeededGenerator(seed: UInt64(exponent))
    for _ in 0..<6 {
      let rect = Rect(
        x: Double.random(in: -3...3, using: &random), y: Double.random(in: -3...3, using: &random),
        width: Double.random(in: 5...60, using: &random), height: Double.random(in: 5...60, using: &random))
      for y in Int(rect.y) - 2...Int(rect.maxY) + 2 {
        for x in Int(rect.x) - 2...Int(rect.maxX) + 2 {
          var count = 0
          for row in 0..<4 {
            for column in 0..<4 {
              let (u, v) = (
                (Double(x) + (Double(column) + 0.5) / 4 - rect.midX) / (rect.width / 2),
                (Double(y) + (Double(row) + 0.5) / 4 - rect.midY) / (rect.height / 2)
              )
              if pow(abs(u), Double(exponent)) + pow(abs(v), Double(exponent)) <= 1 { count += 1 }
            }
          }
          #expect(CanvasRegion.masked(rect, mask, x, y) == Float(count) / 16, "pixel \(x),\(y) of \(rect)")
        }
      }
    }
  }
}
