/// SVG through librsvg (`cimageio_svg.c`): the whole document is parsed for its size, and
/// drawn (`VectorDocument`), never decoded.
struct SVGReader: FormatReader {
  func probe(file path: String, head: [UInt8], fileSize: Int, limits: ImageLimits) throws(ImageError) -> ImageInfo {
    try VectorDocument.probe(file: path, head: head, fileSize: fileSize, limits: limits)
  }

  func imagesWarning(_ count: Int) -> String { "an SVG of \(count) images: its first is drawn" }
}
