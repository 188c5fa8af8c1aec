import CImageIO
import Dispatch

/// The fast 8-bit PNG encoder (adaptive row filters; artfit's deflate of runs or libdeflate by
/// `PNGEffort`), one image after another with the same memory: the compressors and the
/// filtered-row and file buffers stay allocated between images, so a worker rendering
/// hundreds of previews does not map fresh pages for each. `ImageEncoder.png` uses a fresh one per image; a reused one
/// writes the same bytes (a test checks). One image at a time per writer.
package final class PNGWriter {
  private let writer: OpaquePointer

  package init() {
    guard let writer = cimageio_png_writer_new() else { fatalError("out of memory") }
    self.writer = writer
  }

  deinit { cimageio_png_writer_free(writer) }

  /// Encodes `image` (8-bit, any layout) and hands `body` the file's bytes, which stay valid
  /// only during the call. The image's bands are filtered (and at the fastest effort
  /// compressed) on up to `threads` threads; the bytes are the same for any number.
  package func withPNG<R>(
    of image: Image, effort: PNGEffort, threads: Int = 1, name: String, _ body: (UnsafeRawBufferPointer) -> R
  ) throws(ImageError) -> R {
    guard case .uint8(let samples) = image.storage else { preconditionFailure("PNGWriter takes 8-bit images") }
    var out: UnsafePointer<UInt8>? = nil
    var size = 0
    var error = cimageio_error()
    let profile = image.iccProfile ?? []
    let status = samples.withUnsafeBufferPointer { pixels in
      let bands = cimageio_png_writer_begin(
        writer, pixels.baseAddress, UInt32(image.width), UInt32(image.height), Int32(image.layout.channels),
        Int32(effort.rawValue), &error)
      guard bands > 0 else { return bands }
      let workers = min(max(threads, 1), Int(bands))
      if workers == 1 {
        cimageio_png_writer_work(writer)
      } else {
        let writer = SendablePointer(writer)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in cimageio_png_writer_work(writer.pointer) }
      }
      return profile.withUnsafeBufferPointer { icc in
        cimageio_png_writer_finish(writer, icc.baseAddress, icc.count, &out, &size, &error)
      }
    }
    guard status == 0, let out else { throw imageError(status: status, error: error, file: name, format: .png) }
    return body(UnsafeRawBufferPointer(start: out, count: size))
  }
}

/// The writer's state for the encode in progress, handed to the threads that share its bands
/// (each claims bands of its own).
private struct SendablePointer: @unchecked Sendable {
  let pointer: OpaquePointer
  init(_ pointer: OpaquePointer) { self.pointer = pointer }
}
