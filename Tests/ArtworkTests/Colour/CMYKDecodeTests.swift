import TestSupport
import Testing

@testable import ArtworkCodec

/// CMYK JPEGs: through their profile when they carry one, by the naive inversion otherwise.
struct CMYKDecodeTests {
  static let width = 37
  static let height = 23

  /// Ink ramps in every channel (0 = full ink, as Adobe stores it).
  static let cmyk: [UInt8] = (0..<width * height).flatMap { index -> [UInt8] in
    let x = index % width
    let y = index / width
    return [UInt8(x * 255 / (width - 1)), UInt8(y * 255 / (height - 1)), UInt8((x + y) * 4 % 256), UInt8(255 - x * 3)]
  }

  @Test(arguments: RenderingIntent.allCases, [false, true])
  func profiledCMYKMatchesLittleCMSExactly(intent: RenderingIntent, ycck: Bool) throws {
    let jpeg = ColourFixtures.cmykJPEG(
      Self.cmyk, width: Self.width, height: Self.height, profile: ColourFixtures.cmykProfile, ycck: ycck)
    let info = try ImageDecoder.probe(data: jpeg, name: "cmyk.jpg")
    #expect(info.cmyk == .inverted && info.iccProfile == ColourFixtures.cmykProfile)
    let profile = try ColourProfile(reading: try #require(info.iccProfile))
    let transform = try ColourTransform(cmykFrom: profile, inverted: true, to: .sRGB, intent: intent)
    let image = try ImageDecoder.decode(data: jpeg, name: "cmyk.jpg", cmyk: transform)
    let reference = ColourFixtures.converted(
      ColourFixtures.decodedCMYK(jpeg, width: Self.width, height: Self.height), cmyk: true,
      from: ColourFixtures.cmykProfile, to: ColourProfile.sRGB.bytes, intent: intent.iccValue)
    #expect(image.storage == .uint8(reference))
    #expect(image.iccProfile == ColourProfile.sRGB.bytes, "RGB from CMYK carries the target profile")
  }

  @Test func profileLessCMYKIsTheNaiveInversion() throws {
    let jpeg = ColourFixtures.cmykJPEG(Self.cmyk, width: Self.width, height: Self.height, profile: nil)
    let image = try ImageDecoder.decode(data: jpeg, name: "cmyk.jpg")
    let decoded = ColourFixtures.decodedCMYK(jpeg, width: Self.width, height: Self.height)
    let naive = stride(from: 0, to: decoded.count, by: 4).flatMap { i -> [UInt8] in
      let k = Int(decoded[i + 3])
      return (0..<3).map { UInt8((Int(decoded[i + $0]) * k + 127) / 255) }
    }
    #expect(image.storage == .uint8(naive))
    #expect(image.iccProfile == nil)
  }

  @Test func cmykProfileNeverRidesOnRGBPixels() throws {
    let jpeg = ColourFixtures.cmykJPEG(
      Self.cmyk, width: Self.width, height: Self.height, profile: ColourFixtures.cmykProfile)
    let image = try ImageDecoder.decode(data: jpeg, name: "cmyk.jpg")
    #expect(image.layout == .rgb && image.iccProfile == nil, "decoded without its transform: naive and untagged")
  }
}
