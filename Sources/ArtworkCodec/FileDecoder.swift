@_spi(Support) import ArtworkSupport
import CImageIO

/// What one file's probes and decodes share (`cimageio_decoder`): its format, sniffed once, a
/// HEIF's or AVIF's libheif context, built once, and the headers probed so far by scale, so a
/// decode sizes its pixels without reading the header again.
final class FileDecoder: Sendable {
  /// The C decoder; its own lock guards what it shares between threads.
  nonisolated(unsafe) let handle: OpaquePointer
  /// Behind `Locked`, not `Mutex`, whose futex ThreadSanitizer does not see.
  private let headers = Locked<[Int: cimageio_info]>([:])

  init() {
    guard let handle = cimageio_decoder_make() else { fatalError("out of memory") }
    self.handle = handle
  }

  deinit { cimageio_decoder_free(handle) }

  /// The header at `shrink`: as probed at that scale, or made from the one probed at full
  /// size as the readers scale it (a JPEG or a still WebP takes ⌈side / shrink⌉ on each side,
  /// any other decodes at full size at every scale), so a file's header is read once.
  func header(at shrink: Int) -> cimageio_info? {
    headers.withLock { known in
      if let header = known[shrink] { return header }
      guard var header = known[1] else { return nil }
      if header.shrinks_on_load != 0 {
        let scale = UInt32(shrink)
        header.width = (header.width + scale - 1) / scale
        header.height = (header.height + scale - 1) / scale
        header.scale_denom = Int32(shrink)
      }
      return header
    }
  }

  /// Keeps the header probed at `shrink`.
  func record(_ header: cimageio_info, at shrink: Int) { headers.withLock { $0[shrink] = header } }
}
