import CImageIO

/// The colour primaries of HDR content (PQ or HLG): what its SDR rendition keeps when an HDR
/// base image's gain map takes it down to SDR.
public struct HDRPrimaries: Sendable, Equatable {
  /// The ITU-T H.273 colour primaries code.
  public var code: Int
  /// CIE xy of red, green, blue and white.
  public var xy: [Double]

  /// Primaries `code` at `xy`.
  public init(code: Int, xy: [Double]) {
    self.code = code
    self.xy = xy
  }

  /// Primaries `code` at `xy` as the C side holds them (eight doubles).
  init(code: Int32, xy: (Double, Double, Double, Double, Double, Double, Double, Double)) {
    self.init(code: Int(code), xy: [xy.0, xy.1, xy.2, xy.3, xy.4, xy.5, xy.6, xy.7])
  }

  /// The ICC profile of these primaries with the sRGB transfer function: the SDR rendition's.
  public func sdrRenditionProfile(name: String) throws(ImageError) -> [UInt8] {
    let made = xy.withUnsafeBufferPointer { xy in
      allocatedBytes { cimageio_profile_sdr_rendition(xy.baseAddress, Int32(code), $0, $1, $2) }
    }
    switch made {
    case .success(let bytes): return bytes
    case .failure(let message): throw .unreadable(file: name, reason: "its SDR rendition's profile: \(message.text)")
    }
  }

  /// The 3×3 matrix (row-major) taking linear light in these primaries to linear light in
  /// `other`, white points adapted as LittleCMS adapts them; `name` names the file.
  public func conversion(to other: HDRPrimaries, name: String) throws(ImageError) -> [Double] {
    var matrix = [Double](repeating: 0, count: 9)
    var error = cimageio_error()
    let status = xy.withUnsafeBufferPointer { from in
      other.xy.withUnsafeBufferPointer { to in
        matrix.withUnsafeMutableBufferPointer {
          cimageio_primaries_conversion(from.baseAddress, to.baseAddress, $0.baseAddress, &error)
        }
      }
    }
    guard status == 0 else {
      throw .unreadable(file: name, reason: "its gain's colour space: \(cText(error.message))")
    }
    return matrix
  }
}

extension ImageInfo.HDRTransfer {
  /// Display light per signal `i / (points - 1)`, relative to reference white (203 cd/m²),
  /// not tone-mapped: what an HDR base image's gain map is applied to.
  public func relativeLight(points: Int) -> [Float] {
    var table = [Float](repeating: 0, count: points)
    var error = cimageio_error()
    let status = table.withUnsafeMutableBufferPointer {
      cimageio_hdr_relative_light(Int32(rawValue), $0.baseAddress, points, &error)
    }
    precondition(status == 0, "PQ and HLG are the transfers this type holds")
    return table
  }
}
