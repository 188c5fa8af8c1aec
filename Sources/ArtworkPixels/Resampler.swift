import ArtworkCodec
import ArtworkGeometry
import ArtworkPlatform
import Dispatch

/// How to resample.
public struct ResampleOptions: Sendable, Hashable {
  /// Which loop implementation runs; `.scalar` is the reference kept for tests.
  public enum Path: Sendable, Hashable {
    /// The fastest: 16-bit fixed point for 8-bit opaque images in encoded space where the
    /// CPU runs it faster than floats (AVX2 on x86-64; any other architecture), SIMD floats
    /// for the rest.
    case simd
    /// SIMD floats for every image (bit for bit equal to `.scalar`).
    case simdFloat
    /// Plain loops, for testing the SIMD paths against (`ARTFIT_FORCE_SCALAR=1`).
    case scalar
  }

  /// The filter.
  public var kernel: ResampleKernel
  /// Filter in linear light (sRGB decoded through a table) instead of the encoded values.
  public var linear: Bool
  /// Worker threads; the output is the same whatever the count.
  public var threads: Int
  /// The code path; the output is the same on every path.
  public var path: Path

  /// Options with these values; `path` defaults to SIMD unless `ARTFIT_FORCE_SCALAR=1`.
  public init(kernel: ResampleKernel = .lanczos3, linear: Bool = false, threads: Int = 0, path: Path? = nil) {
    self.kernel = kernel
    self.linear = linear
    self.threads = threads > 0 ? threads : ResampleOptions.defaultThreads
    // ARTFIT_FORCE_SCALAR=1 forces the reference loops, for comparisons.
    self.path = path ?? (getenv("ARTFIT_FORCE_SCALAR").map { String(cString: $0) == "1" } == true ? .scalar : .simd)
  }

  /// The machine's cores.
  public static var defaultThreads: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}

/// Separable two-pass resampling with weights computed once per axis and rows split into
/// bands across threads: in floats, horizontal then vertical, alpha premultiplied while
/// filtering; or, for opaque 8-bit images, in fixed point, vertical then horizontal
/// (Resampler+FixedPoint.swift).
public enum Resampler {
  /// Output rows per band; each band filters the source rows it needs on its own.
  static let bandRows = 64

  /// Resamples the part `sourceRect` of `image` (fractional origin allowed) to `size`.
  /// The output has the image's layout and bit depth; crop and resize are one pass. An 8-bit
  /// opaque output is written in the memory of `storage` (say, the samples of an earlier
  /// picture) when that is large enough.
  public static func resample(
    _ image: Image, from sourceRect: Rect? = nil, to size: PixelSize, options: ResampleOptions = ResampleOptions(),
    reusing storage: consuming [UInt8] = []
  ) -> Image {
    let rect = sourceRect ?? Rect.of(Size(Double(image.width), Double(image.height)))
    precondition(rect.width > 0 && rect.height > 0 && size.width > 0 && size.height > 0, "empty resample")
    let horizontal = AxisWeights(
      sourceLength: image.width, origin: rect.x, span: rect.width, outputLength: size.width, kernel: options.kernel)
    let vertical = AxisWeights(
      sourceLength: image.height, origin: rect.y, span: rect.height, outputLength: size.height, kernel: options.kernel)
    if let kernels = FixedPointKernels.best, fixedPointApplies(to: image, options: options),
      case .uint8(let samples) = image.storage,
      let fixedHorizontal = FixedPointWeights(horizontal), let fixedVertical = FixedPointWeights(vertical)
    {
      let output = runFixedPoint(
        samples, image, fixedHorizontal, fixedVertical, threads: options.threads, kernels: kernels,
        into: consume storage)
      return Image(
        width: size.width, height: size.height, layout: image.layout, storage: .uint8(output),
        iccProfile: image.iccProfile)
    }
    let conversion = RowConversion(layout: image.layout, bitDepth: image.bitDepth, linear: options.linear)
    let storage: PixelStorage
    switch image.storage {
    case .uint8(let samples):
      storage = .uint8(run(samples, image, horizontal, vertical, conversion, options))
    case .uint16(let samples):
      storage = .uint16(run(samples, image, horizontal, vertical, conversion, options))
    }
    return Image(
      width: size.width, height: size.height, layout: image.layout, storage: storage, iccProfile: image.iccProfile)
  }

  private static func run<S: PixelSample>(
    _ samples: [S], _ image: Image, _ horizontal: AxisWeights, _ vertical: AxisWeights,
    _ conversion: RowConversion, _ options: ResampleOptions
  ) -> [S] {
    let channels = image.layout.channels
    let outWidth = horizontal.count
    let outHeight = vertical.count
    // The source columns any output pixel reads.
    let columnLow = (0..<outWidth).map { Int(horizontal.starts[$0]) }.min()!
    let columnHigh = (0..<outWidth).map { Int(horizontal.starts[$0] + horizontal.lengths[$0]) }.max()!
    let bandCount = (outHeight + bandRows - 1) / bandRows
    let bandRowsNeeded = (0..<bandCount).map { band in
      let (low, high) = sourceRows(of: band, vertical)
      return high - low
    }.max()!
    let workers = min(options.threads, bandCount)
    let output = [S](unsafeUninitializedCapacity: outWidth * outHeight * channels) { buffer, count in
      let out = SendableBuffer(buffer.baseAddress!)
      samples.withUnsafeBufferPointer { input in
        let source = SendableBuffer(UnsafeMutablePointer(mutating: input.baseAddress!))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
          let passes = FloatBandPasses(
            source: UnsafePointer(source.pointer), sourceWidth: image.width, channels: channels,
            columns: columnLow..<columnHigh, horizontal: horizontal, vertical: vertical, conversion: conversion,
            useSIMD: options.path != .scalar, bandRowsNeeded: bandRowsNeeded)
          defer { passes.deallocate() }
          for band in stride(from: worker, to: bandCount, by: workers) {
            let (low, high) = sourceRows(of: band, vertical)
            passes.filterHorizontally(sourceRows: low..<high)
            let firstRow = band * bandRows
            passes.filterVertically(
              outputRows: firstRow..<min(firstRow + bandRows, outHeight), bandStart: low, into: out.pointer)
          }
        }
      }
      count = outWidth * outHeight * channels
    }
    return output
  }

  /// The source rows band `band` reads: [low, high).
  private static func sourceRows(of band: Int, _ vertical: AxisWeights) -> (Int, Int) {
    let first = band * bandRows
    let last = min(first + bandRows, vertical.count)
    var low = Int.max
    var high = 0
    for y in first..<last {
      low = min(low, Int(vertical.starts[y]))
      high = max(high, Int(vertical.starts[y] + vertical.lengths[y]))
    }
    return (low, high)
  }
}

/// A pointer handed to worker threads that write disjoint parts of it.
struct SendableBuffer<T>: @unchecked Sendable {
  let pointer: UnsafeMutablePointer<T>
  init(_ pointer: UnsafeMutablePointer<T>) { self.pointer = pointer }
}
