/// Where a run's time went, per stage, summed over threads (seconds of work, not wall).
public struct RenderStats: Sendable {
  public var probe = 0.0
  public var decode = 0.0
  public var resample = 0.0
  public var overlay = 0.0
  public var encode = 0.0
  public var write = 0.0
  public var outputs = 0
  public var outputBytes = 0
  /// Artworks whose previews from an earlier run were kept (unchanged bytes and options).
  public var reused = 0

  public static func + (a: RenderStats, b: RenderStats) -> RenderStats {
    RenderStats(
      probe: a.probe + b.probe, decode: a.decode + b.decode, resample: a.resample + b.resample,
      overlay: a.overlay + b.overlay, encode: a.encode + b.encode, write: a.write + b.write,
      outputs: a.outputs + b.outputs, outputBytes: a.outputBytes + b.outputBytes, reused: a.reused + b.reused)
  }
}
