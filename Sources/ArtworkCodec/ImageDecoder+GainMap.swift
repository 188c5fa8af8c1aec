import CImageIO

extension ImageDecoder {
  /// The gain map image `data` (a whole file) holds as an item of its own, as a HEIF holds
  /// Apple's auxiliary image (a JPEG's map is a byte range, `ImageInfo.gainMapImage`): 8-bit
  /// gray or RGB, upright as the picture is, with the alternate rendition's colour space as
  /// its profile when the map's figures apply the gain there. `ImageError.unusable` says why a
  /// file's map is not one artfit decodes this way.
  public static func decodeGainMapItem(data: [UInt8], name: String, limits: ImageLimits) throws(ImageError) -> Image {
    var out = cimageio_gain_map_image()
    var error = cimageio_error()
    var cLimits = cimageio_limits(limits)
    let status = data.withUnsafeBufferPointer {
      cimageio_decode_gain_map($0.baseAddress, $0.count, &cLimits, &out, &error)
    }
    defer {
      cimageio_free(out.pixels)
      cimageio_free(out.icc)
    }
    guard status == 0, let pixels = out.pixels else {
      throw imageError(
        status: status, error: error, file: name, format: data.withUnsafeBytes { sniffFormat($0) })
    }
    let samples = Array(UnsafeBufferPointer(start: pixels, count: Int(out.width) * Int(out.height) * Int(out.channels)))
    return Image(
      width: Int(out.width), height: Int(out.height), layout: out.channels == 1 ? .gray : .rgb,
      storage: .uint8(samples), iccProfile: out.icc.map { Array(UnsafeBufferPointer(start: $0, count: out.icc_size)) })
  }
}
