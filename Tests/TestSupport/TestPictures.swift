import Artwork
import Foundation

/// Generated pictures the tests render, find focus in and find bars in.
public enum TestPictures {
  public static let red = [220, 30, 30]
  public static let green = [30, 200, 40]
  public static let blue = [40, 50, 210]
  public static let white = [250, 250, 250]

  /// A 400x300 image with four colouSelf.red quadrants.
  public static func quadrants(width: Int = 400, height: Int = 300) -> Image {
    var samples: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        let colour = y < height / 2 ? (x < width / 2 ? Self.red : Self.green) : (x < width / 2 ? Self.blue : Self.white)
        samples += colour.map(UInt8.init)
      }
    }
    return Image(width: width, height: height, layout: .rgb, storage: .uint8(samples))
  }

  /// A width×height RGB picture of `background`, with `paint` colouring pixels it returns a colour for.
  public static func picture(width: Int, height: Int, background: [UInt8], paint: (Int, Int) -> [UInt8]?) -> Image {
    var samples = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        let colour = paint(x, y) ?? background
        for c in 0..<3 { samples[(y * width + x) * 3 + c] = colour[c] }
      }
    }
    return Image(width: width, height: height, layout: .rgb, storage: .uint8(samples))
  }

  /// A busy picture (colour waves and seeded noise) with bars of `colour` painted over it.
  public static func artwork(width: Int = 640, height: Int = 400, bars: Insets, colour: UInt8) -> Image {
    var generator = SeededGenerator(seed: 3)
    var samples = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        let inBar =
          Double(y) < bars.top || Double(y) >= Double(height) - bars.bottom
          || Double(x) < bars.left || Double(x) >= Double(width) - bars.right
        for c in 0..<3 {
          let wave = 128 + 80 * sin(Double(x) / (9 + Double(c) * 4)) * cos(Double(y) / (13 - Double(c) * 3))
          let noise = Double(Int.random(in: -30...30, using: &generator))
          samples[(y * width + x) * 3 + c] = inBar ? colour : UInt8(max(0, min(255, wave + noise)))
        }
      }
    }
    return Image(width: width, height: height, layout: .rgb, storage: .uint8(samples))
  }
}
