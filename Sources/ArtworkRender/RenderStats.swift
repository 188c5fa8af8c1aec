/// Where a run's time went, per stage, summed over threads (seconds of work, not wall).
public struct RenderStats: Sendable {
  /// Seconds reading headers.
  public var probe = 0.0
  /// Seconds decoding pixels.
  public var decode = 0.0
  /// Seconds resampling to each screen's pixels.
  public var resample = 0.0
  /// Seconds drawing the overlays.
  public var overlay = 0.0
  /// Seconds compressing previews.
  public var encode = 0.0
  /// Seconds writing files.
  public var write = 0.0
  /// Files written.
  public var outputs = 0
  /// Bytes written.
  public var outputBytes = 0
  /// Artworks whose previews from an earlier run were kept (unchanged bytes and options).
  public var reused = 0
  /// Artworks read and hashed to compare with the render cache (the other reused ones were
  /// known unchanged from their file's identity alone).
  public var filesHashed = 0
  /// Whether the output folder's render cache was made by another artfit or with other
  /// options or manifest, so nothing in it could be reused.
  public var cacheSetAside = false

  /// No time spent, nothing written.
  public init() {}

  /// The counts and times of two parts of a run (two artworks, two workers) together.
  public static func + (a: RenderStats, b: RenderStats) -> RenderStats {
    var sum = a
    sum.probe += b.probe
    sum.decode += b.decode
    sum.resample += b.resample
    sum.overlay += b.overlay
    sum.encode += b.encode
    sum.write += b.write
    sum.outputs += b.outputs
    sum.outputBytes += b.outputBytes
    sum.reused += b.reused
    sum.filesHashed += b.filesHashed
    sum.cacheSetAside = a.cacheSetAside || b.cacheSetAside
    return sum
  }
}
