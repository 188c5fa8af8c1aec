import CImageIO

/// The colour space an HDR base image's gain applies in, where its SDR rendition is drawn:
/// H.273 primaries, or the RGB matrix-and-curves ICC profile the file gives instead.
public enum GainColourSpace: Sendable, Equatable {
  /// Primaries a code names (the base's own, or the alternate's nclx).
  case primaries(HDRPrimaries)
  /// The alternate rendition's ICC profile: its matrix is what counts, its curves are set aside.
  case profile([UInt8])

  /// The SDR rendition's ICC profile: this space's primaries with the sRGB transfer function;
  /// `name` names the file.
  public func sdrRenditionProfile(name: String) throws(ImageError) -> [UInt8] {
    switch self {
    case .primaries(let primaries): return try primaries.sdrRenditionProfile(name: name)
    case .profile(let icc):
      let made = icc.withUnsafeBufferPointer { icc in
        allocatedBytes { cimageio_profile_sdr_rendition_in(icc.baseAddress, icc.count, $0, $1, $2) }
      }
      switch made {
      case .success(let bytes): return bytes
      case .failure(let message): throw .unreadable(file: name, reason: "its SDR rendition's profile: \(message.text)")
      }
    }
  }

  /// The 3×3 matrix (row-major) taking linear light in `base` to linear light in this space,
  /// nil when they are the same primaries; `name` names the file.
  public func conversion(from base: HDRPrimaries, name: String) throws(ImageError) -> [Double]? {
    switch self {
    case .primaries(let primaries): return primaries == base ? nil : try base.conversion(to: primaries, name: name)
    case .profile(let icc):
      var matrix = [Double](repeating: 0, count: 9)
      var error = cimageio_error()
      let status = base.xy.withUnsafeBufferPointer { from in
        icc.withUnsafeBufferPointer { to in
          matrix.withUnsafeMutableBufferPointer {
            cimageio_profile_conversion(from.baseAddress, to.baseAddress, to.count, $0.baseAddress, &error)
          }
        }
      }
      guard status == 0 else {
        throw .unreadable(file: name, reason: "its gain's colour space: \(cText(error.message))")
      }
      return matrix
    }
  }
}
