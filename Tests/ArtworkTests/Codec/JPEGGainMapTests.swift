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
    let moved = try Self.withLargePrimary(
      try #require(FileManager.default.contents(atPath: Fixtures.path("jpeg-gainmap-apple.jpg"))).map { $0 })
    #expect(moved.count > ImageDecoder.probePrefix)
    let prefix = try ImageDecoder.probe(data: Array(moved.prefix(ImageDecoder.probePrefix)), name: "far.jpg")
    #expect(prefix.gainMap == nil && prefix.needsBytes > ImageDecoder.probePrefix, "the first bytes alone cannot tell")
    let folder = TemporaryFolder()
    defer { folder.remove() }
    #expect(try ImageDecoder.probe(file: folder.write(moved, to: "far.jpg")).gainMap == .apple)
  }

  /// The fixture's MPF segment and gain map around a primary of 400 KB of noise, the MPF
  /// offset to the gain map made good again.
  static func withLargePrimary(_ fixture: [UInt8]) throws -> [UInt8] {
    var noise = [UInt8](repeating: 0, count: 640 * 640 * 3)
    var state: UInt32 = 1
    for i in noise.indices {
      state = state &* 1_664_525 &+ 1_013_904_223
      noise[i] = UInt8(truncatingIfNeeded: state >> 24)
    }
    let primary = try ImageEncoder.jpeg(
      Image(width: 640, height: 640, layout: .rgb, storage: .uint8(noise), iccProfile: nil), quality: 100)
    func read32(_ b: [UInt8], _ i: Int) -> Int { b[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
    let mpfAt = try #require(fixture.firstRange(of: [0xFF, 0xE2] as [UInt8])).lowerBound
    var mpf = Array(fixture[mpfAt..<mpfAt + 2 + (Int(fixture[mpfAt + 2]) << 8 | Int(fixture[mpfAt + 3]))])
    // The second entry's offset, 16 bytes into the entries that follow the 50-byte directory.
    let entryOffset = 8 + 50 + 16 + 8
    let gainMap = Array(fixture[(mpfAt + 8 + read32(mpf, entryOffset))...])
    let offset = mpf.count + primary.count - 10  // from the MPF header (after SOI, FF E2, length, "MPF\0")
    mpf.replaceSubrange(
      entryOffset..<entryOffset + 4, with: (0..<4).map { UInt8(truncatingIfNeeded: offset >> (24 - 8 * $0)) })
    return [0xFF, 0xD8] + mpf + primary.dropFirst(2) + gainMap
  }
}
