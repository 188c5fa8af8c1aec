@_spi(Support) import ArtworkSupport
import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec

/// A progressive JPEG's scans parted between two decodes run at once: each part's pixels must
/// be those of an ordinary decode, at any scale and region, and a broken file must fail in
/// both parts, never hang either.
struct ScanSplitTests {
  /// Decodes both parts at once, part 1 on a thread of its own.
  static func decodeBoth(
    _ jpeg: [UInt8], split: JPEGScanSplit, first: (shrink: Int, region: ImageRegion?),
    second: (shrink: Int, region: ImageRegion?)
  ) -> (Result<Image, ImageError>, Result<Image, ImageError>) {
    let (part0, part1) = split.parts
    let other = ThreadWork {
      Result { () throws(ImageError) in
        try ImageDecoder.decode(
          data: jpeg, name: "p.jpg", shrink: second.shrink, region: second.region, scans: part1)
      }
    }
    let mine = Result { () throws(ImageError) in
      try ImageDecoder.decode(data: jpeg, name: "p.jpg", shrink: first.shrink, region: first.region, scans: part0)
    }
    return (mine, other.wait())
  }

  @Test(arguments: [ChannelLayout.rgb, .gray])
  func eachPartGivesTheOrdinaryDecodesPixels(layout: ChannelLayout) throws {
    for (width, height) in CoefficientBufferTests.sizes {
      let jpeg = try CoefficientBufferTests.progressive(layout, width: width, height: height)
      let region = ImageRegion(x: width / 5, y: height / 7, width: width / 2, height: height / 3)
      for (first, second) in [
        ((1, region), (4, nil)), ((1, nil), (1, nil)), ((2, nil), (8, nil)), ((4, nil), (1, region)),
      ]
        as [((Int, ImageRegion?), (Int, ImageRegion?))]
      {
        let split = try #require(JPEGScanSplit(bytes: jpeg, limits: ImageLimits()), "a progressive file splits")
        let (a, b) = Self.decodeBoth(jpeg, split: split, first: first, second: second)
        for ((shrink, part), result) in [(first, a), (second, b)] {
          let expected = try ImageDecoder.decode(data: jpeg, name: "p.jpg", shrink: shrink, region: part)
          let same = try result.get().storage == expected.storage
          #expect(same, "\(layout) \(width)×\(height) at 1/\(shrink) \(part.map { "\($0)" } ?? "whole")")
        }
      }
    }
  }

  @Test func baselineAndBrokenFilesAreNotSplit() throws {
    let photo = RegionDecodeTests.photo(.rgb, width: 200, height: 120)
    #expect(JPEGScanSplit(bytes: try ImageEncoder.jpeg(photo, quality: 90), limits: ImageLimits()) == nil)
    let jpeg = try ImageEncoder.jpeg(photo, quality: 90, progressive: true)
    #expect(JPEGScanSplit(bytes: Array(jpeg.prefix(jpeg.count * 2 / 3)), limits: ImageLimits()) == nil)
    #expect(JPEGScanSplit(bytes: jpeg, limits: ImageLimits(maxJPEGScans: 3)) == nil, "over the scan limit")
    #expect(JPEGScanSplit(bytes: Array(jpeg.dropLast(2)), limits: ImageLimits()) == nil, "no EOI")
  }

  /// A progression that leaves coefficients unfinished (here the last DC and AC refinements
  /// are missing, a fuzzer's find) is smoothed by libjpeg at output, which parts blind to
  /// each other's scans cannot do: it is decoded the ordinary way.
  @Test func anIncompleteProgressionIsNotSplit() throws {
    let path = FuzzRegressionTests.folder.appendingPathComponent("jpeg-split-incomplete-progression").path
    let bytes = try #require(FileManager.default.contents(atPath: path))
    #expect(throws: Never.self) { try ImageDecoder.decode(data: Array(bytes), name: "f.jpg", shrink: 2) }
    #expect(JPEGScanSplit(bytes: Array(bytes), limits: ImageLimits()) == nil)
  }

  /// Flipped bytes in a scan make that part fail; the other part then fails with the same
  /// cause instead of waiting, and the ordinary decode gives that cause too.
  @Test func corruptScanDataFailsBothPartsAlike() throws {
    var jpeg = try CoefficientBufferTests.progressive(.rgb, width: 1280, height: 832)
    // Never a marker byte, nor the byte after one: the stream's structure stays whole.
    for offset in stride(from: jpeg.count / 2, to: jpeg.count / 2 + 4000, by: 97)
    where jpeg[offset] != 0xFF && jpeg[offset - 1] != 0xFF {
      jpeg[offset] = jpeg[offset] == 0xFE ? 0x00 : 0xFE
    }
    let split = try #require(JPEGScanSplit(bytes: jpeg, limits: ImageLimits()))
    let (a, b) = Self.decodeBoth(jpeg, split: split, first: (1, nil), second: (4, nil))
    let ordinary = Result { () throws(ImageError) in try ImageDecoder.decode(data: jpeg, name: "p.jpg") }
    guard case .failure(let expected) = ordinary else {
      Issue.record("libjpeg took the damaged file")
      return
    }
    for result in [a, b] {
      guard case .failure(let error) = result else {
        Issue.record("a part of a damaged file decoded")
        continue
      }
      #expect(error.message.hasPrefix("corrupt JPEG data") && expected.message.hasPrefix("corrupt JPEG data"))
    }
  }

  /// A part that is never decoded, once abandoned, lets the other fail rather than wait.
  @Test func anAbandonedPartReleasesTheOther() throws {
    let jpeg = try CoefficientBufferTests.progressive(.rgb, width: 61, height: 37)
    let split = try #require(JPEGScanSplit(bytes: jpeg, limits: ImageLimits()))
    split.abandon(split.parts.1)
    #expect(throws: ImageError.self) {
      try ImageDecoder.decode(data: jpeg, name: "p.jpg", shrink: 1, region: nil, scans: split.parts.0)
    }
  }
}
