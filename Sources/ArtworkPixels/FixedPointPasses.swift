/// The two passes of the 8-bit path, in integers: vertical first, straight from the source
/// bytes, into rows of 16-bit samples with 6 fraction bits; then horizontal, one colour plane
/// at a time, back to bytes.
///
/// This is the baseline build; `Sources/FixedPointAVX2` is the same arithmetic in C for CPUs
/// with AVX2, chosen at run time (FixedPointKernels). The two give the same bytes (a test
/// compares them), so a change here is a change there.
package enum FixedPointPass {
  /// Fraction bits of the weights (FixedPointWeights).
  package static let weightBits = 14
  /// Fraction bits of the intermediate rows: with Lanczos' overshoot the values stay within
  /// about −5000…21300, well inside Int16.
  static let middleBits = 6
  static let verticalShift = weightBits - middleBits
  static let horizontalShift = weightBits + middleBits

  /// `out[i] = Σ taps[k] · rows[k][i]`, rescaled to the intermediate's fraction bits and
  /// rounded, for i in 0..<length. Layout-blind: interleaved channels are just bytes.
  ///
  /// Preconditions: each of the `count` rows holds `length` bytes; `out` holds `length` values.
  package static func vertical(
    _ rows: UnsafePointer<UnsafePointer<UInt8>>, taps: UnsafePointer<Int16>, count: Int, length: Int,
    into out: UnsafeMutablePointer<Int16>
  ) {
    let half = Int32(1 << (verticalShift - 1))
    var i = 0
    // 32 bytes per step: each tap's row pointer and weight are loaded once for two vectors.
    while i + 32 <= length {
      var low = SIMD16<Int32>(repeating: half)
      var high = SIMD16<Int32>(repeating: half)
      for k in 0..<count {
        let row = UnsafeRawPointer(rows[k] + i)
        let weight = SIMD16<Int32>(repeating: Int32(taps[k]))
        low &+= SIMD16<Int32>(truncatingIfNeeded: row.loadUnaligned(as: SIMD16<UInt8>.self)) &* weight
        high &+=
          SIMD16<Int32>(truncatingIfNeeded: row.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)) &* weight
      }
      store(low, at: out + i)
      store(high, at: out + i + 16)
      i += 32
    }
    while i + 16 <= length {
      var sum = SIMD16<Int32>(repeating: half)
      for k in 0..<count {
        let bytes = UnsafeRawPointer(rows[k] + i).loadUnaligned(as: SIMD16<UInt8>.self)
        sum &+= SIMD16<Int32>(truncatingIfNeeded: bytes) &* SIMD16<Int32>(repeating: Int32(taps[k]))
      }
      store(sum, at: out + i)
      i += 16
    }
    while i < length {
      var sum = half
      for k in 0..<count { sum &+= Int32(rows[k][i]) &* Int32(taps[k]) }
      out[i] = Int16(truncatingIfNeeded: sum &>> Int32(verticalShift))
      i += 1
    }
  }

  @inline(__always)
  private static func store(_ sums: SIMD16<Int32>, at pointer: UnsafeMutablePointer<Int16>) {
    UnsafeMutableRawPointer(pointer).storeBytes(
      of: SIMD16<Int16>(truncatingIfNeeded: sums &>> Int32(verticalShift)), as: SIMD16<Int16>.self)
  }

  /// Splits an interleaved intermediate row of `count` pixels into one plane per channel
  /// (1 or 3), so the horizontal pass multiplies whole vectors of one channel at once.
  package static func split(
    _ row: UnsafePointer<Int16>, count: Int, channels: Int, into planes: UnsafePointer<UnsafeMutablePointer<Int16>>
  ) {
    if channels == 1 {
      planes[0].update(from: row, count: count)
      return
    }
    let (red, green, blue) = (planes[0], planes[1], planes[2])
    for x in 0..<count {
      red[x] = row[3 * x]
      green[x] = row[3 * x + 1]
      blue[x] = row[3 * x + 2]
    }
  }

  /// One output row from `channels` planes (1 or 3) of intermediate samples: for each output
  /// pixel, a dot product of its taps with the plane from its first tap on, rounded, clamped
  /// to 0...255 and written interleaved.
  ///
  /// Preconditions: `table` holds `count` × `stride` taps (stride a multiple of 8), output
  /// pixel x's from `x × stride` on, reading the planes from `starts[x] − rowStart` on; each
  /// plane has at least `stride` readable values past the last start (the padding taps weigh 0).
  package static func horizontal(
    _ planes: UnsafePointer<UnsafeMutablePointer<Int16>>, channels: Int, rowStart: Int, starts: UnsafePointer<Int32>,
    count: Int, stride: Int, table: UnsafePointer<Int16>, into out: UnsafeMutablePointer<UInt8>
  ) {
    let rounding = SIMD4<Int32>(repeating: Int32(1 << (horizontalShift - 1)))
    if channels == 1 {
      let plane = planes[0]
      for x in 0..<count {
        let taps = table + x * stride
        let p = plane + (Int(starts[x]) - rowStart)
        var sum = SIMD8<Int32>.zero
        for j in Swift.stride(from: 0, to: stride, by: 8) { sum &+= load8(p + j) &* load8(taps + j) }
        out[x] = clampedBytes(sums(sum, .zero, .zero, .zero) &+ rounding)[0]
      }
      return
    }
    let (red, green, blue) = (planes[0], planes[1], planes[2])
    @inline(__always) func pixel(_ x: Int) -> SIMD4<UInt8> {
      let taps = table + x * stride
      let offset = Int(starts[x]) - rowStart
      var r = SIMD8<Int32>.zero
      var g = SIMD8<Int32>.zero
      var b = SIMD8<Int32>.zero
      for j in Swift.stride(from: offset, to: offset + stride, by: 8) {
        let w = load8(taps + (j - offset))
        r &+= load8(red + j) &* w
        g &+= load8(green + j) &* w
        b &+= load8(blue + j) &* w
      }
      return clampedBytes(sums(r, g, b, b) &+ rounding)  // the fourth lane is overwritten
    }
    guard count > 0 else { return }
    // Four bytes at once; the fourth is overwritten by the next pixel. The last pixel goes
    // byte by byte, outside the loop, so the loop's pixels stay in vector registers.
    for x in 0..<(count - 1) {
      UnsafeMutableRawPointer(out + 3 * x).storeBytes(of: pixel(x), as: SIMD4<UInt8>.self)
    }
    let last = pixel(count - 1)
    for c in 0..<3 { out[3 * (count - 1) + c] = last[c] }
  }

  /// The totals of four accumulators, in order.
  @inline(__always)
  private static func sums(_ a: SIMD8<Int32>, _ b: SIMD8<Int32>, _ c: SIMD8<Int32>, _ d: SIMD8<Int32>) -> SIMD4<Int32> {
    let ab = SIMD8(lowHalf: a.lowHalf &+ a.highHalf, highHalf: b.lowHalf &+ b.highHalf)
    let cd = SIMD8(lowHalf: c.lowHalf &+ c.highHalf, highHalf: d.lowHalf &+ d.highHalf)
    let pairs = SIMD8(lowHalf: ab.evenHalf &+ ab.oddHalf, highHalf: cd.evenHalf &+ cd.oddHalf)
    return pairs.evenHalf &+ pairs.oddHalf
  }

  /// Rounded sums in output units, clamped lane by lane to 0...255 (Lanczos' lobes never
  /// wrap). Written as min and max, which the compiler turns into two saturating packs; the
  /// bit tricks it replaced were partly moved to scalar registers, at 60 % of the pass' time.
  @inline(__always)
  private static func clampedBytes(_ sums: SIMD4<Int32>) -> SIMD4<UInt8> {
    let shifted = sums &>> Int32(horizontalShift)
    return SIMD4<UInt8>(truncatingIfNeeded: pointwiseMin(pointwiseMax(shifted, .zero), SIMD4(repeating: 255)))
  }

  /// Eight 16-bit samples or taps, widened to 32 bits for the multiply.
  @inline(__always)
  private static func load8(_ pointer: UnsafePointer<Int16>) -> SIMD8<Int32> {
    SIMD8<Int32>(truncatingIfNeeded: UnsafeRawPointer(pointer).loadUnaligned(as: SIMD8<Int16>.self))
  }
}
