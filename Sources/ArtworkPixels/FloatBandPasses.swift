/// One worker's two passes of the float path over a band of output rows, with its scratch
/// rows: the source rows the band reads are converted and filtered horizontally, then each
/// output row is filtered vertically from them and stored.
struct FloatBandPasses<S: PixelSample> {
  let source: UnsafePointer<S>
  let sourceWidth: Int
  let channels: Int
  /// The source columns any output pixel reads.
  let columns: Range<Int>
  let horizontal: AxisWeights
  let vertical: AxisWeights
  let conversion: RowConversion
  let useSIMD: Bool
  /// Up to four converted source rows.
  private let loaded: UnsafeMutablePointer<SIMD4<Float>>
  /// The band's source rows, filtered horizontally (output width each).
  private let filtered: UnsafeMutablePointer<SIMD4<Float>>
  /// One output row before it is stored.
  private let row: UnsafeMutablePointer<SIMD4<Float>>

  init(
    source: UnsafePointer<S>, sourceWidth: Int, channels: Int, columns: Range<Int>, horizontal: AxisWeights,
    vertical: AxisWeights, conversion: RowConversion, useSIMD: Bool, bandRowsNeeded: Int
  ) {
    self.source = source
    self.sourceWidth = sourceWidth
    self.channels = channels
    self.columns = columns
    self.horizontal = horizontal
    self.vertical = vertical
    self.conversion = conversion
    self.useSIMD = useSIMD
    loaded = .allocate(capacity: 4 * columns.count)
    filtered = .allocate(capacity: bandRowsNeeded * horizontal.count)
    row = .allocate(capacity: horizontal.count)
  }

  func deallocate() {
    loaded.deallocate()
    filtered.deallocate()
    row.deallocate()
  }

  /// Converts and filters `sourceRows` into the band's scratch rows.
  func filterHorizontally(sourceRows: Range<Int>) {
    let rowLength = columns.count
    let outWidth = horizontal.count
    var sourceRow = sourceRows.lowerBound
    while sourceRow < sourceRows.upperBound {
      // Four rows at a time share each weight load (the SIMD path).
      let block = useSIMD ? min(4, sourceRows.upperBound - sourceRow) : 1
      for r in 0..<block {
        conversion.load(
          source + ((sourceRow + r) * sourceWidth + columns.lowerBound) * channels, count: rowLength,
          into: loaded + r * rowLength)
      }
      let target = filtered + (sourceRow - sourceRows.lowerBound) * outWidth
      if block == 4 {
        HorizontalPass.simdFourRows(
          loaded, rowLength: rowLength, rowStart: columns.lowerBound, weights: horizontal, into: target,
          outStride: outWidth)
      } else {
        for r in 0..<block {
          if useSIMD {
            HorizontalPass.simd(
              loaded + r * rowLength, rowStart: columns.lowerBound, weights: horizontal, into: target + r * outWidth)
          } else {
            HorizontalPass.scalar(
              loaded + r * rowLength, rowStart: columns.lowerBound, weights: horizontal, into: target + r * outWidth)
          }
        }
      }
      sourceRow += block
    }
  }

  /// Filters each of `outputRows` vertically from the scratch rows (which start at source
  /// row `bandStart`) and stores it into `out`.
  func filterVertically(outputRows: Range<Int>, bandStart: Int, into out: UnsafeMutablePointer<S>) {
    let outWidth = horizontal.count
    vertical.weights.withUnsafeBufferPointer { verticalTaps in
      for y in outputRows {
        let rows = filtered + (Int(vertical.starts[y]) - bandStart) * outWidth
        let taps = verticalTaps.baseAddress! + y * vertical.stride
        let length = Int(vertical.lengths[y])
        if useSIMD {
          VerticalPass.simd(rows, rowStride: outWidth, taps: taps, count: length, width: outWidth, into: row)
        } else {
          VerticalPass.scalar(rows, rowStride: outWidth, taps: taps, count: length, width: outWidth, into: row)
        }
        conversion.store(row, count: outWidth, into: out + y * outWidth * channels)
      }
    }
  }
}
