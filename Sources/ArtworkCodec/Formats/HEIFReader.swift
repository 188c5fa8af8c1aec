/// HEIF/HEIC and AVIF through libheif (`cimageio_heif_read.c`): the primary image of what may
/// be a collection or, beside an image sequence, its still image. The meta box comes before
/// the media data in the writers seen; when it does not, the probe of the first bytes says
/// "truncated" and the whole file is read. A sequence's track (`moov`) may lie after the media
/// data, so a probe walks the file's top-level boxes and reads the whole file when one lies
/// past the first bytes, so `check` counts the frames `render` does.
struct HEIFReader: FormatReader {
  let format: ImageFormat

  func probe(file path: String, head: [UInt8], fileSize: Int, limits: ImageLimits) throws(ImageError) -> ImageInfo {
    do {
      let info = try ImageDecoder.probe(data: head, name: path, limits: limits)
      guard fileSize > head.count, try Self.sequenceLiesBeyond(head.count, in: path, fileSize: fileSize) else {
        return info
      }
    } catch .truncated(_, _) where fileSize > head.count {}
    return try ImageDecoder.probe(data: FileBytes.read(path, limit: limits.maxFileBytes), name: path, limits: limits)
  }

  func imagesWarning(_ count: Int) -> String {
    "\(FileKind.named(format.displayName)) of \(count) images (a collection or a sequence's frames): its primary image is checked"
  }

  /// Whether a `moov` box ends past the first `prefix` bytes, found by reading each top-level
  /// box's header (a few reads, not the media data).
  static func sequenceLiesBeyond(_ prefix: Int, in path: String, fileSize: Int) throws(ImageError) -> Bool {
    var at = 0
    for _ in 0..<64 {
      guard at + 8 <= fileSize else { return false }
      let header = try FileBytes.read(path, range: at..<min(fileSize, at + 16))
      guard header.count >= 8 else { return false }
      var size = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
      if size == 1, header.count == 16 { size = header[8..<16].reduce(0) { $0 << 8 | Int($1) } }
      if size == 0 { size = fileSize - at }
      guard size >= 8, size <= fileSize - at else { return false }
      if Array(header[4..<8]) == Array("moov".utf8) { return at + size > prefix }
      at += size
    }
    return false
  }
}
