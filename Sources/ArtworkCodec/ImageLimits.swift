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
  /// Largest SVG or PDF accepted, in bytes (default 64 MiB).
  public var maxVectorBytes: Int
  /// Most elements an SVG may make librsvg walk, its references expanded (default 100,000).
  public var maxVectorElements: Int
  /// Longest an SVG or PDF may take to parse and draw, every drawing of it together, in
  /// seconds (default 30).
  public var maxVectorSeconds: Double

  /// The pixel limit when none is given: 2^28 (268 megapixels).
  public static let defaultMaxPixels = 1 << 28

  /// Limits with these values; the defaults suit artwork.
  public init(
    maxPixels: Int = ImageLimits.defaultMaxPixels, maxFileBytes: Int = 1 << 30,
    maxJPEGScans: Int = 1000, maxChunkBytes: Int = 8 << 20, maxVectorBytes: Int = 64 << 20,
    maxVectorElements: Int = 100_000, maxVectorSeconds: Double = 30
  ) {
    self.maxPixels = maxPixels
    self.maxFileBytes = maxFileBytes
    self.maxJPEGScans = maxJPEGScans
    self.maxChunkBytes = maxChunkBytes
    self.maxVectorBytes = maxVectorBytes
    self.maxVectorElements = maxVectorElements
    self.maxVectorSeconds = maxVectorSeconds
  }
}
