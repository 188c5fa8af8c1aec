/// The filter taps of one axis: for each output pixel, the first source pixel and the
/// weights of the source pixels from there on. Computed once per axis, reused for every
/// row or column.
///
/// Pixel centres sit at +0.5: output pixel i samples the source at
/// `origin + (i + 0.5) / scale`. When shrinking, the kernel is widened by 1 / scale.
/// Taps that fall outside the source repeat its edge pixel. The weights of each output
/// pixel sum to one.
public struct AxisWeights: Sendable {
  /// Number of output pixels.
  public let count: Int
  /// First source pixel read for each output pixel.
  public let starts: [Int32]
  /// Taps used by each output pixel.
  public let lengths: [Int32]
  /// Taps per output pixel in `weights` (the largest length; shorter rows are zero-padded).
  public let stride: Int
  /// `count` × `stride` weights, row-major.
  public let weights: [Float]

  /// The taps that resample `span` source pixels from `origin` onto `outputLength` pixels
  /// with `kernel`.
  ///
  /// - Parameters:
  ///   - sourceLength: pixels along this axis in the whole source.
  ///   - origin: where the sampled span starts, in source pixels (may be fractional).
  ///   - span: the length of the sampled span, in source pixels.
  ///   - outputLength: pixels along this axis in the output.
  public init(sourceLength: Int, origin: Double, span: Double, outputLength: Int, kernel: ResampleKernel) {
    precondition(sourceLength > 0 && outputLength > 0 && span > 0, "empty axis")
    let scale = Double(outputLength) / span
    let filterScale = max(1, 1 / scale)
    let support = kernel.support * filterScale
    // Taps any pixel can need; the table is compacted to the longest real length at the end.
    let bound = Int((2 * support).rounded(.up)) + 3
    var starts = [Int32](repeating: 0, count: outputLength)
    var lengths = [Int32](repeating: 0, count: outputLength)
    var table = [Float](repeating: 0, count: outputLength * bound)
    var scratch = [Double](repeating: 0, count: bound)
    var longest = 1
    for i in 0..<outputLength {
      let centre = origin + (Double(i) + 0.5) / scale
      let taps = Self.taps(
        around: centre, support: support, filterScale: filterScale, sourceLength: sourceLength, kernel: kernel,
        scratch: &scratch)
      starts[i] = Int32(taps.start)
      lengths[i] = Int32(taps.count)
      longest = max(longest, taps.count)
      for k in 0..<taps.count { table[i * bound + k] = Float(scratch[taps.offset + k] / taps.total) }
    }
    self.count = outputLength
    self.starts = starts
    self.lengths = lengths
    self.stride = longest
    self.weights = longest < bound ? Self.compacted(table, rows: outputLength, from: bound, to: longest) : table
  }

  /// One output pixel's taps: its raw weights accumulated in `scratch` onto clamped source
  /// positions (edge pixels repeat), and the part of them that carries weight.
  private static func taps(
    around centre: Double, support: Double, filterScale: Double, sourceLength: Int, kernel: ResampleKernel,
    scratch: inout [Double]
  ) -> (start: Int, count: Int, offset: Int, total: Double) {
    let low = Int((centre - support).rounded(.down))
    let high = Int((centre + support).rounded(.up))
    let first = min(max(low, 0), sourceLength - 1)
    let last = min(max(high, 0), sourceLength - 1)
    for k in 0...(last - first) { scratch[k] = 0 }
    var total = 0.0
    for j in low...high {
      let w = kernel.weight((Double(j) + 0.5 - centre) / filterScale)
      if w == 0 { continue }
      scratch[min(max(j, 0), sourceLength - 1) - first] += w
      total += w
    }
    if total == 0 {  // cannot happen with these kernels; keep the nearest pixel
      scratch[0] = 1
      return (min(max(Int(centre), 0), sourceLength - 1), 1, 0, 1)
    }
    // Trim taps that carry nothing (Lanczos' zero crossings at 1:1).
    var lo = 0
    var hi = last - first
    while lo < hi && abs(scratch[lo]) < 1e-9 * abs(total) { lo += 1 }
    while hi > lo && abs(scratch[hi]) < 1e-9 * abs(total) { hi -= 1 }
    return (first + lo, hi - lo + 1, lo, total)
  }

  /// `table`'s rows of `from` weights cut to their first `to`.
  private static func compacted(_ table: [Float], rows: Int, from: Int, to: Int) -> [Float] {
    var weights = [Float](repeating: 0, count: rows * to)
    for i in 0..<rows {
      for k in 0..<to { weights[i * to + k] = table[i * from + k] }
    }
    return weights
  }
}
