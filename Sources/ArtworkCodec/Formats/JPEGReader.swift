/// JPEG through libjpeg-turbo (`cimageio_jpeg_read.c`, `cimageio_jpeg_mpf.c`). Its header comes
/// first, but the images its MPF segment lists (where a gain map is told apart from a preview)
/// lie after the pixels, so a probe reads on when its first bytes could not settle them.
struct JPEGReader: FormatReader {
  func probe(file path: String, head: [UInt8], fileSize: Int, limits: ImageLimits) throws(ImageError) -> ImageInfo {
    do {
      let info = try ImageDecoder.probe(data: head, name: path, limits: limits)
      guard info.needsBytes > head.count, fileSize > head.count else { return info }
    } catch .truncated(_, _) where fileSize > head.count {}
    return try ImageDecoder.probe(data: FileBytes.read(path, limit: limits.maxFileBytes), name: path, limits: limits)
  }

  func imagesWarning(_ count: Int) -> String { "a JPEG of \(count) images: its first is checked" }
}
