import TestSupport
import Testing

@testable import ArtworkCodec

/// A region decode gives exactly the pixels of a full decode cropped to the region: JPEG
/// (baseline and progressive, 4:2:0, gray, CMYK, shrink-on-load, every EXIF orientation) and
/// PNG (every layout, palettes, 16 bits, interlaced), at odd offsets, on iMCU edges and
/// against the image's own edges.
struct RegionDecodeTests {
  /// Smooth gradients under noise, so upsampling and DCT rounding show at any seam.
  static func photo(_ layout: ChannelLayout, width: Int, height: Int) -> Image {
    var samples: [UInt8] = []
    samples.reserveCapacity(width * height * layout.channels)
    for y in 0..<height {
      for x in 0..<width {
        for c in 0..<layout.channels {
          let smooth = (x * 255 / width + y * 128 / height + c * 60) % 256
          // A cheap hash for noise: random numbers are slow in debug builds under TSan.
          let noise = (x &* 7919 ^ y &* 104_729 ^ c &* 31) % 49 - 24
          samples.append(UInt8(clamping: smooth + noise))
        }
      }
    }
    return Image(width: width, height: height, layout: layout, storage: .uint8(samples))
  }

  /// `jpeg` with an APP1 EXIF segment holding only the orientation tag, after SOI.
  static func withOrientation(_ jpeg: [UInt8], _ orientation: Int) -> [UInt8] {
    let tiff: [UInt8] =
      [0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0]
      + [0, 0, 0, 0]
    let payload = Array("Exif".utf8) + [0, 0] + tiff
    let length = payload.count + 2
    return [0xff, 0xd8, 0xff, 0xe1, UInt8(length >> 8), UInt8(length & 0xff)] + payload + jpeg.dropFirst(2)
  }

  /// Odd offsets and sizes, iMCU-aligned ones, a single pixel, and regions on each edge.
  static func regions(width: Int, height: Int) -> [ImageRegion] {
    [
      ImageRegion(x: 37, y: 51, width: 101, height: 77),
      ImageRegion(x: 16, y: 16, width: 48, height: 32),
      ImageRegion(x: 15, y: 17, width: 33, height: 31),
      ImageRegion(x: 0, y: 0, width: 29, height: 13),
      ImageRegion(x: width - 53, y: height - 41, width: 53, height: 41),
      ImageRegion(x: width / 2, y: 0, width: 1, height: height),
      ImageRegion(x: 0, y: height / 3, width: width, height: 9),
      ImageRegion(x: 71, y: 90, width: 1, height: 1),
      ImageRegion(x: 0, y: 0, width: width, height: height),
    ].filter { $0.fits(width: width, height: height) }
  }

  func expectRegionsMatch(_ data: [UInt8], shrink: Int = 1, cmyk: ColourTransform? = nil, _ label: String) throws {
    let full = try ImageDecoder.decode(data: data, name: label, shrink: shrink, region: nil, cmyk: cmyk)
    for region in Self.regions(width: full.width, height: full.height) {
      let part = try ImageDecoder.decode(data: data, name: label, shrink: shrink, region: region, cmyk: cmyk)
      let same = part == full.cropped(to: region)  // not inside #expect, which would print every sample
      #expect(same, "\(label) shrink \(shrink) \(region)")
    }
  }

  @Test(arguments: [false, true])
  func jpegRegionsMatchAFullDecodeCropped(progressive: Bool) throws {
    let jpeg = try ImageEncoder.jpeg(
      Self.photo(.rgb, width: 301, height: 203), quality: 85, progressive: progressive)
    for orientation in ExifOrientation.allCases {
      let data = Self.withOrientation(jpeg, orientation.rawValue)
      #expect(try ImageDecoder.probe(data: data, name: "t.jpg").orientation == orientation)
      for shrink in [1, 2, 4] {
        try expectRegionsMatch(data, shrink: shrink, "progressive \(progressive) orientation \(orientation)")
      }
    }
  }

  @Test func grayAndCMYKJPEGRegionsMatch() throws {
    let gray = try ImageEncoder.jpeg(Self.photo(.gray, width: 211, height: 150))
    try expectRegionsMatch(gray, "gray")
    try expectRegionsMatch(FileBytes.read(Fixtures.path("jpeg-cmyk.jpg"), limit: 1 << 20), "cmyk")
  }

  @Test func pngRegionsMatchAFullDecodeCropped() throws {
    for layout in ChannelLayout.allCases {
      let png = try ImageEncoder.png(Self.photo(layout, width: 203, height: 131))
      try expectRegionsMatch(png, "\(layout)")
    }
    let fixtures = [
      "png-rgb8-interlaced.png", "png-rgba16.png", "png-rgba16-interlaced.png", "png-palette4-trns.png",
      "png-palette8-trns-interlaced.png", "png-gray1.png", "png-gray8-trns-interlaced.png",
    ]
    for name in fixtures + (1...8).map { "png-orientation-\($0).png" } {
      try expectRegionsMatch(FileBytes.read(Fixtures.path(name), limit: 1 << 20), name)
    }
  }

  @Test func aRegionOutsideTheImageIsAnError() throws {
    let png = try ImageEncoder.png(Self.photo(.rgb, width: 40, height: 30))
    #expect(throws: ImageError.self) {
      try ImageDecoder.decode(data: png, name: "t.png", region: ImageRegion(x: 30, y: 0, width: 11, height: 5))
    }
  }
}
