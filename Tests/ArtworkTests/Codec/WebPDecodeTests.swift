import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec

/// WebP through libwebp: lossy and lossless, alpha, EXIF orientation, ICC, shrink-on-load,
/// regions, the first frame of an animation, and damaged files as errors naming the cause.
/// The fixtures are made by Fixtures/make_fixtures.py (Pillow's libwebp).
struct WebPDecodeTests {
  @Test(arguments: [("webp-lossy.webp", 6), ("webp-lossless.webp", 0)])
  func stillImagesDecodeToRGB(name: String, tolerance: Int) throws {
    let info = try ImageDecoder.probe(file: Fixtures.path(name))
    #expect(info.format == .webp && info.width == 32 && info.height == 32 && info.layout == .rgb)
    #expect(info.images == 1 && info.shrinksOnLoad)
    let image = try ImageDecoder.decode(file: Fixtures.path(name))
    #expect(image.layout == .rgb && image.width == 32 && image.height == 32)
    JPEGDecodeTests.expectQuadrants(image, tolerance: tolerance)
  }

  @Test func losslessAlphaKeepsEveryValue() throws {
    let image = try ImageDecoder.decode(file: Fixtures.path("webp-alpha.webp"))
    #expect(image.layout == .rgba && image.width == Fixtures.width && image.height == Fixtures.height)
    for y in 0..<image.height {
      for x in 0..<image.width {
        let expected =
          [Fixtures.value8(x, y, 0), Fixtures.value8(x, y, 1), Fixtures.value8(x, y, 2)]
          + [1 + Fixtures.value8(x, y, 3) % 255]
        #expect(image.pixel(x: x, y: y) == expected, "\(x),\(y)")
      }
    }
  }

  @Test func exifOrientationTurnsItUpright() throws {
    let info = try ImageDecoder.probe(file: Fixtures.path("webp-orientation-6.webp"))
    #expect(info.orientation == .right && info.width == 48 && info.height == 32)
    #expect(info.storedWidth == 32 && info.storedHeight == 48)
    let image = try ImageDecoder.decode(file: Fixtures.path("webp-orientation-6.webp"))
    #expect(image.width == 48 && image.height == 32)
    JPEGDecodeTests.expectQuadrants(image, tolerance: 0)
  }

  @Test func theICCChunkIsTheProfile() throws {
    let info = try ImageDecoder.probe(file: Fixtures.path("webp-icc.webp"))
    let bytes = try #require(info.iccProfile)
    let profile = try ColourProfile(reading: bytes)
    #expect(profile.name.contains("sRGB"), "\(profile.name)")
    #expect(try ImageDecoder.decode(file: Fixtures.path("webp-icc.webp")).iccProfile == bytes)
    #expect(try ImageDecoder.probe(file: Fixtures.path("webp-lossless.webp")).iccProfile == nil)
  }

  @Test func anAnimationIsItsFirstFrameAtFullSize() throws {
    let info = try ImageDecoder.probe(file: Fixtures.path("webp-animated.webp"))
    #expect(info.images == 2 && !info.shrinksOnLoad)
    let image = try ImageDecoder.decode(file: Fixtures.path("webp-animated.webp"), shrink: 4)
    #expect(image.width == 32 && image.height == 32, "an animation does not shrink on load")
    JPEGDecodeTests.expectQuadrants(image, tolerance: 0)
  }

  @Test func theProbeSaysWhichFilesShrinkOnLoad() throws {
    #expect(try ImageDecoder.probe(file: Fixtures.path("webp-lossy.webp")).shrinksOnLoad)
    #expect(try ImageDecoder.probe(file: Fixtures.path("jpeg-baseline.jpg")).shrinksOnLoad)
    #expect(try !ImageDecoder.probe(file: Fixtures.path("png-icc.png")).shrinksOnLoad)
    #expect(try !ImageDecoder.probe(file: Fixtures.path("webp-animated.webp")).shrinksOnLoad)
  }

  @Test func shrinkOnLoadGivesTheCeilingOfEachSide() throws {
    for shrink in [2, 4, 8] {
      let image = try ImageDecoder.decode(file: Fixtures.path("webp-alpha.webp"), shrink: shrink)
      #expect(
        image.width == (Fixtures.width + shrink - 1) / shrink && image.height == (Fixtures.height + shrink - 1) / shrink
      )
    }
    let half = try ImageDecoder.decode(file: Fixtures.path("webp-lossless.webp"), shrink: 2)
    #expect(half.width == 16 && half.height == 16)
    JPEGDecodeTests.expectQuadrants(half, tolerance: 2)
  }

  @Test func aRegionIsTheWholeDecodeCropped() throws {
    let path = Fixtures.path("webp-orientation-6.webp")
    let whole = try ImageDecoder.decode(file: path)
    let region = ImageRegion(x: 5, y: 3, width: 30, height: 20)
    #expect(try ImageDecoder.decode(file: path, region: region) == whole.cropped(to: region))
  }

  @Test func damagedFilesAreErrorsNamingTheFile() throws {
    let bytes = try #require(FileManager.default.contents(atPath: Fixtures.path("webp-lossy.webp"))).map { $0 }
    let cases: [(String, [UInt8])] = [
      ("header only", Array(bytes.prefix(20))),
      ("cut in the bitstream", Array(bytes.prefix(bytes.count - 40))),
      ("scrambled bitstream", Array(bytes.prefix(30)) + [UInt8](repeating: 0xA5, count: bytes.count - 30)),
      ("container only", Array("RIFF".utf8) + [4, 0, 0, 0] + Array("WEBP".utf8)),
    ]
    for (what, data) in cases {
      do {
        _ = try ImageDecoder.decode(data: data, name: "hero.webp")
        Issue.record("\(what): decoded")
      } catch {
        #expect("\(error)".contains("hero.webp"), "\(what): \(error)")
        switch error {
        case .truncated, .corrupt: break
        default: Issue.record("\(what): \(error)")
        }
      }
    }
  }
}
