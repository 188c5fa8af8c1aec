import TestSupport
import Testing

@testable import ArtworkCodec
@testable import ArtworkGeometry
@testable import ArtworkPixels

struct ResamplerTests {
  static let interpolating: [ResampleKernel] = [.lanczos3, .catmullRom, .bilinear, .box]

  static func pattern(_ layout: ChannelLayout, width: Int, height: Int, depth: Int = 8, seed: UInt64 = 7) -> Image {
    var random = SeededGenerator(seed: seed)
    let count = width * height * layout.channels
    if depth == 16 {
      return Image(
        width: width, height: height, layout: layout,
        storage: .uint16((0..<count).map { _ in UInt16.random(in: 0...65535, using: &random) }))
    }
    return Image(
      width: width, height: height, layout: layout,
      storage: .uint8((0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }))
  }

  @Test(arguments: ResampleKernel.allCases)
  func weightsSumToOne(kernel: ResampleKernel) {
    for (source, output) in [(100, 37), (37, 100), (1000, 3), (3, 1000), (1, 9), (9, 1), (4000, 1170)] {
      let weights = AxisWeights(
        sourceLength: source, origin: 0.3, span: Double(source) - 0.7, outputLength: output, kernel: kernel)
      for x in 0..<weights.count {
        let sum = (0..<Int(weights.lengths[x])).reduce(Float(0)) { $0 + weights.weights[x * weights.stride + $1] }
        #expect(abs(sum - 1) < 1e-5, "\(kernel) \(source)->\(output) pixel \(x): \(sum)")
        #expect(weights.starts[x] >= 0 && Int(weights.starts[x] + weights.lengths[x]) <= source)
      }
    }
  }

  @Test(arguments: interpolating, ChannelLayout.allCases)
  func identityScaleCopiesExactly(kernel: ResampleKernel, layout: ChannelLayout) {
    for depth in [8, 16] {
      let image = Self.pattern(layout, width: 23, height: 17, depth: depth)
      let copy = Resampler.resample(image, to: PixelSize(23, 17), options: ResampleOptions(kernel: kernel))
      if layout.hasAlpha {
        // Alpha comes back exactly; colour too wherever alpha is not zero (a fully
        // transparent pixel has no colour left after premultiplication, and stores 0).
        let channels = layout.channels
        let have = copy.storage
        let want = image.storage
        for pixel in 0..<(23 * 17) {
          let base = pixel * channels
          let alpha = sample(want, base + channels - 1)
          for c in 0..<channels {
            let expected = alpha == 0 && c < channels - 1 ? 0 : sample(want, base + c)
            #expect(sample(have, base + c) == expected, "\(kernel) \(layout) \(depth)-bit pixel \(pixel) channel \(c)")
          }
        }
      } else {
        #expect(copy == image, "\(kernel) \(layout) \(depth)-bit")
      }
    }
    let opaque = Image(width: 9, height: 5, layout: .rgba, filledWith: [12, 200, 99, 255])
    #expect(Resampler.resample(opaque, to: PixelSize(9, 5), options: ResampleOptions(kernel: kernel)) == opaque)
  }

  @Test(arguments: ResampleKernel.allCases)
  func constantImagesStayConstant(kernel: ResampleKernel) {
    let image = Image(width: 40, height: 30, layout: .rgba, filledWith: [17, 128, 250, 200])
    for size in [PixelSize(13, 7), PixelSize(97, 61), PixelSize(1, 1), PixelSize(40, 3)] {
      for linear in [false, true] {
        let out = Resampler.resample(
          image, from: Rect(x: 3.25, y: 1.5, width: 30.5, height: 20.25), to: size,
          options: ResampleOptions(kernel: kernel, linear: linear))
        #expect(Set(stride(from: 0, to: samples8(out).count, by: 4).map { samples8(out)[$0..<$0 + 4] }).count == 1)
        #expect(Array(samples8(out)[0..<4]) == [17, 128, 250, 200], "\(kernel) \(size) linear \(linear)")
      }
    }
  }

