import ArtworkPlatform

/// The filters the resampler offers, as (function, support) pairs in one table.
public enum ResampleKernel: String, Sendable, Hashable, CaseIterable, Codable {
  /// Lanczos windowed sinc, three lobes: sharp, the default (as libvips and Pillow).
  case lanczos3
  /// Mitchell–Netravali cubic (B = C = 1/3): soft, no ringing; blurs slightly even at 1:1.
  case mitchell
  /// Catmull-Rom cubic (B = 0, C = 1/2): interpolating, mild ringing.
  case catmullRom = "catmull-rom"
  /// Triangle filter: bilinear when enlarging, a tent average when shrinking.
  case bilinear
  /// Box filter: nearest when enlarging, an area average when shrinking.
  case box

  /// Half-width of the kernel at scale 1, in source pixels.
  public var support: Double {
    switch self {
    case .lanczos3: 3
    case .mitchell, .catmullRom: 2
    case .bilinear: 1
    case .box: 0.5
    }
  }

  /// The kernel's value at distance `x` (in kernel units).
  public func weight(_ x: Double) -> Double {
    let t = abs(x)
    switch self {
    case .lanczos3:
      if t < 1e-12 { return 1 }
      if t >= 3 { return 0 }
      let px = Double.pi * x
      // sin(3a) = sin(a)(3 − 4 sin²a): one sine per tap, not two.
      let third = sin(px / 3)
      return 3 * third * third * (3 - 4 * third * third) / (px * px)
    case .mitchell: return cubic(t, b: 1.0 / 3, c: 1.0 / 3)
    case .catmullRom: return cubic(t, b: 0, c: 0.5)
    case .bilinear: return t < 1 ? 1 - t : 0
    case .box: return x >= -0.5 && x < 0.5 ? 1 : 0
    }
  }

  /// Mitchell–Netravali family of cubics.
  private func cubic(_ t: Double, b: Double, c: Double) -> Double {
    if t < 1 {
      return ((12 - 9 * b - 6 * c) * t * t * t + (-18 + 12 * b + 6 * c) * t * t + (6 - 2 * b)) / 6
    }
    if t < 2 {
      return ((-b - 6 * c) * t * t * t + (6 * b + 30 * c) * t * t + (-12 * b - 48 * c) * t + (8 * b + 24 * c)) / 6
    }
    return 0
  }
}
