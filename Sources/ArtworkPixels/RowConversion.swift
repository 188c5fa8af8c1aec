import ArtworkCodec

/// Moves pixels between integer samples and the resampler's working form: one
/// SIMD4<Float> per pixel, 0...1, alpha premultiplied.
///
/// Lane layout:   gray  (g, 0, 0, 1)   gray+alpha (g·a, 0, 0, a)
///                RGB   (r, g, b, 1)   RGBA       (r·a, g·a, b·a, a)
struct RowConversion {
  let channels: Int
  let hasAlpha: Bool
  /// Sample value → 0...1 float (encoded or linear light).
  let toFloat: [Float]
  let linear: Bool

  init(layout: ChannelLayout, bitDepth: Int, linear: Bool) {
    channels = layout.channels
    hasAlpha = layout.hasAlpha
    self.linear = linear
    switch (bitDepth, linear) {
    case (8, false): toFloat = ColorTransfer.unit8
    case (8, true): toFloat = ColorTransfer.linear8
    case (_, false): toFloat = ColorTransfer.unit16
    default: toFloat = ColorTransfer.linear16
    }
  }

  /// Loads `count` pixels starting at `source` into `out`.
  ///
  /// Preconditions: `source` holds `count × channels` samples; `out` holds `count` pixels.
  @inline(__always)
  func load<S: PixelSample>(
    _ source: UnsafePointer<S>, count: Int, into out: UnsafeMutablePointer<SIMD4<Float>>
  ) {
    toFloat.withUnsafeBufferPointer { table in
      let lut = table.baseAddress!
      switch channels {
      case 1:
        for i in 0..<count { out[i] = SIMD4(lut[Int(source[i])], 0, 0, 1) }
      case 2:
        for i in 0..<count {
          // alpha is never gamma-decoded
          let a = Float(source[2 * i + 1]) / S.maxFloat
          out[i] = SIMD4(lut[Int(source[2 * i])] * a, 0, 0, a)
        }
      case 3:
        for i in 0..<count {
          let p = source + 3 * i
          out[i] = SIMD4(lut[Int(p[0])], lut[Int(p[1])], lut[Int(p[2])], 1)
        }
      default:
        for i in 0..<count {
          let p = source + 4 * i
          let a = Float(p[3]) / S.maxFloat
          out[i] = SIMD4(lut[Int(p[0])] * a, lut[Int(p[1])] * a, lut[Int(p[2])] * a, a)
        }
      }
    }
  }

  /// Stores `count` pixels from `pixels` into `out`: unpremultiplied, clamped, rounded to
  /// the nearest sample (ties to even). One loop per layout keeps the branches out.
  @inline(__always)
  func store<S: PixelSample>(
    _ pixels: UnsafePointer<SIMD4<Float>>, count: Int, into out: UnsafeMutablePointer<S>
  ) {
    let maxValue = S.maxFloat
    if !hasAlpha && !linear {
      storeOpaque(pixels, count: count, into: out)
      return
    }
    @inline(__always) func samples(_ i: Int) -> SIMD4<UInt32> {
      var p = pixels[i]
      if hasAlpha {
        let a = p[3]
        p = a > 0 ? SIMD4(p[0] / a, p[1] / a, p[2] / a, a) : .zero
      }
      p = clampUnit(p)
      if !linear { return quantised(p * maxValue) }
      if S.self == UInt8.self {
        // Linear light back to sRGB through the table; alpha stays linear.
        let index = quantised(p * 65535)
        return SIMD4(
          UInt32(ColorTransfer.encode8[Int(index[0])]), UInt32(ColorTransfer.encode8[Int(index[1])]),
          UInt32(ColorTransfer.encode8[Int(index[2])]), quantised(p * maxValue)[3])
      }
      let encoded = SIMD4<Float>(
        Float(ColorTransfer.sRGB(fromLinear: Double(p[0]))), Float(ColorTransfer.sRGB(fromLinear: Double(p[1]))),
        Float(ColorTransfer.sRGB(fromLinear: Double(p[2]))), p[3])
      return quantised(encoded * maxValue)
    }
    switch channels {
    case 1:
      for i in 0..<count { out[i] = S(truncatingIfNeeded: samples(i)[0]) }
    case 2:
      for i in 0..<count {
        let v = samples(i)
        out[2 * i] = S(truncatingIfNeeded: v[0])
        out[2 * i + 1] = S(truncatingIfNeeded: v[3])
      }
    case 3:
      for i in 0..<count {
        let v = samples(i)
        out[3 * i] = S(truncatingIfNeeded: v[0])
        out[3 * i + 1] = S(truncatingIfNeeded: v[1])
        out[3 * i + 2] = S(truncatingIfNeeded: v[2])
      }
    default:
      for i in 0..<count {
        let v = samples(i)
        out[4 * i] = S(truncatingIfNeeded: v[0])
        out[4 * i + 1] = S(truncatingIfNeeded: v[1])
        out[4 * i + 2] = S(truncatingIfNeeded: v[2])
        out[4 * i + 3] = S(truncatingIfNeeded: v[3])
      }
    }
  }
}

extension RowConversion {
  /// The common case, opaque and encoded: clamp, scale, round, write.
  @inline(__always)
  func storeOpaque<S: PixelSample>(_ pixels: UnsafePointer<SIMD4<Float>>, count: Int, into out: UnsafeMutablePointer<S>)
  {
    let maxValue = SIMD4<Float>(repeating: S.maxFloat)
    if channels == 3 {
      for i in 0..<count {
        let v = quantised(clampUnit(pixels[i]) * maxValue)
        out[3 * i] = S(truncatingIfNeeded: v[0])
        out[3 * i + 1] = S(truncatingIfNeeded: v[1])
        out[3 * i + 2] = S(truncatingIfNeeded: v[2])
      }
    } else {
      for i in 0..<count { out[i] = S(truncatingIfNeeded: quantised(clampUnit(pixels[i]) * maxValue)[0]) }
    }
  }
}

/// Each lane clamped to 0...1 (written out: the generic pointwise min/max is not inlined).
@inline(__always)
func clampUnit(_ v: SIMD4<Float>) -> SIMD4<Float> {
  SIMD4(min(max(v[0], 0), 1), min(max(v[1], 0), 1), min(max(v[2], 0), 1), min(max(v[3], 0), 1))
}

/// Rounds values in 0...65535 to the nearest integer (ties to even) without range checks:
/// adding 1.5 × 2^23 leaves the integer in the low mantissa bits.
@inline(__always)
func quantised(_ values: SIMD4<Float>) -> SIMD4<UInt32> {
  let shifted = values + SIMD4(repeating: 12_582_912)
  return unsafeBitCast(shifted, to: SIMD4<UInt32>.self) &- 0x4B40_0000
}
