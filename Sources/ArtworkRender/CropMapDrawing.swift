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

  /// Darkens each cell of the crop map by the share of fills that do not show it (up to
  /// 60 % black where none does). Cell edges fall on whole map pixels, so neighbours meet
  /// without seams.
  private func shade(_ canvas: inout Canvas, by coverage: SourceCoverage, toMap: Double) {
    guard coverage.total > 0 else { return }
    let black = colour.converted(RGB(0, 0, 0))
    for cell in coverage.cells where cell.count < coverage.total {
      let x0 = (cell.rect.x * toMap).rounded()
      let y0 = (cell.rect.y * toMap).rounded()
      let box = Rect(
        x: x0, y: y0, width: (cell.rect.maxX * toMap).rounded() - x0, height: (cell.rect.maxY * toMap).rounded() - y0)
      guard !box.isEmpty else { continue }
      canvas.fill(.rect(box), black, opacity: Float(0.6 * (1 - Double(cell.count) / Double(coverage.total))))
    }
  }
}
