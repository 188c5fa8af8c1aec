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
  /// The same, widened to 32 bits for the horizontal pass.
  let wideWeights: [Int32]

  /// Nil when a weight does not fit 16 bits (|w| ≥ 2), which none of the kernels reach.
  init?(_ axis: AxisWeights) {
    let stride = (axis.stride + 7) / 8 * 8
    var weights = [Int16](repeating: 0, count: axis.count * stride)
    for i in 0..<axis.count {
      let length = Int(axis.lengths[i])
      var fixed = (0..<length).map { Int((axis.weights[i * axis.stride + $0] * Float(Self.one)).rounded()) }
      // Give the rounding remainder to the largest tap, where it matters least.
      let largest = fixed.indices.max { abs(fixed[$0]) < abs(fixed[$1]) }!
      fixed[largest] += Self.one - fixed.reduce(0, +)
      for (k, w) in fixed.enumerated() {
        guard let narrow = Int16(exactly: w) else { return nil }
        weights[i * stride + k] = narrow
      }
    }
    self.count = axis.count
    self.starts = axis.starts
    self.lengths = axis.lengths
    self.stride = stride
    self.weights = weights
    self.wideWeights = weights.map(Int32.init)
  }
}
