import ArtworkCodec
import ArtworkGeometry
import ArtworkPixels
import ArtworkReport

/// The crop map's picture: the whole source, darker where fewer of the fills show it, each
/// distinct fill crop outlined in its family's colour and the region safe on every screen in
/// white, all in the previews' colours.
struct CropMapDrawing {
  let painter: OverlayPainter
  let colour: ArtworkColour

  /// The map of `size` drawn over `small` (the source at that size) for `results` on a
  /// source of `source` pixels.
  func canvas(_ small: Image, size: PixelSize, source: Size, results: [TargetResult], safeEverywhere: Rect?) -> Canvas {
    var canvas = Canvas(size: size, background: colour.converted(RGB(128, 128, 128)))
    canvas.draw(small, at: (0, 0))
    let toMap = Double(size.width) / source.width
    shade(&canvas, by: SourceCoverage(results: results, source: source), toMap: toMap)
    var drawn = Set<[Double]>()
    for result in results where result.placement.mode == .fill && result.placement.boxing == .crop {
      let crop = result.placement.crop.scaled(by: toMap)
      guard drawn.insert([crop.x, crop.y, crop.width, crop.height]).inserted else { continue }
      let outline = colour.converted(CropMapColours.colour(for: result.screen.target.family))
      for side in painter.frame(crop.expanded(by: -1), width: 2) { canvas.fill(side, outline, opacity: 0.85) }
    }
    if let safe = safeEverywhere?.scaled(by: toMap) {
      let dark = colour.converted(Overlay.outlineColour)
      for side in painter.frame(safe.expanded(by: -2), width: 5) { canvas.fill(side, dark, opacity: 0.6) }
      for side in painter.frame(safe.expanded(by: -2), width: 3) {
        canvas.fill(side, colour.converted(RGB(255, 255, 255)))
      }
    }
    return canvas
  }

  /// Darkens each pixel of the crop map by the share of fills that do not show it (up to 60 %
  /// black where none does). Crop edges are rounded to whole map pixels, so neighbouring
  /// parts meet without seams. Rows with the same counts are filled as one band, a run of
  /// equal counts at a time: about one fill for each part of the source the crops cut out.
  private func shade(_ canvas: inout Canvas, by coverage: SourceCoverage, toMap: Double) {
    let (width, height) = (canvas.size.width, canvas.size.height)
    guard coverage.total > 0, width > 0, height > 0 else { return }
    let counts = coverage.counts(width: width, height: height, scale: toMap)
    var top = 0
    for y in 1...height
    where y == height || !counts[y * width..<(y + 1) * width].elementsEqual(counts[(y - 1) * width..<y * width]) {
      shadeBand(
        &canvas, counts: counts[top * width..<(top + 1) * width], top: top, rows: y - top, total: coverage.total)
      top = y
    }
  }

  /// Shades rows `top..<top + rows`, which all have `counts`.
  private func shadeBand(_ canvas: inout Canvas, counts: ArraySlice<Int>, top: Int, rows: Int, total: Int) {
    let black = colour.converted(RGB(0, 0, 0))
    var x = counts.startIndex
    while x < counts.endIndex {
      let count = counts[x]
      var end = x + 1
      while end < counts.endIndex && counts[end] == count { end += 1 }
      if count < total {
        canvas.fill(
          .rect(Rect(x: Double(x - counts.startIndex), y: Double(top), width: Double(end - x), height: Double(rows))),
          black, opacity: Float(0.6 * (1 - Double(count) / Double(total))))
      }
      x = end
    }
  }
}
