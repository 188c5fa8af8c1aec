/// The horizontal pass: one row of working pixels filtered to the output width.
///
/// Preconditions (both variants): `row` holds the source pixels from `rowStart` on, at
/// least up to the last tap any output pixel reads; `out` holds `weights.count` pixels.
enum HorizontalPass {
  /// Reference implementation, one lane at a time. Kept for tests and ARTFIT_FORCE_SCALAR.
  static func scalar(
    _ row: UnsafePointer<SIMD4<Float>>, rowStart: Int, weights: AxisWeights,
    into out: UnsafeMutablePointer<SIMD4<Float>>
  ) {
    weights.weights.withUnsafeBufferPointer { table in
      for x in 0..<weights.count {
        let taps = table.baseAddress! + x * weights.stride
        let first = Int(weights.starts[x]) - rowStart
        var r: Float = 0
        var g: Float = 0
        var b: Float = 0
        var a: Float = 0
        for k in 0..<Int(weights.lengths[x]) {
          let p = row[first + k]
          let w = taps[k]
          r = r + p[0] * w
          g = g + p[1] * w
          b = b + p[2] * w
          a = a + p[3] * w
        }
        out[x] = SIMD4(r, g, b, a)
      }
    }
  }
}

extension HorizontalPass {
  /// SIMD variant: one pixel per SIMD4 lane group, the same operations in the same order
  /// as `scalar`, so the results are bit for bit equal.
  static func simd(
    _ row: UnsafePointer<SIMD4<Float>>, rowStart: Int, weights: AxisWeights,
    into out: UnsafeMutablePointer<SIMD4<Float>>
  ) {
    weights.weights.withUnsafeBufferPointer { table in
      weights.starts.withUnsafeBufferPointer { starts in
        weights.lengths.withUnsafeBufferPointer { lengths in
          let stride = weights.stride
          for x in 0..<weights.count {
            let taps = table.baseAddress! + x * stride
            let pixels = row + (Int(starts[x]) - rowStart)
            var sum = SIMD4<Float>.zero
            for k in 0..<Int(lengths[x]) { sum = sum + pixels[k] * taps[k] }
            out[x] = sum
          }
        }
      }
    }
  }
}
