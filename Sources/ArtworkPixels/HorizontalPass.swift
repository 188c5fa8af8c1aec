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
  /// SIMD variant: one pixel per SIMD4 (lanes r, g, b, a), four output pixels in flight so
  /// the additions of one do not wait on another's. Each pixel still adds its taps in the
  /// same order as `scalar`, so the results are bit for bit equal.
  static func simd(
    _ row: UnsafePointer<SIMD4<Float>>, rowStart: Int, weights: AxisWeights,
    into out: UnsafeMutablePointer<SIMD4<Float>>
  ) {
    weights.weights.withUnsafeBufferPointer { table in
      weights.starts.withUnsafeBufferPointer { starts in
        weights.lengths.withUnsafeBufferPointer { lengths in
          let stride = weights.stride
          let base = table.baseAddress!
          var x = 0
          while x + 3 < weights.count {
            let t0 = base + x * stride
            let t1 = t0 + stride
            let t2 = t1 + stride
            let t3 = t2 + stride
            let p0 = row + (Int(starts[x]) - rowStart)
            let p1 = row + (Int(starts[x + 1]) - rowStart)
            let p2 = row + (Int(starts[x + 2]) - rowStart)
            let p3 = row + (Int(starts[x + 3]) - rowStart)
            let n0 = Int(lengths[x])
            let n1 = Int(lengths[x + 1])
            let n2 = Int(lengths[x + 2])
            let n3 = Int(lengths[x + 3])
            let common = min(min(n0, n1), min(n2, n3))
            var s0 = SIMD4<Float>.zero
            var s1 = SIMD4<Float>.zero
            var s2 = SIMD4<Float>.zero
            var s3 = SIMD4<Float>.zero
            for k in 0..<common {
              s0 = s0 + p0[k] * t0[k]
              s1 = s1 + p1[k] * t1[k]
              s2 = s2 + p2[k] * t2[k]
              s3 = s3 + p3[k] * t3[k]
            }
            for k in common..<n0 { s0 = s0 + p0[k] * t0[k] }
            for k in common..<n1 { s1 = s1 + p1[k] * t1[k] }
            for k in common..<n2 { s2 = s2 + p2[k] * t2[k] }
            for k in common..<n3 { s3 = s3 + p3[k] * t3[k] }
            out[x] = s0
            out[x + 1] = s1
            out[x + 2] = s2
            out[x + 3] = s3
            x += 4
          }
          while x < weights.count {
            let taps = base + x * stride
            let pixels = row + (Int(starts[x]) - rowStart)
            var sum = SIMD4<Float>.zero
            for k in 0..<Int(lengths[x]) { sum = sum + pixels[k] * taps[k] }
            out[x] = sum
            x += 1
          }
        }
      }
    }
  }
}

extension HorizontalPass {
  /// SIMD variant over four rows at once: each tap's weight is loaded once and used for all
  /// four rows, so the weight table is read once per four rows. Each pixel adds its taps in
  /// the same order as `scalar`, so the results are bit for bit equal.
  ///
  /// Preconditions: the four rows start at `rows`, `rows + rowLength`, … and each holds the
  /// source pixels from `rowStart` on; the outputs go to `out`, `out + outStride`, ….
  static func simdFourRows(
    _ rows: UnsafePointer<SIMD4<Float>>, rowLength: Int, rowStart: Int, weights: AxisWeights,
    into out: UnsafeMutablePointer<SIMD4<Float>>, outStride: Int
  ) {
    weights.weights.withUnsafeBufferPointer { table in
      weights.starts.withUnsafeBufferPointer { starts in
        weights.lengths.withUnsafeBufferPointer { lengths in
          let stride = weights.stride
          let base = table.baseAddress!
          for x in 0..<weights.count {
            let taps = base + x * stride
            let r0 = rows + (Int(starts[x]) - rowStart)
            let r1 = r0 + rowLength
            let r2 = r1 + rowLength
            let r3 = r2 + rowLength
            var s0 = SIMD4<Float>.zero
            var s1 = SIMD4<Float>.zero
            var s2 = SIMD4<Float>.zero
            var s3 = SIMD4<Float>.zero
            for k in 0..<Int(lengths[x]) {
              let w = taps[k]
              s0 = s0 + r0[k] * w
              s1 = s1 + r1[k] * w
              s2 = s2 + r2[k] * w
              s3 = s3 + r3[k] * w
            }
            out[x] = s0
            out[x + outStride] = s1
            out[x + 2 * outStride] = s2
            out[x + 3 * outStride] = s3
          }
        }
      }
    }
  }
}
