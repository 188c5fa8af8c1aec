/// One axis' taps in 16-bit fixed point, for the 8-bit path: each weight × 2^14, rounded so
/// that each output pixel's taps still sum to exactly 2^14 (a flat area stays exactly flat),
/// and zero-padded to a multiple of 8 taps so dot products run on whole SIMD8 vectors.
struct FixedPointWeights: Sendable {
  static let fractionBits = FixedPointPass.weightBits
  static let one = 1 << fractionBits

  /// Number of output pixels.
  let count: Int
  /// First source pixel read for each output pixel.
  let starts: [Int32]
  /// Taps that carry weight for each output pixel (the rest of its stride is zeros).
  let lengths: [Int32]
  /// Taps per output pixel in `weights`: the longest length rounded up to a multiple of 8.
  let stride: Int
  /// `count` × `stride` weights, row-major.
  let weights: [Int16]

  /// Nil when a weight does not fit 16 bits (|w| ≥ 2), which none of the kernels reach.
  init?(_ axis: AxisWeights) {
    let stride = (axis.stride + 7) / 8 * 8
    var weights = [Int16](repeating: 0, count: axis.count * stride)
    for i in 0..<axis.count {
      let row = i * axis.stride
      var sum = 0
      var largest = 0
      for k in 0..<Int(axis.lengths[i]) {
        let w = Int((axis.weights[row + k] * Float(Self.one)).rounded())
        guard let narrow = Int16(exactly: w) else { return nil }
        weights[i * stride + k] = narrow
        sum += w
        if abs(w) > abs(Int(weights[i * stride + largest])) { largest = k }
      }
      // Give the rounding remainder to the largest tap, where it matters least.
      guard let adjusted = Int16(exactly: Int(weights[i * stride + largest]) + Self.one - sum) else { return nil }
      weights[i * stride + largest] = adjusted
    }
    self.count = axis.count
    self.starts = axis.starts
    self.lengths = axis.lengths
    self.stride = stride
    self.weights = weights
  }
}
