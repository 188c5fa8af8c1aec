import ArtworkPlatform

/// TIFF through libtiff (`cimageio_tiff_read.c`): the first page. Many writers put the
/// directory after the pixels, so a probe whose first bytes end before it reads only the
/// directory and the values it points to (`TIFFDirectoryRanges`), not the whole file.
struct TIFFReader: FormatReader {
  func probe(file path: String, head: [UInt8], fileSize: Int, limits: ImageLimits) throws(ImageError) -> ImageInfo {
    do {
      return try ImageDecoder.probe(data: head, name: path, limits: limits)
    } catch .truncated(_, _) where fileSize > head.count {
      if let info = try Self.probeDirectory(path: path, head: head, fileSize: fileSize, limits: limits) { return info }
      return try ImageDecoder.probe(data: FileBytes.read(path, limit: limits.maxFileBytes), name: path, limits: limits)
    }
  }

  func imagesWarning(_ count: Int) -> String { "a TIFF of \(count) pages: its first page is checked" }

  /// The header from the directory and its values alone, read into a file-sized mapping whose
  /// untouched pages cost nothing; nil when the directory cannot be read that way.
  static func probeDirectory(
    path: String, head: [UInt8], fileSize: Int, limits: ImageLimits
  ) throws(ImageError) -> ImageInfo? {
    guard
      let ranges = try TIFFDirectoryRanges.ranges(
        head: head, fileSize: fileSize, read: { (range) throws(ImageError) in try FileBytes.read(path, range: range) })
    else { return nil }
    // A fresh anonymous mapping is zeros, and only the ranges' pages are ever touched (calloc
    // would clear a block the heap reuses).
    let mapped = mmap(nil, fileSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    guard let base = mapped, base != MAP_FAILED else { return nil }
    defer { munmap(base, fileSize) }
    for range in ranges {
      // What the head already holds is copied from it; the rest is read.
      let part = range.upperBound <= head.count ? Array(head[range]) : try FileBytes.read(path, range: range)
      part.withUnsafeBytes { (base + range.lowerBound).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
    }
    try ImageDecoder.refuseOtherFormats(head, name: path)
    return try ImageDecoder.probe(
      bytes: UnsafeRawBufferPointer(start: base, count: fileSize), name: path, limits: limits)
  }
}
