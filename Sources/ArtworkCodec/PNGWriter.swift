import CImageIO

/// The fast 8-bit PNG encoder (adaptive row filters, libdeflate), one image after another
/// with the same memory: libdeflate's compressor and the filtered-row and file buffers stay
/// allocated between images, so a worker rendering hundreds of previews does not map fresh
/// pages for each. `ImageEncoder.png` uses a fresh one per image; a reused one writes the
/// same bytes (a test checks). One per thread.
package final class PNGWriter {
  private let writer: OpaquePointer

  package init() {
    guard let writer = cimageio_png_writer_new() else { fatalError("out of memory") }
    self.writer = writer
  }

  deinit { cimageio_png_writer_free(writer) }

  /// Encodes `image` (8-bit, any layout) and hands `body` the file's bytes, which stay valid
  /// only during the call.
  package func withPNG<R>(
    of image: Image, level: Int, name: String, _ body: (UnsafeRawBufferPointer) -> R
  ) throws(ImageError) -> R {
    precondition((0...9).contains(level), "zlib level is 0...9")
    guard case .uint8(let samples) = image.storage else { preconditionFailure("PNGWriter takes 8-bit images") }
    var out: UnsafePointer<UInt8>? = nil
    var size = 0
    var error = cimageio_error()
    let profile = image.iccProfile ?? []
    let status = samples.withUnsafeBufferPointer { pixels in
      profile.withUnsafeBufferPointer { icc in
        cimageio_png_writer_encode(
          writer, pixels.baseAddress, UInt32(image.width), UInt32(image.height), Int32(image.layout.channels),
          Int32(level), icc.baseAddress, icc.count, &out, &size, &error)
      }
    }
    guard status == 0, let out else { throw imageError(status: status, error: error, file: name, format: .png) }
    return body(UnsafeRawBufferPointer(start: out, count: size))
  }
}
