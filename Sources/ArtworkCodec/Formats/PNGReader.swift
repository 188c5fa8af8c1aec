/// PNG through libpng (`cimageio_png_read.c`): one image, its header and chunks first.
struct PNGReader: FormatReader {
  func imagesWarning(_ count: Int) -> String { "a PNG of \(count) images: its first is checked" }
}
