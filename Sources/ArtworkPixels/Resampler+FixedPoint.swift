import ArtworkCodec
import Dispatch

/// The 8-bit path for opaque images in encoded space (every JPEG, most PNGs): vertical pass
/// first, straight from the source bytes, then horizontal, both in 16-bit fixed point
/// (FixedPoint/FixedPointPasses.swift), one output row at a time.
extension Resampler {
  /// Whether the fixed-point path can take this resample.
  static func fixedPointApplies(to image: Image, options: ResampleOptions) -> Bool {
    options.path == .simd && !options.linear && image.bitDepth == 8 && (image.layout == .gray || image.layout == .rgb)
  }

  static func runFixedPoint(
    _ samples: [UInt8], _ image: Image, _ horizontal: FixedPointWeights, _ vertical: FixedPointWeights, threads: Int,
    kernels: FixedPointKernels, into storage: consuming [UInt8] = []
  ) -> [UInt8] {
    let channels = image.layout.channels
    let outWidth = horizontal.count
    let outHeight = vertical.count
    let columnLow = Int(horizontal.starts.min()!)
    let columnHigh = (0..<outWidth).map { Int(horizontal.starts[$0] + horizontal.lengths[$0]) }.max()!
    let rowLength = columnHigh - columnLow
    // Room after each plane for the zero-weight padding taps of the last pixels.
    let planeLength = rowLength + horizontal.stride
    let bandCount = (outHeight + bandRows - 1) / bandRows
    let workers = min(threads, bandCount)
    let sourceRowBytes = image.width * channels
    let outRowBytes = outWidth * channels
    var output = consume storage
    output.resize(reusingMemoryTo: outHeight * outRowBytes)
    output.withUnsafeMutableBufferPointer { buffer in
      let out = SendableBuffer(buffer.baseAddress!)
      samples.withUnsafeBufferPointer { input in
        let shared = SendableBuffer(UnsafeMutablePointer(mutating: input.baseAddress! + columnLow * channels))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
          let source = UnsafePointer(shared.pointer)
          let scratch = FixedPointScratch(
            channels: channels, rowLength: rowLength, planeLength: planeLength, taps: vertical.stride)
          defer { scratch.deallocate() }
          vertical.weights.withUnsafeBufferPointer { verticalTaps in
            horizontal.weights.withUnsafeBufferPointer { horizontalTaps in
              horizontal.starts.withUnsafeBufferPointer { starts in
                // The intermediate row for output row y, split into planes.
                func filterColumns(_ y: Int) {
                  let first = Int(vertical.starts[y])
                  let taps = Int(vertical.lengths[y])
                  for k in 0..<taps { scratch.rows[k] = source + (first + k) * sourceRowBytes }
                  kernels.vertical(
                    scratch.rows, verticalTaps.baseAddress! + y * vertical.stride, taps, rowLength * channels,
                    scratch.middle)
                  kernels.split(scratch.middle, rowLength, channels, scratch.planes)
                }
                for band in stride(from: worker, to: bandCount, by: workers) {
                  for y in band * bandRows..<min(band * bandRows + bandRows, outHeight) {
                    filterColumns(y)
                    kernels.horizontal(
                      scratch.planes, channels, columnLow, starts.baseAddress!, outWidth, horizontal.stride,
                      horizontalTaps.baseAddress!, out.pointer + y * outRowBytes)
                  }
                }
              }
            }
          }
        }
      }
    }
    return output
  }
}

/// One worker's buffers for the fixed-point path: source row pointers for the vertical taps,
/// the intermediate row, and its planes (padded with zeros).
private struct FixedPointScratch {
  let rows: UnsafeMutablePointer<UnsafePointer<UInt8>>
  let middle: UnsafeMutablePointer<Int16>
  let planes: UnsafeMutablePointer<UnsafeMutablePointer<Int16>>
  private let storage: UnsafeMutablePointer<Int16>

  init(channels: Int, rowLength: Int, planeLength: Int, taps: Int) {
    rows = .allocate(capacity: taps)
    middle = .allocate(capacity: rowLength * channels)
    storage = .allocate(capacity: channels * planeLength)
    storage.initialize(repeating: 0, count: channels * planeLength)
    planes = .allocate(capacity: channels)
    for c in 0..<channels { planes[c] = storage + c * planeLength }
  }

  func deallocate() {
    rows.deallocate()
    middle.deallocate()
    planes.deallocate()
    storage.deallocate()
  }
}
