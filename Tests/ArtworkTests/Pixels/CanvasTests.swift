import Testing

@testable import Artwork

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
