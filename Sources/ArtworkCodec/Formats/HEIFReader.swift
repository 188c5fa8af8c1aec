/// HEIF/HEIC and AVIF through libheif (`cimageio_heif_read.c`): the primary image of what may be
/// a collection. The meta box comes before the media data in the writers seen; when it does
/// not, the probe of the first bytes says "truncated" and the whole file is read.
struct HEIFReader: FormatReader {
  let format: ImageFormat

  func imagesWarning(_ count: Int) -> String {
    "a \(format.displayName) collection of \(count) images: its primary image is checked"
  }
}
