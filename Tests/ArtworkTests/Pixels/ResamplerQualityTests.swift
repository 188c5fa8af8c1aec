import TestSupport
import Testing

@testable import ArtworkCodec
@testable import ArtworkGeometry
@testable import ArtworkPixels

extension Slow {
  /// Quality against an independent float64 Lanczos3 reference on a real photograph, for
  /// every format, reductions 1.1x to 8x and enlargements to 3x, encoded and linear light.
  @Suite(.tags(.slow))
  struct ResamplerQualityTests {
    /// A 160x120 crop of a SampleArt photograph, in the requested layout and depth.
    static func photo() throws -> Image {
      let full = try ImageDecoder.decode(file: Fixtures.path("../../../SampleArt/evening-glow-landscape.jpg"))
      return Resampler.resample(
        full, from: Rect(x: 700, y: 400, width: 320, height: 240), to: PixelSize(160, 120),
        options: ResampleOptions(kernel: .box))
    }

    static func convert(_ image: Image, to layout: ChannelLayout, depth: Int) -> Image {
      let rgb = samples8(image)
      var out: [Int] = []
      for i in 0..<(image.width * image.height) {
        let r = Int(rgb[3 * i])
        let g = Int(rgb[3 * i + 1])
        let b = Int(rgb[3 * i + 2])
        let gray = (r * 299 + g * 587 + b * 114) / 1000
        let alpha = 255 - (i % image.width) * 255 / image.width / 2  // a soft horizontal fade
        switch layout {
        case .gray: out += [gray]
        case .grayAlpha: out += [gray, alpha]
        case .rgb: out += [r, g, b]
        case .rgba: out += [r, g, b, alpha]
        }
      }
      if depth == 16 {
        return Image(
          width: image.width, height: image.height, layout: layout, storage: .uint16(out.map { UInt16($0 * 257) }))
      }
      return Image(width: image.width, height: image.height, layout: layout, storage: .uint8(out.map(UInt8.init)))
    }

    /// The reference: separable Lanczos3 in Double, centres at +0.5, kernel widened by 1/scale
    /// when shrinking, edges repeated, alpha premultiplied; returns 0...1 samples.
    static func reference(_ image: Image, to size: PixelSize, linear: Bool) -> [Double] {
      let channels = image.layout.channels
      let peak = image.bitDepth == 16 ? 65535.0 : 255.0
      let raw: [Double]
      switch image.storage {
      case .uint8(let s): raw = s.map { Double($0) / peak }
      case .uint16(let s): raw = s.map { Double($0) / peak }
      }
      let colours = image.layout.withoutAlpha.channels
      var work = raw
      for p in 0..<(image.width * image.height) {
        let a = image.layout.hasAlpha ? raw[p * channels + channels - 1] : 1
        for c in 0..<colours {
          var v = raw[p * channels + c]
          if linear { v = ColorTransfer.linear(fromSRGB: v) }
          work[p * channels + c] = v * a
        }
      }
      func axis(_ n: Int, _ out: Int) -> [[(Int, Double)]] {
        let scale = Double(out) / Double(n)
        let stretch = max(1, 1 / scale)
        return (0..<out).map { i in
          let centre = (Double(i) + 0.5) / scale
          var taps: [(Int, Double)] = []
          var total = 0.0
          for j in Int((centre - 3 * stretch).rounded(.down))...Int((centre + 3 * stretch).rounded(.up)) {
            let w = ResampleKernel.lanczos3.weight((Double(j) + 0.5 - centre) / stretch)
            taps.append((min(max(j, 0), n - 1), w))
            total += w
          }
          return taps.map { ($0.0, $0.1 / total) }
        }
      }
      let xs = axis(image.width, size.width)
      let ys = axis(image.height, size.height)
      var rows = [Double](repeating: 0, count: image.height * size.width * channels)
      for y in 0..<image.height {
        for (x, taps) in xs.enumerated() {
          for c in 0..<channels {
            rows[(y * size.width + x) * channels + c] = taps.reduce(0) {
              $0 + $1.1 * work[(y * image.width + $1.0) * channels + c]
            }
          }
        }
      }
      var out = [Double](repeating: 0, count: size.width * size.height * channels)
      for (y, taps) in ys.enumerated() {
        for x in 0..<size.width {
          var pixel = (0..<channels).map { c in
            taps.reduce(0) { $0 + $1.1 * rows[($1.0 * size.width + x) * channels + c] }
          }
          let a = image.layout.hasAlpha ? min(max(pixel[channels - 1], 0), 1) : 1
          for c in 0..<colours {
            var v = a > 0 ? pixel[c] / a : 0
            v = min(max(v, 0), 1)
            if linear { v = ColorTransfer.sRGB(fromLinear: v) }
            pixel[c] = v
          }
          if image.layout.hasAlpha { pixel[channels - 1] = a }
          for c in 0..<channels { out[(y * size.width + x) * channels + c] = pixel[c] }
        }
      }
      return out
    }

    static func psnr(_ image: Image, _ reference: [Double]) -> Double {
      let peak = image.bitDepth == 16 ? 65535.0 : 255.0
      let values: [Double]
      switch image.storage {
      case .uint8(let s): values = s.map { Double($0) / peak }
      case .uint16(let s): values = s.map { Double($0) / peak }
      }
      let mse = zip(values, reference).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) } / Double(values.count)
      return mse == 0 ? 99 : 10 * log10(1 / mse)
    }

    @Test(arguments: ChannelLayout.allCases, [8, 16])
    func psnrIsAtLeastFiftyDecibels(layout: ChannelLayout, depth: Int) throws {
      let image = Self.convert(try Self.photo(), to: layout, depth: depth)
      for factor in [1 / 1.1, 1 / 2.5, 1 / 8.0, 1.5, 3.0] {
        let size = PixelSize(max(1, Int((160 * factor).rounded())), max(1, Int((120 * factor).rounded())))
        for linear in [false, true] {
          let out = Resampler.resample(image, to: size, options: ResampleOptions(linear: linear))
          let score = Self.psnr(out, Self.reference(image, to: size, linear: linear))
          #expect(score >= 50, "\(layout) \(depth)-bit x\(factor) linear \(linear): \(score) dB")
        }
      }
    }
  }
}

#if canImport(Glibc)
  import Glibc
#endif
