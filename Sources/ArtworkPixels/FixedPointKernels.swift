import ArtworkPlatform
import CPUFeatures
import FixedPointAVX2

/// The fixed-point passes to run: the AVX2 build (FixedPointAVX2, the same arithmetic in C
/// with AVX2 target attributes) when the CPU has AVX2, else the baseline build of
/// FixedPointPass. Both give the same bytes (a test checks).
struct FixedPointKernels: Sendable {
  typealias Vertical =
    @Sendable (
      UnsafePointer<UnsafePointer<UInt8>>, UnsafePointer<Int16>, Int, Int, UnsafeMutablePointer<Int16>
    ) -> Void
  typealias Split = @Sendable (UnsafePointer<Int16>, Int, Int, UnsafePointer<UnsafeMutablePointer<Int16>>) -> Void
  typealias Horizontal =
    @Sendable (
      UnsafePointer<UnsafeMutablePointer<Int16>>, Int, Int, UnsafePointer<Int32>, Int, Int, UnsafePointer<Int16>,
      UnsafeMutablePointer<UInt8>
    ) -> Void

  let name: String
  let vertical: Vertical
  let split: Split
  let horizontal: Horizontal

  static let baseline = FixedPointKernels(
    name: "baseline",
    vertical: { FixedPointPass.vertical($0, taps: $1, count: $2, length: $3, into: $4) },
    split: { FixedPointPass.split($0, count: $1, channels: $2, into: $3) },
    horizontal: {
      FixedPointPass.horizontal($0, channels: $1, rowStart: $2, starts: $3, count: $4, stride: $5, table: $6, into: $7)
    })

  #if arch(x86_64)
    static let avx2 = FixedPointKernels(
      name: "avx2",
      vertical: { rows, taps, count, length, out in
        fixed_point_avx2_vertical(
          UnsafeRawPointer(rows).assumingMemoryBound(to: UnsafePointer<UInt8>?.self), taps, count, length, out)
      },
      split: { row, count, channels, planes in
        fixed_point_avx2_split(
          row, count, channels, UnsafeRawPointer(planes).assumingMemoryBound(to: UnsafeMutablePointer<Int16>?.self))
      },
      horizontal: { planes, channels, rowStart, starts, count, stride, table, out in
        fixed_point_avx2_horizontal(
          UnsafeRawPointer(planes).assumingMemoryBound(to: UnsafeMutablePointer<Int16>?.self), channels, rowStart,
          starts, count, stride, table, out)
      })
  #endif

  /// The set to run, chosen once, or nil when the float path is faster: the baseline x86-64
  /// build has no 32-bit vector multiply (SSE4.1), so without AVX2 the float loops win there.
  /// ARTFIT_BASELINE_SIMD=1 picks the baseline build anyway, for comparisons.
  static let best: FixedPointKernels? = {
    if getenv("ARTFIT_BASELINE_SIMD").map({ String(cString: $0) == "1" }) == true { return baseline }
    #if arch(x86_64)
      if cpu_features_has_avx2() != 0 { return avx2 }
      return nil
    #else
      return baseline
    #endif
  }()
}
