import TestSupport
import Testing

@testable import ArtworkCodec

/// A progressive JPEG is entropy-decoded into whole-image coefficient buffers, which artfit's
/// decoder maps itself (on huge-page boundaries once a buffer spans 2 MiB). The pixels must be
/// libjpeg's own at every scale, and a broken file must still fail cleanly.
struct CoefficientBufferTests {
  /// 1280×832: the luma buffer is 2.1 MB (past one huge page), the 4:2:0 chroma ones 0.5 MB;
  /// 61×37 has partial blocks on both edges.
  static let sizes = [(1280, 832), (61, 37)]

  static func progressive(_ layout: ChannelLayout, width: Int, height: Int) throws -> [UInt8] {
    try ImageEncoder.jpeg(
      RegionDecodeTests.photo(layout, width: width, height: height), quality: 90, progressive: true)
  }

  @Test(arguments: [ChannelLayout.rgb, .gray])
  func progressiveDecodesAreLibjpegsOwnAtEveryScale(layout: ChannelLayout) throws {
    for (width, height) in Self.sizes {
      let jpeg = try Self.progressive(layout, width: width, height: height)
      for shrink in [1, 2, 4, 8] {
        let image = try ImageDecoder.decode(data: jpeg, name: "p.jpg", shrink: shrink)
        let expected = ReferenceDecode.jpeg(
          jpeg, shrink: shrink, width: image.width, height: image.height, channels: layout.channels)
        guard case .uint8(let samples) = image.storage else {
          Issue.record("an 8-bit JPEG decoded to other samples")
          return
        }
        let same = samples == expected  // not inside #expect, which would print every sample
        #expect(same, "\(layout) \(width)×\(height) at 1/\(shrink)")
      }
    }
  }

  @Test func aCutProgressiveFileFailsAndTheNextDecodeIsWhole() throws {
    let jpeg = try Self.progressive(.rgb, width: 1280, height: 832)
    let cut = Array(jpeg.prefix(jpeg.count * 2 / 3))  // ends inside a later scan
    #expect {
      try ImageDecoder.decode(data: cut, name: "cut.jpg")
    } throws: { error in
      guard case ImageError.truncated(file: "cut.jpg", format: .jpeg) = error else { return false }
      return true
    }
    let image = try ImageDecoder.decode(data: jpeg, name: "p.jpg")
    guard case .uint8(let samples) = image.storage else {
      Issue.record("an 8-bit JPEG decoded to other samples")
      return
    }
    let same = samples == ReferenceDecode.jpeg(jpeg, width: 1280, height: 832, channels: 3)
    #expect(same)
  }

  /// A region decode stops above the last rows and abandons the decompressor, which releases
  /// the buffers with its image pool rather than at the end of the data.
  @Test func abandonedDecodesKeepGivingTheSamePixels() throws {
    let jpeg = try Self.progressive(.rgb, width: 1280, height: 832)
    let region = ImageRegion(x: 301, y: 17, width: 400, height: 300)
    let expected = try ImageDecoder.decode(data: jpeg, name: "p.jpg").cropped(to: region)
    for _ in 0..<20 {
      let part = try ImageDecoder.decode(data: jpeg, name: "p.jpg", region: region)
      let same = part == expected
      #expect(same)
    }
  }
}
