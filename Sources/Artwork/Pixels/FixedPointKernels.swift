import CPUFeatures

#if canImport(FixedPointAVX2)
  import FixedPointAVX2
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The fixed-point passes to run: the AVX2 build of FixedPointPass when the CPU has AVX2
/// (and the package was built with it), the baseline build otherwise. Both come from the same
/// source and give the same bytes; ARTFIT_BASELINE_SIMD=1 forces the baseline, for tests and
/// comparisons.
struct FixedPointKernels: Sendable {
  typealias Vertical =
    @Sendable (
      UnsafePointer<UnsafePointer<UInt8>>, UnsafePointer<Int16>, Int, Int, UnsafeMutablePointer<Int16>
    ) -> Void
  typealias Deinterleave =
    @Sendable (
      UnsafePointer<Int16>, Int, (UnsafeMutablePointer<Int16>, UnsafeMutablePointer<Int16>, UnsafeMutablePointer<Int16>)
    ) -> Void
  typealias Horizontal =
    @Sendable (
      UnsafePointer<UnsafePointer<Int16>>, Int, Int, UnsafePointer<Int32>, Int, Int, UnsafePointer<Int16>,
      UnsafeMutablePointer<UInt8>
    ) -> Void

  let name: String
  let vertical: Vertical
  let deinterleave: Deinterleave
  let horizontal: Horizontal

  static let baseline = FixedPointKernels(
    name: "baseline",
    vertical: { FixedPointPass.vertical($0, taps: $1, count: $2, length: $3, into: $4) },
    deinterleave: { FixedPointPass.deinterleave($0, count: $1, into: $2) },
    horizontal: {
      FixedPointPass.horizontal($0, channels: $1, rowStart: $2, starts: $3, count: $4, stride: $5, table: $6, into: $7)
    })

  #if canImport(FixedPointAVX2)
    static let avx2 = FixedPointKernels(
      name: "avx2",
      vertical: { FixedPointAVX2.FixedPointPass.vertical($0, taps: $1, count: $2, length: $3, into: $4) },
      deinterleave: { FixedPointAVX2.FixedPointPass.deinterleave($0, count: $1, into: $2) },
      horizontal: {
        FixedPointAVX2.FixedPointPass.horizontal(
          $0, channels: $1, rowStart: $2, starts: $3, count: $4, stride: $5, table: $6, into: $7)
      })
  #endif

  /// The fastest set this CPU runs, chosen once.
  static let best: FixedPointKernels = {
    let forced = getenv("ARTFIT_BASELINE_SIMD").map { String(cString: $0) == "1" } ?? false
    #if canImport(FixedPointAVX2)
      if !forced && cpu_features_has_avx2() != 0 { return avx2 }
    #endif
    return baseline
  }()
}
