/// PDF through poppler (`cimageio_pdf.c`): the document is parsed for its first page's crop
/// box, and that page drawn (`VectorDocument`), never decoded.
struct PDFReader: FormatReader {
  func probe(file path: String, head: [UInt8], fileSize: Int, limits: ImageLimits) throws(ImageError) -> ImageInfo {
    try VectorDocument.probe(file: path, head: head, fileSize: fileSize, limits: limits)
  }

  func imagesWarning(_ count: Int) -> String { "a PDF of \(count) pages: its first is drawn" }
}
