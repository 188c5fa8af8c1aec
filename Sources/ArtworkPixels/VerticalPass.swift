/// The vertical pass: filtered rows combined into one output row.
enum VerticalPass {
  /// Reference implementation, one lane at a time.
  ///
  /// Preconditions: `rows[k]` is the horizontally filtered source row `start + k` and holds
  /// `width` pixels; `out` holds `width` pixels.
  static func scalar(
    _ rows: UnsafePointer<SIMD4<Float>>, rowStride: Int, taps: UnsafePointer<Float>, count: Int,
    width: Int, into out: UnsafeMutablePointer<SIMD4<Float>>
  ) {
    for x in 0..<width {
      var r: Float = 0
      var g: Float = 0
      var b: Float = 0
      var a: Float = 0
      for k in 0..<count {
        let p = rows[k * rowStride + x]
        let w = taps[k]
        r = r + p[0] * w
        g = g + p[1] * w
        b = b + p[2] * w
        a = a + p[3] * w
      }
      out[x] = SIMD4(r, g, b, a)
    }
  }

  /// SIMD variant, same operations in the same order as `scalar`: four pixels at a time
  /// keep four independent sums in flight.
  static func simd(
    _ rows: UnsafePointer<SIMD4<Float>>, rowStride: Int, taps: UnsafePointer<Float>, count: Int,
    width: Int, into out: UnsafeMutablePointer<SIMD4<Float>>
  ) {
    var x = 0
    while x + 3 < width {
      var s0 = SIMD4<Float>.zero
      var s1 = SIMD4<Float>.zero
      var s2 = SIMD4<Float>.zero
      var s3 = SIMD4<Float>.zero
      for k in 0..<count {
        let w = taps[k]
        let row = rows + k * rowStride + x
        s0 = s0 + row[0] * w
        s1 = s1 + row[1] * w
        s2 = s2 + row[2] * w
        s3 = s3 + row[3] * w
      }
      out[x] = s0
      out[x + 1] = s1
      out[x + 2] = s2
      out[x + 3] = s3
      x += 4
    }
    while x < width {
      var sum = SIMD4<Float>.zero
      for k in 0..<count { sum = sum + rows[k * rowStride + x] * taps[k] }
      out[x] = sum
      x += 1
    }
  }
}
