import CImageIO

extension ImageDecoder {
  /// The gain map image `data` (a whole file) holds as an item of its own, as a HEIF holds
  /// Apple's auxiliary image (a JPEG's map is a byte range, `ImageInfo.gainMapImage`): 8-bit
  /// gray or RGB, upright as its item's properties put it. `ImageError.unusable` says why a
  /// file's map is not one artfit decodes this way.
  public static func decodeGainMapItem(data: [UInt8], name: String, limits: ImageLimits) throws(ImageError) -> Image {
    var out = cimageio_gain_map_image()
    var error = cimageio_error()
    var cLimits = cimageio_limits(limits)
    let status = data.withUnsafeBufferPointer {
      cimageio_decode_gain_map($0.baseAddress, $0.count, &cLimits, &out, &error)
    }
    defer { cimageio_free(out.pixels) }
    guard status == 0, let pixels = out.pixels else {
      throw imageError(
        status: status, error: error, file: name, format: data.withUnsafeBytes { sniffFormat($0) })
    }
    let samples = Array(UnsafeBufferPointer(start: pixels, count: Int(out.width) * Int(out.height) * Int(out.channels)))
    return Image(
      width: Int(out.width), height: Int(out.height), layout: out.channels == 1 ? .gray : .rgb,
      storage: .uint8(samples), iccProfile: nil)
  }
}
