import CImageIO
import Synchronization

/// What one file's probes and decodes share (`cimageio_decoder`): its format, sniffed once, a
/// HEIF's or AVIF's libheif context, built once, and the headers probed so far by scale, so a
/// decode at a scale already probed sizes its pixels without reading the header again.
final class FileDecoder: Sendable {
  /// The C decoder; its own lock guards what it shares between threads.
  nonisolated(unsafe) let handle: OpaquePointer
  private let headers = Mutex<[Int: cimageio_info]>([:])

  init() {
    guard let handle = cimageio_decoder_make() else { fatalError("out of memory") }
    self.handle = handle
  }

  deinit { cimageio_decoder_free(handle) }

  /// The header probed at `shrink`, if any.
  func header(at shrink: Int) -> cimageio_info? { headers.withLock { $0[shrink] } }

  /// Keeps the header probed at `shrink`.
  func record(_ header: cimageio_info, at shrink: Int) { headers.withLock { $0[shrink] = header } }
}
