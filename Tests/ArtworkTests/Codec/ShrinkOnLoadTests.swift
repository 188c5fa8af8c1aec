import TestSupport
import Testing

@testable import ArtworkCodec

/// JPEG shrink-on-load through libjpeg's DCT scaling.
struct ShrinkOnLoadTests {
  @Test(arguments: [(1, 400, 300), (2, 200, 150), (4, 100, 75), (8, 50, 38)])
  func shrinkDividesEachSideRoundingUp(shrink: Int, width: Int, height: Int) throws {
    let source = RoundTripTests.pattern8(.rgb, width: 400, height: 300)
    let bytes = try ImageEncoder.jpeg(source)
    let image = try ImageDecoder.decode(data: bytes, name: "t.jpg", shrink: shrink)
    #expect(image.width == width && image.height == height)
  }

  @Test func shrunkQuadrantsKeepTheirColours() throws {
    let image = try ImageDecoder.decode(file: Fixtures.path("jpeg-baseline.jpg"), shrink: 4)
    #expect(image.width == 8 && image.height == 8)
    JPEGDecodeTests.expectQuadrants(image, tolerance: 10)
  }

  @Test func pngIgnoresShrink() throws {
    let image = try ImageDecoder.decode(file: Fixtures.path("png-rgb8.png"), shrink: 2)
    #expect(image.width == Fixtures.width)
  }
}
