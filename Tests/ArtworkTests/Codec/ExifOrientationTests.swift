import TestSupport
import Testing

@testable import ArtworkCodec

/// All eight EXIF orientations, in JPEG (APP1) and PNG (eXIf), turn the pixels upright.
struct ExifOrientationTests {
  @Test(arguments: 1...8)
  func jpegOrientationIsApplied(tag: Int) throws {
    let path = Fixtures.path("jpeg-orientation-\(tag).jpg")
    let info = try ImageDecoder.probe(file: path)
    #expect(info.orientation.rawValue == tag)
    #expect(info.width == 48 && info.height == 32, "probe reports the upright size")
    let image = try ImageDecoder.decode(file: path)
    #expect(image.width == 48 && image.height == 32)
    JPEGDecodeTests.expectQuadrants(image)
  }

  @Test(arguments: 1...8)
  func pngOrientationIsAppliedExactly(tag: Int) throws {
    let image = try ImageDecoder.decode(file: Fixtures.path("png-orientation-\(tag).png"))
    let upright = try ImageDecoder.decode(file: Fixtures.path("png-orientation-1.png"))
    #expect(image == upright)
  }

  @Test func everyOrientationMatchesItsDefinition() {
    // A 3x2 image whose pixels are their own index; check where each lands.
    let source = Image(width: 3, height: 2, layout: .gray, storage: .uint8([0, 1, 2, 3, 4, 5]))
    let expected: [ExifOrientation: (Int, Int, [UInt8])] = [
      .up: (3, 2, [0, 1, 2, 3, 4, 5]),
      .upMirrored: (3, 2, [2, 1, 0, 5, 4, 3]),
      .down: (3, 2, [5, 4, 3, 2, 1, 0]),
      .downMirrored: (3, 2, [3, 4, 5, 0, 1, 2]),
      .leftMirrored: (2, 3, [0, 3, 1, 4, 2, 5]),
      .right: (2, 3, [3, 0, 4, 1, 5, 2]),
      .rightMirrored: (2, 3, [5, 2, 4, 1, 3, 0]),
      .left: (2, 3, [2, 5, 1, 4, 0, 3]),
    ]
    for orientation in ExifOrientation.allCases {
      let turned = source.applying(orientation)
      let (w, h, pixels) = expected[orientation]!
      #expect(turned.width == w && turned.height == h, "\(orientation)")
      #expect(samples8(turned) == pixels, "\(orientation)")
    }
  }
}
