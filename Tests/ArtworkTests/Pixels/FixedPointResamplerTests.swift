import TestSupport
import Testing

@testable import ArtworkCodec
@testable import ArtworkGeometry
@testable import ArtworkPixels

extension Slow {
  /// The 8-bit fixed-point path (vertical first, 16-bit weights), against the float path and
  /// between its two builds.
  @Suite(.tags(.slow))
  struct FixedPointResamplerTests {
    /// Both builds of the passes this machine can run: the baseline always, AVX2 when present.
    static var builds: [FixedPointKernels] {
      var builds = [FixedPointKernels.baseline]
      #if arch(x86_64)
        if FixedPointKernels.best?.name == "avx2" { builds.append(.avx2) }
      #endif
      return builds
    }

    static func fixedPoint(
      _ image: Image, from rect: Rect? = nil, to size: PixelSize, kernel: ResampleKernel = .lanczos3, threads: Int = 1,
      kernels: FixedPointKernels
    ) -> Image {
      let rect = rect ?? Rect.of(Size(Double(image.width), Double(image.height)))
      let horizontal = FixedPointWeights(
        AxisWeights(
          sourceLength: image.width, origin: rect.x, span: rect.width, outputLength: size.width, kernel: kernel)
      )!
      let vertical = FixedPointWeights(
        AxisWeights(
          sourceLength: image.height, origin: rect.y, span: rect.height, outputLength: size.height, kernel: kernel))!
      guard case .uint8(let samples) = image.storage else { fatalError("8-bit only") }
      let output = Resampler.runFixedPoint(samples, image, horizontal, vertical, threads: threads, kernels: kernels)
      return Image(width: size.width, height: size.height, layout: image.layout, storage: .uint8(output))
    }

    /// A smooth picture with edges, like a photograph: gradients, a disc, a few hard steps.
    static func picture(_ layout: ChannelLayout, width: Int, height: Int) -> Image {
      var samples: [UInt8] = []
      for y in 0..<height {
        for x in 0..<width {
          let dx = Double(x) - Double(width) / 2
          let dy = Double(y) - Double(height) / 2
          let disc = dx * dx + dy * dy < Double(min(width, height) * min(width, height)) / 9
          let r = disc ? 240 : (x * 255) / max(1, width - 1)
          let g = (x / 7 + y / 5) % 2 == 0 ? 30 : 220
          let b = (y * 255) / max(1, height - 1)
          samples += layout == .gray ? [UInt8((r + g + b) / 3)] : [UInt8(r), UInt8(g), UInt8(b)]
        }
      }
      return Image(width: width, height: height, layout: layout, storage: .uint8(samples))
    }

    @Test(arguments: [ChannelLayout.rgb, .gray])
    func withinOneLevelOfTheFloatPath(layout: ChannelLayout) {
      // Widths around the vector sizes (16 and 32 bytes, 8 taps, 4 pixels), crops with
      // fractional origins, reductions to 1/9 and enlargements to 3x, every kernel.
      for (width, height) in [(1, 5), (2, 3), (7, 9), (17, 11), (33, 20), (97, 61)] {
        let image = ResamplerTests.pattern(layout, width: width, height: height, seed: UInt64(width))
        let smooth = Self.picture(layout, width: width, height: height)
        let rect = Rect(
          x: Double(width) * 0.13, y: Double(height) * 0.21, width: Double(width) * 0.7, height: Double(height) * 0.6)
        let sizes = [
          PixelSize(max(1, width / 9), max(1, height / 9)), PixelSize(width * 3, height * 3),
          PixelSize(width / 2 + 1, height + 7),
        ]
        for source in [image, smooth] {
          for size in sizes {
            for kernel in ResampleKernel.allCases {
              for crop in [nil, rect] {
                let float = Resampler.resample(
                  source, from: crop, to: size, options: ResampleOptions(kernel: kernel, path: .simdFloat))
                for build in Self.builds {
                  let fixed = Self.fixedPoint(source, from: crop, to: size, kernel: kernel, kernels: build)
                  let worst = zip(samples8(fixed), samples8(float)).map { abs(Int($0) - Int($1)) }.max()!
                  #expect(
                    worst <= 1,
                    "\(build.name) \(layout) \(width)x\(height) -> \(size) \(kernel) crop \(crop != nil): \(worst)")
                }
              }
            }
          }
        }
      }
    }

