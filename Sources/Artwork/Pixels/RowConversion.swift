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

  /// Stores `count` pixels from `pixels` into `out`: unpremultiplied, clamped, rounded.
  @inline(__always)
  func store<S: PixelSample>(
    _ pixels: UnsafePointer<SIMD4<Float>>, count: Int, into out: UnsafeMutablePointer<S>
  ) {
    let maxValue = S.maxFloat
    @inline(__always) func quantise(_ v: Float) -> S {
      S(truncatingIfNeeded: Int32(min(max(v, 0), 1) * maxValue + 0.5))
    }
    @inline(__always) func encode(_ v: Float) -> S {
      if !linear { return quantise(v) }
      let clamped = min(max(v, 0), 1)
      if S.self == UInt8.self {
        return S(truncatingIfNeeded: ColorTransfer.encode8[Int(clamped * 65535 + 0.5)])
      }
      return S(truncatingIfNeeded: Int32(Float(ColorTransfer.sRGB(fromLinear: Double(clamped))) * maxValue + 0.5))
    }
    for i in 0..<count {
      var p = pixels[i]
      if hasAlpha {
        let a = p[3]
        if a > 0 {
          let inverse = 1 / a
          p = SIMD4(p[0] * inverse, p[1] * inverse, p[2] * inverse, a)
        } else {
          p = .zero
        }
      }
      switch channels {
      case 1: out[i] = encode(p[0])
      case 2:
        out[2 * i] = encode(p[0])
        out[2 * i + 1] = quantise(p[3])
      case 3:
        out[3 * i] = encode(p[0])
        out[3 * i + 1] = encode(p[1])
        out[3 * i + 2] = encode(p[2])
      default:
        out[4 * i] = encode(p[0])
        out[4 * i + 1] = encode(p[1])
        out[4 * i + 2] = encode(p[2])
        out[4 * i + 3] = quantise(p[3])
      }
    }
  }
}
