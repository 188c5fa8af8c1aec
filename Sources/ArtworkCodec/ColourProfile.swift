@_spi(Support) import ArtworkSupport
import CImageIO

/// An ICC profile artfit can convert colour through, read and checked by LittleCMS.
public struct ColourProfile: Sendable, Hashable {
  /// The kind of pixels a profile describes.
  public enum Space: String, Sendable {
    /// Grey pixels.
    case gray = "GRAY"
    /// RGB pixels.
    case rgb = "RGB"
    /// CMYK pixels (a print file).
    case cmyk = "CMYK"
  }

  /// The profile, byte for byte, as embedded in files.
  public let bytes: [UInt8]
  /// Its description tag (English), or "" when it has none.
  public let name: String
  /// The kind of pixels it describes.
  public let space: Space
  /// The 64-bit XXH3 of `bytes`: what caches compare.
  public let fingerprint: UInt64

  /// Reads `bytes` as an ICC profile; throws when LittleCMS cannot read it or convert through
  /// it (a device link, an abstract profile, a colour space other than gray, RGB or CMYK).
  public init(reading bytes: [UInt8]) throws(ProfileError) {
    try self.init(reading: bytes, fingerprint: ContentHash.value64(bytes))
  }

  /// The same, for a caller that has hashed `bytes` already.
  init(reading bytes: [UInt8], fingerprint: UInt64) throws(ProfileError) {
    var info = cimageio_profile_info()
    var error = cimageio_error()
    let status = bytes.withUnsafeBufferPointer { cimageio_profile_read($0.baseAddress, $0.count, &info, &error) }
    guard status == 0 else { throw .unusable(reason: cText(error.message)) }
    let space: Space =
      switch cimageio_space(rawValue: UInt32(info.space)) {
      case CIMAGEIO_SPACE_GRAY: .gray
      case CIMAGEIO_SPACE_CMYK: .cmyk
      default: .rgb
      }
    self.init(bytes: bytes, name: cText(info.name), space: space, fingerprint: fingerprint)
  }

  private init(bytes: [UInt8], name: String, space: Space, fingerprint: UInt64) {
    self.bytes = bytes
    self.name = name
    self.space = space
    self.fingerprint = fingerprint
  }

  /// sRGB (IEC 61966-2-1), as LittleCMS builds it.
  public static let sRGB = made(CIMAGEIO_PROFILE_SRGB, name: "sRGB")
  /// Display P3: the P3 primaries, D65 white and the sRGB transfer function, what Apple's
  /// screens show.
  public static let displayP3 = made(CIMAGEIO_PROFILE_DISPLAY_P3, name: "Display P3")

  private static func made(_ which: cimageio_profile, name: String) -> ColourProfile {
    let made = allocatedBytes { cimageio_profile_make(Int32(which.rawValue), $0, $1, $2) }
    guard case .success(let bytes) = made else { fatalError("LittleCMS could not build \(name): \(made)") }
    return ColourProfile(bytes: bytes, name: name, space: .rgb, fingerprint: ContentHash.value64(bytes))
  }

  /// The same profile bytes (compared by fingerprint first); the name is only a label.
  public static func == (a: ColourProfile, b: ColourProfile) -> Bool {
    a.fingerprint == b.fingerprint && a.bytes == b.bytes
  }

  /// Hashes the fingerprint, which equal profiles share.
  public func hash(into hasher: inout Hasher) { hasher.combine(fingerprint) }
}
