import Foundation

#if canImport(Glibc)
  import Glibc
#endif

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

/// A monotonic clock in seconds.
public func now() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// Runs `body` and adds its duration to `total`.
@inline(__always)
func timed<T>(_ total: inout Double, _ body: () throws -> T) rethrows -> T {
  let start = now()
  defer { total += now() - start }
  return try body()
}

/// A value shared between worker threads behind a lock.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<T>(_ body: (inout Value) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
