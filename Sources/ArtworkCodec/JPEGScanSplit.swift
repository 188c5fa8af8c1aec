import CImageIO

/// A progressive JPEG's scans parted between two decodes that run at once on two threads,
/// each entropy-decoding about half of them into shared coefficients (cimageio_jpeg_split.c):
/// a region render's two decodes of one file cost one entropy decode's time instead of two
/// at once on two cores. Each part's pixels are those of an ordinary decode.
///
/// Part 0 holds the DC scans and the colour components' AC scans, part 1 the luma AC scans
/// (the larger share). Both parts must be decoded, one each on two threads; a part that will
/// not be decoded must be `abandon`ed, or the other waits for it.
public final class JPEGScanSplit: @unchecked Sendable {
  /// One of the two parts, for `ImageDecoder.decode(data:…scans:)`.
  public struct Part: Sendable {
    /// The split it belongs to.
    public let split: JPEGScanSplit
    /// Which of the two parts: 0 or 1.
    public let index: Int
  }

  let handle: OpaquePointer

  /// The split of the JPEG `bytes`, or nil when it is not progressive or not every scan could
  /// be checked (decode it the ordinary way: that reports whatever is wrong with it).
  public init?(bytes: [UInt8], limits: ImageLimits) {
    guard
      let made = bytes.withUnsafeBufferPointer({
        cimageio_jpeg_split_make($0.baseAddress, $0.count, UInt32(clamping: limits.maxJPEGScans))
      })
    else { return nil }
    handle = made
  }

  deinit { cimageio_jpeg_split_free(handle) }

  /// The two parts, one for each decode.
  public var parts: (Part, Part) { (Part(split: self, index: 0), Part(split: self, index: 1)) }

  /// Says that `part` is done or will not be decoded, so the other never waits for it.
  public func abandon(_ part: Part) { cimageio_jpeg_split_abandon(handle, Int32(part.index)) }
}
