import ArtworkPlatform

/// A monotonic clock in seconds, for stage timings; public and inlinable behind the `Support`
/// SPI, so a stage timed in another module is not a generic call.
@_spi(Support) public enum MonotonicClock {
  /// Seconds since an arbitrary fixed point; only differences mean anything.
  @inlinable public static func seconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }

  /// Runs `body` and adds its duration to `total`.
  @inlinable
  public static func timed<T, Failure: Error>(
    _ total: inout Double, _ body: () throws(Failure) -> T
  ) throws(Failure) -> T {
    let start = seconds()
    defer { total += seconds() - start }
    return try body()
  }
}
