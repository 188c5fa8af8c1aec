/// PNG through libpng (`cimageio_png_read.c`): one image, its header and chunks first.
struct PNGReader: FormatReader {
  func imagesWarning(_ count: Int) -> String { "an animated PNG of \(count) frames: its first frame is checked" }
}
