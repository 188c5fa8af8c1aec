import ArtworkCodec
import CImageIO
import Foundation
import TestSupport
import Testing

/// An HDR base's gain applied in an alternate colour space given as an ICC profile: what
/// counts is the profile's matrix, whatever its curves, so it converts and names the SDR
/// rendition as the same primaries given as a code do.
struct GainColourSpaceTests {
  /// A matrix-and-curves profile of `xy` with H.273 transfer `transfer`, described `name`.
  private static func profile(_ xy: [Double], transfer: Int32, name: String) throws -> [UInt8] {
    var out: UnsafeMutablePointer<UInt8>? = nil
    var size = 0
    var error = cimageio_error()
    let status = xy.withUnsafeBufferPointer {
      cimageio_profile_from_description($0.baseAddress, transfer, name, &out, &size, &error)
    }
    defer { cimageio_free(out) }
    let message = withUnsafeBytes(of: error.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    let bytes = try #require(status == 0 ? out : nil, "\(message)")
    return Array(UnsafeBufferPointer(start: bytes, count: size))
  }

  /// For random primaries and whites, under each curve a profile can carry (BT.709, gamma 2.2,
  /// linear, sRGB): the conversion from a base is the one the primaries give (within the ICC's
  /// 16.16 fixed point), and the SDR rendition's profile is named after the ICC's description
  /// and converts colours to sRGB as the primaries' rendition profile does.
  @Test func anICCProfileIsItsMatrixWhateverItsCurves() throws {
    var random = SeededGenerator(seed: 5120)
    let d65 = [0.3127, 0.3290]
    let transfers: [Int32] = [1, 4, 8, 13]
    for round in 0..<16 {
      let white =
        round % 4 == 3
        ? [Double.random(in: 0.30...0.33, using: &random), Double.random(in: 0.31...0.36, using: &random)] : d65
      let base = HDRPrimaries.random(white: d65, using: &random)
      let alternate = HDRPrimaries.random(white: white, using: &random)
      let name = "Alternate \(round)"
      let icc = try Self.profile(alternate.xy, transfer: transfers[round % 4], name: name)
      let fromProfile = try #require(try GainColourSpace.profile(icc).conversion(from: base, name: "test"))
      let fromPrimaries = try #require(try GainColourSpace.primaries(alternate).conversion(from: base, name: "test"))
      #expect(
        zip(fromProfile, fromPrimaries).allSatisfy { abs($0 - $1) < 2e-4 },
        "round \(round): \(fromProfile) against \(fromPrimaries)")
      let rendition = try ColourProfile(
        reading: try GainColourSpace.profile(icc).sdrRenditionProfile(name: "test"))
      #expect(rendition.name == "\(name) primaries, sRGB transfer (SDR rendition of an HDR base)")
      let expected = try ColourProfile(reading: try alternate.sdrRenditionProfile(name: "test"))
      let (viaICC, viaPrimaries) = (
        try ColourTransform(from: rendition, layout: .rgb, bitDepth: 8, to: nil, intent: .relative),
        try ColourTransform(from: expected, layout: .rgb, bitDepth: 8, to: nil, intent: .relative)
      )
      for r in stride(from: 0, through: 255, by: 51) {
        for g in stride(from: 0, through: 255, by: 51) {
          for b in stride(from: 0, through: 255, by: 51) {
            let colour = RGB(UInt8(r), UInt8(g), UInt8(b))
            let (one, other) = (viaICC.convert(colour), viaPrimaries.convert(colour))
            #expect(
              abs(Int(one.r) - Int(other.r)) <= 1 && abs(Int(one.g) - Int(other.g)) <= 1
                && abs(Int(one.b) - Int(other.b)) <= 1, "round \(round) \(colour): \(one) against \(other)")
          }
        }
      }
    }
  }

  /// `icc` with lookup tables beside its matrix, both ways (`A2B0` and `B2A0`, one lut16
  /// `mft2` of a 2-point grid that takes every colour to one gray, built here byte by byte:
  /// ICC.1, 10.11), their tags appended to the tag table.
  private static func withGrayLUT(_ icc: [UInt8]) -> [UInt8] {
    func be32(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
    func be16(_ value: UInt16) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
    var lut = Array("mft2".utf8) + [0, 0, 0, 0, 3, 3, 2, 0]
    for row in 0..<3 { for column in 0..<3 { lut += be32(row == column ? 0x10000 : 0) } }
    lut += be16(2) + be16(2)
    for _ in 0..<3 { lut += be16(0) + be16(65535) }  // input curves: identity
    for _ in 0..<8 { lut += be16(0x3000) + be16(0x3000) + be16(0x3000) }  // every grid point one gray
    for _ in 0..<3 { lut += be16(0) + be16(65535) }  // output curves: identity
    let count = Int(UInt32(bigEndian: icc[128..<132].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }))
    let tableEnd = 132 + 12 * count
    var out = Array(icc[0..<128]) + be32(UInt32(count + 2))
    // Each tag's data moves 24 bytes down, past the two new entries.
    for entry in 0..<count {
      let at = 132 + 12 * entry
      let offset = icc[at + 4..<at + 8].withUnsafeBytes { UInt32(bigEndian: $0.loadUnaligned(as: UInt32.self)) }
      out += Array(icc[at..<at + 4]) + be32(offset + 24) + Array(icc[at + 8..<at + 12])
    }
    let lutAt = (icc.count + 24 + 3) / 4 * 4
    for signature in ["A2B0", "B2A0"] { out += Array(signature.utf8) + be32(UInt32(lutAt)) + be32(UInt32(lut.count)) }
    out += icc[tableEnd...]
    out += [UInt8](repeating: 0, count: lutAt - out.count) + lut
    out.replaceSubrange(0..<4, with: be32(UInt32(out.count)))
    out.replaceSubrange(84..<100, with: [UInt8](repeating: 0, count: 16))  // no profile ID: the bytes changed
    return out
  }

  /// Lookup tables beside the matrix are what LittleCMS would convert through, from the
  /// profile and into it; they are set aside, so the profile converts as its matrix does.
  @Test func aLookupTableBesideTheMatrixIsSetAside() throws {
    var random = SeededGenerator(seed: 6402)
    let d65 = [0.3127, 0.3290]
    let base = HDRPrimaries.random(white: d65, using: &random)
    let alternate = HDRPrimaries.random(white: d65, using: &random)
    let icc = Self.withGrayLUT(try Self.profile(alternate.xy, transfer: 13, name: "With a LUT"))
    // The table is read and preferred: converting through the profile as it is gives one gray.
    let asItIs = try ColourTransform(
      from: try ColourProfile(reading: icc), layout: .rgb, bitDepth: 8, to: nil, intent: .relative)
    #expect(asItIs.convert(RGB(255, 0, 0)) == asItIs.convert(RGB(0, 0, 255)), "the table converts, not the matrix")
    let intoIt = try ColourTransform(
      from: nil, layout: .rgb, bitDepth: 8, to: try ColourProfile(reading: icc), intent: .relative)
    #expect(intoIt.convert(RGB(255, 0, 0)) == intoIt.convert(RGB(0, 0, 255)), "into it too")
    let fromProfile = try #require(try GainColourSpace.profile(icc).conversion(from: base, name: "test"))
    let fromPrimaries = try #require(try GainColourSpace.primaries(alternate).conversion(from: base, name: "test"))
    #expect(
      zip(fromProfile, fromPrimaries).allSatisfy { abs($0 - $1) < 2e-4 }, "\(fromProfile) against \(fromPrimaries)")
    let rendition = try ColourProfile(reading: try GainColourSpace.profile(icc).sdrRenditionProfile(name: "test"))
    let drawn = try ColourTransform(from: rendition, layout: .rgb, bitDepth: 8, to: nil, intent: .relative)
    #expect(drawn.convert(RGB(255, 0, 0)) != drawn.convert(RGB(0, 0, 255)), "the rendition's profile has no table")
  }

  /// A profile that is not RGB matrix and curves, or not a profile, is refused with its cause
  /// and the file named, by both uses.
  @Test func otherProfilesAreRefusedWithTheirCause() throws {
    let cmyk = try #require(try ImageDecoder.probe(file: Fixtures.path("tiff-cmyk-icc.tif")).iccProfile)
    let base = HDRPrimaries(code: 1, xy: [0.64, 0.33, 0.30, 0.60, 0.15, 0.06, 0.3127, 0.3290])
    for (icc, cause) in [
      (cmyk, "not an RGB profile of a matrix and curves"), ([UInt8](repeating: 7, count: 300), "not an ICC profile"),
      ([UInt8](repeating: 0, count: 20), "too short"),
    ] {
      #expect {
        try GainColourSpace.profile(icc).conversion(from: base, name: "key-art.avif")
      } throws: { error in
        let message = "\(error)"
        return message.contains("key-art.avif") && message.contains(cause)
      }
      #expect {
        try GainColourSpace.profile(icc).sdrRenditionProfile(name: "key-art.avif")
      } throws: { error in
        let message = "\(error)"
        return message.contains("key-art.avif") && message.contains(cause)
      }
    }
  }
}
