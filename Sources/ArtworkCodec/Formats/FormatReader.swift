/// What artfit knows of one format beyond CImageIO's shared contract, where every format is
/// sniffed once (`cimageio_sniff`, the signatures in sniffing order) and read by one C file per
/// library behind `cimageio_probe` and `cimageio_decode`: how a header probe that holds only
/// the file's first bytes finishes, and what a file of several images is called. One file per
/// format implements it; `ImageFormat.reader` is the registry.
protocol FormatReader: Sendable {
  /// The header of the `fileSize`-byte file at `path`, whose first bytes are `head`.
  func probe(file path: String, head: [UInt8], fileSize: Int, limits: ImageLimits) throws(ImageError) -> ImageInfo

  /// The warning for a file holding `count` images, of which artfit uses one.
  func imagesWarning(_ count: Int) -> String
}

extension FormatReader {
  /// The probe of the first bytes, or of the whole file when they end before the header does.
  func probe(file path: String, head: [UInt8], fileSize: Int, limits: ImageLimits) throws(ImageError) -> ImageInfo {
    do {
      return try ImageDecoder.probe(data: head, name: path, limits: limits)
    } catch .truncated(_, _) where fileSize > head.count {
      return try ImageDecoder.probe(data: FileBytes.read(path, limit: limits.maxFileBytes), name: path, limits: limits)
    }
  }
}

extension ImageFormat {
  /// The reader of this format (the registry: one file each under Formats/).
  var reader: any FormatReader {
    switch self {
    case .png: PNGReader()
    case .jpeg: JPEGReader()
    case .webp: WebPReader()
    case .tiff: TIFFReader()
    case .heif, .avif: HEIFReader(format: self)
    case .netpbm: NetpbmReader()
    case .svg: SVGReader()
    case .pdf: PDFReader()
    }
  }
}