  @Test func onePixelWideAndExtremeRatiosWork() {
    let column = Image(width: 1, height: 50, layout: .rgb, filledWith: [9, 8, 7])
    let wide = Resampler.resample(column, to: PixelSize(5, 7))
    #expect(wide.width == 5 && wide.height == 7 && Set(samples8(wide)) == [9, 8, 7])
    let strip = Self.pattern(.gray, width: 10000, height: 1)
    let small = Resampler.resample(strip, to: PixelSize(100, 1))
    #expect(small.width == 100 && small.height == 1)
    let tall = Resampler.resample(strip, to: PixelSize(3, 200))
    #expect(tall.width == 3 && tall.height == 200)
  }

  @Test func boxHalvingAveragesPairsWithoutShift() {
    // v = x: a 2x box reduction must give the mean of each pair, (2i + 2i + 1) / 2.
    let ramp = Image(width: 256, height: 2, layout: .gray, storage: .uint16((0..<512).map { UInt16(($0 % 256) * 256) }))
    let half = Resampler.resample(ramp, to: PixelSize(128, 1), options: ResampleOptions(kernel: .box))
    for (i, value) in samples16(half).enumerated() {
      #expect(Int(value) == (2 * i) * 256 + 128, "pixel \(i)")
    }
  }

  @Test func symmetricEdgeStaysSymmetric() {
    // A step in the middle, shrunk by an odd factor: pixel centres at +0.5 keep it centred.
    var samples = [UInt8](repeating: 0, count: 300)
    for x in 150..<300 { samples[x] = 255 }
    let step = Image(width: 300, height: 1, layout: .gray, storage: .uint8(samples))
    let out = samples8(Resampler.resample(step, to: PixelSize(100, 1)))
    for i in 0..<50 { #expect(Int(out[i]) + Int(out[99 - i]) == 255, "pixel \(i) and \(99 - i)") }
  }

  @Test func ringingIsClampedNotWrapped() {
    var samples = [UInt8](repeating: 0, count: 40)
    for x in 20..<40 { samples[x] = 255 }
    let step = Image(width: 40, height: 1, layout: .gray, storage: .uint8(samples))
    let out = samples8(Resampler.resample(step, to: PixelSize(160, 1)))
    #expect(out[0..<70].allSatisfy { $0 < 10 }, "the dark side stays dark: \(out[0..<70])")
    #expect(out[90...].allSatisfy { $0 > 245 }, "the bright side stays bright: \(out[90...])")
  }

  @Test func sixteenBitPrecisionIsKept() {
    // A smooth 16-bit ramp shrunk 3x: values between 8-bit levels survive.
    let ramp = Image(
      width: 3000, height: 3, layout: .gray, storage: .uint16((0..<9000).map { UInt16(($0 % 3000) * 21) }))
    let out = samples16(Resampler.resample(ramp, to: PixelSize(1000, 1)))
    let inner = out[10..<990]
    #expect(inner.contains { $0 % 257 != 0 })
    for (i, value) in zip(10..<990, inner) {
      let expected = Double(3 * i + 1) * 21
      #expect(abs(Double(value) - expected) <= 1, "pixel \(i): \(value) vs \(expected)")
    }
  }

  @Test func transparentPixelsDoNotBleed() {
    // Left half opaque red, right half fully transparent green.
    var samples: [UInt8] = []
    for _ in 0..<20 { for x in 0..<40 { samples += x < 20 ? [255, 0, 0, 255] : [0, 255, 0, 0] } }
    let image = Image(width: 40, height: 20, layout: .rgba, storage: .uint8(samples))
    for kernel in ResampleKernel.allCases {
      let out = samples8(Resampler.resample(image, to: PixelSize(13, 7), options: ResampleOptions(kernel: kernel)))
      for pixel in stride(from: 0, to: out.count, by: 4) where out[pixel + 3] > 0 {
        #expect(out[pixel + 1] == 0 && out[pixel] >= 254, "\(kernel): \(out[pixel..<pixel + 4])")
      }
    }
  }

  @Test func sameResultWhateverTheThreadCount() {
    let image = Self.pattern(.rgba, width: 301, height: 199)
    let rect = Rect(x: 10.3, y: 4.7, width: 250.1, height: 180.9)
    let one = Resampler.resample(image, from: rect, to: PixelSize(97, 151), options: ResampleOptions(threads: 1))
    for threads in [2, 3, 8] {
      #expect(
        Resampler.resample(image, from: rect, to: PixelSize(97, 151), options: ResampleOptions(threads: threads)) == one
      )
    }
  }

