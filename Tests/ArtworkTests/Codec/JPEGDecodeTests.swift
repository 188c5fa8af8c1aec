import TestSupport
import Testing

@testable import ArtworkCodec
@testable import ArtworkGeometry

/// Decoding JPEG variants; flat quadrants keep the expected colours within JPEG's error.
struct JPEGDecodeTests {
  /// Checks the centre of each 16×16 quadrant against the fixture colours.
  static func expectQuadrants(_ image: Image, tolerance: Int = 6, gray: Bool = false) {
    let w = image.width
    let h = image.height
    let centres = [(w / 4, h / 4), (3 * w / 4, h / 4), (w / 4, 3 * h / 4), (3 * w / 4, 3 * h / 4)]
    for (quadrant, (x, y)) in centres.enumerated() {
      var expected = Fixtures.quadrants[quadrant]
      if gray {
        // ITU-R BT.601 luma, as libjpeg and Pillow convert
        let c = expected.map(Double.init)
        expected = [Int((0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]).rounded())]
      }
      let have = image.pixel(x: x, y: y)
      let close = zip(have, expected).allSatisfy { abs($0 - $1) <= tolerance }
      #expect(close, "quadrant \(quadrant) at \(x),\(y): have \(have), expected \(expected)")
    }
  }

  @Test(arguments: ["jpeg-baseline.jpg", "jpeg-progressive.jpg"])
  func colourJPEGDecodesToRGB(name: String) throws {
    let image = try ImageDecoder.decode(file: Fixtures.path(name))
    #expect(image.layout == .rgb && image.width == 32 && image.height == 32)
    Self.expectQuadrants(image)
  }

  @Test func progressiveIsReportedByProbe() throws {
    #expect(try ImageDecoder.probe(file: Fixtures.path("jpeg-progressive.jpg")).isInterlaced)
    #expect(try !ImageDecoder.probe(file: Fixtures.path("jpeg-baseline.jpg")).isInterlaced)
  }

  @Test func grayscaleStaysOneChannel() throws {
    let image = try ImageDecoder.decode(file: Fixtures.path("jpeg-gray.jpg"))
    #expect(image.layout == .gray)
    Self.expectQuadrants(image, gray: true)
  }

  @Test func adobeCMYKBecomesRGB() throws {
    let info = try ImageDecoder.probe(file: Fixtures.path("jpeg-cmyk.jpg"))
    #expect(info.layout == .rgb)
    let image = try ImageDecoder.decode(file: Fixtures.path("jpeg-cmyk.jpg"))
    // Pillow's RGB->CMYK is naive (K = 0), so the naive inverse restores the colours.
    Self.expectQuadrants(image, tolerance: 8)
  }
}
