/// Netpbm's PBM, PGM, PPM, PAM and PFM through artfit's own reader (`cimageio_netpbm_read.c`):
/// a text header, then rows; the first image of a file that holds several.
struct NetpbmReader: FormatReader {
  func imagesWarning(_ count: Int) -> String { "a netpbm file of \(count) images: its first is checked" }
}
