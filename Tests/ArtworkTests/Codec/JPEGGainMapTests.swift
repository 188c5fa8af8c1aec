import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec

/// A JPEG's HDR gain map, a second image its Multi-Picture Format segment lists: Ultra HDR's
/// (the primary's XMP says `hdrgm:`) and Apple's (the second image's XMP names Apple's
/// auxiliary type) are noticed; a camera's MPF preview is not a gain map. The fixtures are
/// made by Fixtures/make_fixtures.py.
struct JPEGGainMapTests {
  @Test(arguments: [
    ("jpeg-gainmap-ultrahdr.jpg", ImageInfo.GainMap.iso), ("jpeg-gainmap-apple.jpg", .apple),
  ])
  func gainMapsAreNoticedAndTheSDRImageDrawn(name: String, gainMap: ImageInfo.GainMap) throws {
    let info = try ImageDecoder.probe(file: Fixtures.path(name))
    #expect(info.gainMap == gainMap)
    let image = try ImageDecoder.decode(file: Fixtures.path(name))
    #expect(image.width == 32 && image.height == 32)
    JPEGDecodeTests.expectQuadrants(image)
  }

  @Test func aPreviewInMPFIsNotAGainMap() throws {
    #expect(try ImageDecoder.probe(file: Fixtures.path("jpeg-mpf-preview.jpg")).gainMap == nil)
    #expect(try ImageDecoder.probe(file: Fixtures.path("jpeg-baseline.jpg")).gainMap == nil)
  }

  /// Apple's gain map is known only from the second image, which in a real photograph lies
  /// megabytes after the first bytes a probe reads: the probe then reads on to it.
  @Test func aGainMapPastTheProbesPrefixIsStillFound() throws {
    let bytes = try #require(FileManager.default.contents(atPath: Fixtures.path("jpeg-gainmap-apple.jpg"))).map { $0 }
    // Padding segments before the MPF segment move the second image, whose offset counts
    // from that segment, 300 KB into the file.
    let padding = (0..<5).flatMap { _ in [0xFF, 0xEF, 0xEA, 0x62] + [UInt8](repeating: 0, count: 60000) as [UInt8] }
    let moved = Array(bytes.prefix(2)) + padding + Array(bytes.dropFirst(2))
    #expect(moved.count > ImageDecoder.probePrefix)
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let path = folder.write(moved, to: "far.jpg")
    #expect(
      try ImageDecoder.probe(data: Array(moved.prefix(ImageDecoder.probePrefix)), name: "far.jpg").gainMap == nil,
      "the first bytes alone cannot tell")
    #expect(try ImageDecoder.probe(file: path).gainMap == .apple)
  }
}