  @Test(arguments: [1, 2, 3, 7, 15, 17, 1023])
  func simdEqualsScalarBitForBit(width: Int) {
    for layout in [ChannelLayout.rgb, .rgba, .gray] {
      let image = Self.pattern(layout, width: width, height: 9, seed: UInt64(width))
      for size in [PixelSize(max(1, width / 3), 4), PixelSize(width * 2 + 1, 19)] {
        for kernel in ResampleKernel.allCases {
          let simd = Resampler.resample(image, to: size, options: ResampleOptions(kernel: kernel, path: .simdFloat))
          let scalar = Resampler.resample(image, to: size, options: ResampleOptions(kernel: kernel, path: .scalar))
          #expect(simd == scalar, "\(layout) \(width)->\(size) \(kernel)")
        }
      }
    }
  }

  @Test func subRectCropAndResizeIsOnePass() {
    // Quadrants: the crop of the top-right quadrant resized shows only its colour.
    var samples: [UInt8] = []
    for y in 0..<100 { for x in 0..<100 { samples += x >= 50 ? (y < 50 ? [0, 200, 0] : [0, 0, 200]) : [200, 0, 0] } }
    let image = Image(width: 100, height: 100, layout: .rgb, storage: .uint8(samples))
    let out = Resampler.resample(image, from: Rect(x: 60, y: 5, width: 30, height: 30), to: PixelSize(64, 64))
    #expect(Set(samples8(out)) == [0, 200])
    #expect(out.pixel(x: 32, y: 32) == [0, 200, 0])
  }
}

func sample(_ storage: PixelStorage, _ index: Int) -> Int {
  switch storage {
  case .uint8(let samples): Int(samples[index])
  case .uint16(let samples): Int(samples[index])
  }
}

/// A resample written in an earlier picture's memory gives the picture a fresh one would.
struct ResamplerReuseTests {
  @Test(arguments: [ChannelLayout.rgb, .gray])
  func aPictureInReusedMemoryIsTheSameAsInFreshMemory(layout: ChannelLayout) {
    let image = ResamplerTests.pattern(layout, width: 90, height: 70)
    var storage: [UInt8] = []
    // Growing into fresh memory, shrinking, growing again within what is kept, the same size.
    for size in [PixelSize(40, 30), PixelSize(12, 9), PixelSize(33, 30), PixelSize(33, 30), PixelSize(120, 100)] {
      let fresh = Resampler.resample(image, to: size)
      let reused = Resampler.resample(image, to: size, reusing: consume storage)
      #expect(reused == fresh, "\(layout) \(size)")
      guard case .uint8(let samples) = reused.storage else {
        Issue.record("8-bit in, 8-bit out")
        return
      }
      storage = samples
    }
  }

  @Test func aSmallerPictureIsWrittenInTheSameMemory() {
    let image = ResamplerTests.pattern(.rgb, width: 64, height: 64)
    guard case .uint8(let first) = Resampler.resample(image, to: PixelSize(50, 40)).storage else {
      Issue.record("8-bit in, 8-bit out")
      return
    }
    let address = first.withUnsafeBufferPointer { $0.baseAddress }
    let second = Resampler.resample(image, to: PixelSize(20, 30), reusing: consume first)
    guard case .uint8(let samples) = second.storage else {
      Issue.record("8-bit in, 8-bit out")
      return
    }
    #expect(samples.withUnsafeBufferPointer { $0.baseAddress } == address)
  }
}
