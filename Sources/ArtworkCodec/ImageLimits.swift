/// Safety limits applied when reading an image, before any large allocation.
public struct ImageLimits: Sendable, Equatable {
  /// Largest width × height accepted, read from the header (default 2^28).
  public var maxPixels: Int
  /// Largest file accepted, in bytes (default 1 GiB).
  public var maxFileBytes: Int
  /// Most scans a progressive JPEG may have (default 1000).
  public var maxJPEGScans: Int
  /// Largest PNG ancillary chunk held in memory (default 8 MiB).
  public var maxChunkBytes: Int

  /// The pixel limit when none is given: 2^28 (268 megapixels).
  public static let defaultMaxPixels = 1 << 28

  /// Limits with these values; the defaults suit artwork.
  public init(
    maxPixels: Int = ImageLimits.defaultMaxPixels, maxFileBytes: Int = 1 << 30,
    maxJPEGScans: Int = 1000, maxChunkBytes: Int = 8 << 20
  ) {
    self.maxPixels = maxPixels
    self.maxFileBytes = maxFileBytes
    self.maxJPEGScans = maxJPEGScans
    self.maxChunkBytes = maxChunkBytes
  }
}
