import TestSupport
import Testing

@testable import ArtworkCodec

/// One PNGWriter encoding image after image gives the same files as fresh encodes.
struct PNGWriterTests {
  @Test func aReusedWriterGivesTheSameBytesAsAFreshEncode() throws {
    let writer = PNGWriter()
    let profile = try FileBytes.read(Fixtures.path("srgb.icc"), limit: 1 << 20)
    // Growing and shrinking buffers, every layout, a level change, a profile on and off.
    let cases: [(ChannelLayout, Int, Int, Int, [UInt8]?)] = [
      (.rgb, 37, 23, 3, nil), (.rgba, 120, 90, 3, profile), (.gray, 5, 3, 3, nil),
      (.grayAlpha, 64, 200, 9, nil), (.rgb, 301, 40, 1, profile), (.rgb, 7, 7, 0, nil),
    ]
    for (layout, width, height, level, icc) in cases {
      var image = RoundTripTests.pattern8(layout, width: width, height: height)
      image.iccProfile = icc
      let fresh = try ImageEncoder.png(image, level: level)
      let reused = try writer.withPNG(of: image, level: level, name: "t.png") { Array($0) }
      #expect(reused == fresh, "\(layout) \(width)x\(height) level \(level)")
      #expect(try ImageDecoder.decode(data: reused, name: "t.png") == image)
    }
  }
}
