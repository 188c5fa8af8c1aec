/// WebP through libwebp (`cimageio_webp_read.c`): a still image, or an animation whose first
/// frame is composed on its canvas. Its EXIF chunk comes last, so a probe whose first bytes
/// end before it reads the whole file.
struct WebPReader: FormatReader {
  func imagesWarning(_ count: Int) -> String { "an animated WebP of \(count) frames: its first frame is checked" }
}
