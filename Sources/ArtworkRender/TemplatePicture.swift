import ArtworkCodec
import ArtworkGeometry
import ArtworkPixels
import ArtworkReport

/// template.png: what template.svg draws, as a transparent W×H picture for tools that take
/// no SVG: each visible region outlined in its family's colour, its safe part dashed, the
/// region safe everywhere in white over a dark edge, and the legend top-left.
enum TemplatePicture {
  static func image(_ template: Template, name: String) -> Image {
    let source = template.source
    var canvas = TransparentCanvas(size: PixelSize(Int(source.width.rounded()), Int(source.height.rounded())))
    let stroke = TemplateStyle.stroke(for: source)
    for region in template.regions {
      let colour = CropMapColours.colour(for: TemplateStyle.family(of: region))
      for side in frame(region.rect, width: stroke) { canvas.fill(side, colour, opacity: 0.9) }
    }
    for region in template.regions {
      guard let safe = region.safe else { continue }
      let colour = CropMapColours.colour(for: TemplateStyle.family(of: region))
      for dash in dashes(frame(safe, width: stroke / 2), length: stroke * 3) { canvas.fill(dash, colour, opacity: 0.9) }
    }
    if let safe = template.safeEverywhere {
      canvas.fill(safe, RGB(255, 255, 255), opacity: 0.15)
      for side in frame(safe, width: stroke * 2.5) { canvas.fill(side, RGB(0, 0, 0), opacity: 0.5) }
      for side in frame(safe, width: stroke * 1.5) { canvas.fill(side, RGB(255, 255, 255)) }
    }
    drawLegend(TemplateStyle.legend(template, name: name), on: &canvas)
    return canvas.image()
  }

  /// A line `width` wide just inside `rect` (the region's own pixels), as the ring's strips.
  static func frame(_ rect: Rect, width: Double) -> [Rect] {
    let w = min(width, rect.width / 2, rect.height / 2)
    guard w > 0 else { return [] }
    return rect.expanded(by: -w / 2).ring(width: w)
  }

  /// Each side cut into dashes `length` long with gaps as long, along its long axis.
  static func dashes(_ sides: [Rect], length: Double) -> [Rect] {
    sides.flatMap { side -> [Rect] in
      let horizontal = side.width >= side.height
      let span = horizontal ? side.width : side.height
      return stride(from: 0, to: span, by: 2 * length).map { start in
        let piece = min(length, span - start)
        return horizontal
          ? Rect(x: side.x + start, y: side.y, width: piece, height: side.height)
          : Rect(x: side.x, y: side.y + start, width: side.width, height: piece)
      }
    }
  }

  /// The legend in the font's capitals on a translucent dark panel, a swatch before each
  /// coloured line.
  private static func drawLegend(_ lines: [TemplateStyle.LegendLine], on canvas: inout TransparentCanvas) {
    let size = TemplateStyle.legendTextSize(for: Size(Double(canvas.size.width), Double(canvas.size.height)))
    // Capitals in a fixed-width face run wider than the SVG's text: a smaller cell keeps the
    // lines about as long.
    let scale = max(1, Int((size / 10).rounded()))
    let lineHeight = (BitmapFont.height + 4) * scale
    let indent = (BitmapFont.advance + 4) * scale
    let margin = 3 * scale
    let longest = lines.map { BitmapFont.width(of: $0.text, scale: scale) }.max() ?? 0
    canvas.fill(
      Rect(
        x: 0, y: 0, width: Double(2 * margin + indent + longest), height: Double(2 * margin + lines.count * lineHeight)),
      RGB(0, 0, 0), opacity: 0.6)
    for (index, line) in lines.enumerated() {
      let y = margin + index * lineHeight + 2 * scale
      var x = margin
      if let colour = line.colour {
        canvas.fill(
          Rect(
            x: Double(x), y: Double(y), width: Double(BitmapFont.height * scale),
            height: Double(BitmapFont.height * scale)),
          colour)
        x += indent
      }
      BitmapFont.draw(line.text, at: (x, y), scale: scale, colour: RGB(255, 255, 255), on: &canvas)
    }
  }
}