    @Test(.enabled(if: builds.count == 2, "needs a CPU with AVX2"))
    func theTwoBuildsGiveTheSameBytes() {
      for layout in [ChannelLayout.rgb, .gray] {
        let image = Self.picture(layout, width: 403, height: 301)
        // Strides 8, 16, 24 and 32 (the AVX2 build's unrolled instances) and longer ones.
        let sizes = [PixelSize(117, 253), PixelSize(39, 21), PixelSize(600, 330), PixelSize(97, 53), PixelSize(64, 60)]
        for size in sizes {
          let rect = Rect(x: 10.25, y: 3.5, width: 300.75, height: 290.1)
          let baseline = Self.fixedPoint(image, from: rect, to: size, kernels: .baseline)
          #expect(Self.fixedPoint(image, from: rect, to: size, kernels: .avx2) == baseline, "\(layout) \(size)")
        }
      }
    }

    @Test func constantImagesStayExactlyConstant() {
      // The weights of every pixel sum to exactly 2^14, so no reduction drifts a flat area,
      // however many taps (here up to 1,800).
      for (layout, value) in [(ChannelLayout.rgb, [17, 128, 250] as [UInt8]), (.gray, [201])] {
        let image = Image(width: 4000, height: 30, layout: layout, filledWith: value)
        for size in [PixelSize(13, 7), PixelSize(4100, 3), PixelSize(1, 1), PixelSize(7, 3)] {
          for kernel in ResampleKernel.allCases {
            for build in Self.builds {
              let out = samples8(
                Self.fixedPoint(
                  image, from: Rect(x: 3.25, y: 1.5, width: 3990.5, height: 20.25), to: size, kernel: kernel,
                  kernels: build))
              let expected = (0..<size.width * size.height).flatMap { _ in value }
              #expect(out == expected, "\(build.name) \(layout) \(size) \(kernel)")
            }
          }
        }
      }
    }

    @Test func sameBytesWhateverTheThreadCount() {
      let image = Self.picture(.rgb, width: 301, height: 207)
      let rect = Rect(x: 10.3, y: 4.7, width: 250.1, height: 180.9)
      for build in Self.builds {
        let one = Self.fixedPoint(image, from: rect, to: PixelSize(197, 251), threads: 1, kernels: build)
        for threads in [2, 3, 8] {
          #expect(Self.fixedPoint(image, from: rect, to: PixelSize(197, 251), threads: threads, kernels: build) == one)
        }
      }
    }

    @Test(.enabled(if: FixedPointKernels.best != nil, "this CPU has no fixed-point build to take"))
    func theDefaultPathTakesItForOpaqueEightBitImages() throws {
      // What `resample` runs by default is the fixed-point path when this machine has one.
      let best = try #require(FixedPointKernels.best)
      let image = Self.picture(.rgb, width: 300, height: 200)
      #expect(
        Resampler.resample(image, to: PixelSize(123, 77))
          == Self.fixedPoint(image, to: PixelSize(123, 77), kernels: best)
      )
      #expect(Resampler.fixedPointApplies(to: image, options: ResampleOptions()))
      #expect(!Resampler.fixedPointApplies(to: image, options: ResampleOptions(linear: true)))
      #expect(
        !Resampler.fixedPointApplies(to: ResamplerTests.pattern(.rgba, width: 3, height: 3), options: ResampleOptions())
      )
    }
  }
}
