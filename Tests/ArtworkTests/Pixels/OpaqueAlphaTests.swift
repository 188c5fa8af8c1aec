import TestSupport
import Testing

@testable import ArtworkCodec

struct OpaqueAlphaTests {
  @Test func anOpaqueAlphaChannelIsDropped() {
    let rgba = Image(
      width: 2, height: 1, layout: .rgba, storage: .uint8([1, 2, 3, 255, 4, 5, 6, 255]), iccProfile: [9])
    let rgb = rgba.droppingOpaqueAlpha()
    #expect(rgb == Image(width: 2, height: 1, layout: .rgb, storage: .uint8([1, 2, 3, 4, 5, 6]), iccProfile: [9]))
    let grayAlpha = Image(width: 2, height: 1, layout: .grayAlpha, storage: .uint16([7, 65535, 8, 65535]))
    #expect(grayAlpha.droppingOpaqueAlpha() == Image(width: 2, height: 1, layout: .gray, storage: .uint16([7, 8])))
  }

  @Test func anyTranslucentPixelKeepsTheChannel() {
    let rgba = Image(width: 2, height: 1, layout: .rgba, storage: .uint8([1, 2, 3, 255, 4, 5, 6, 254]))
    #expect(rgba.droppingOpaqueAlpha() == rgba)
    let rgb = Image(width: 1, height: 1, layout: .rgb, storage: .uint8([1, 2, 3]))
    #expect(rgb.droppingOpaqueAlpha() == rgb)
  }
}
