import ArtworkCodec
import ArtworkGeometry
@_spi(Support) import ArtworkSupport

/// template.svg: the template's regions as named layers (SVG groups whose ids design tools
/// show as layer names) over a W×H view box in source pixels: each visible region outlined
/// in its family's colour, its safe part dashed, the region safe everywhere in white, and a
/// legend.
public enum TemplateSVG {
  /// The template as the bytes of an SVG document.
  ///
  /// - Parameter name: what the template is for (the artwork's file name, or its size).
  public static func svg(_ template: Template, name: String) -> [UInt8] {
    let w = template.source.width
    let h = template.source.height
    let stroke = TemplateStyle.stroke(for: template.source)
    var out = ByteBuffer()
    out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
    out.decimal(w, places: 1)
    out.append("\" height=\"")
    out.decimal(h, places: 1)
    out.append("\" viewBox=\"0 0 ")
    out.decimal(w, places: 1)
    out.append(" ")
    out.decimal(h, places: 1)
    out.append("\">\n<title>")
    out.xml(TemplateStyle.heading(template, name: name))
    out.append("</title>\n")
    regionLayer(template, id: "visible-regions", stroke: stroke, to: &out) { $0.rect }
    regionLayer(template, id: "safe-parts", stroke: stroke / 2, dash: stroke * 3, to: &out) { $0.safe }
    safeEverywhereLayer(template, stroke: stroke, to: &out)
    legendLayer(template, name: name, to: &out)
    out.append("</svg>\n")
    return out.bytes
  }

  /// One group per family, each region's rect in it with the screens it stands for as its
  /// title; `rect` picks the region's outline or its safe part (nil draws nothing).
  private static func regionLayer(
    _ template: Template, id: String, stroke: Double, dash: Double? = nil, to out: inout ByteBuffer,
    rect: (Template.Region) -> Rect?
  ) {
    let prefix = id == "visible-regions" ? "visible" : "safe"
    out.append("<g id=\"\(id)\" fill=\"none\" stroke-width=\"")
    out.decimal(stroke, places: 1)
    if let dash {
      out.append("\" stroke-dasharray=\"")
      out.decimal(dash, places: 1)
    }
    out.append("\">\n")
    for family in CropMapColours.legendFamilies {
      let members = template.regions.indices.filter {
        TemplateStyle.family(of: template.regions[$0]) == family && rect(template.regions[$0]) != nil
      }
      guard !members.isEmpty else { continue }
      out.append(
        "<g id=\"\(prefix)-\(family.rawValue)\" stroke=\"\(CropMapColours.colour(for: family).description)\">\n")
      for index in members {
        let region = template.regions[index]
        out.append("<rect id=\"\(prefix)-\(TemplateStyle.layerName(region, number: index + 1))\"")
        attributes(rect(region)!, to: &out)
        out.append("><title>")
        out.xml((prefix == "safe" ? "Safe part: " : "") + TemplateStyle.screens(of: region))
        out.append("</title></rect>\n")
      }
      out.append("</g>\n")
    }
    out.append("</g>\n")
  }

  private static func safeEverywhereLayer(_ template: Template, stroke: Double, to out: inout ByteBuffer) {
    out.append("<g id=\"safe-on-every-screen\">\n")
    if let safe = template.safeEverywhere {
      out.append("<rect id=\"safe-everywhere\"")
      attributes(safe, to: &out)
      out.append(" fill=\"#ffffff\" fill-opacity=\"0.15\" stroke=\"#ffffff\" stroke-width=\"")
      out.decimal(stroke * 1.5, places: 1)
      out.append("\"><title>")
      out.xml(TemplateStyle.safeEverywhereWords(template))
      out.append("</title></rect>\n")
    }
    out.append("</g>\n")
  }

  /// The legend's lines as text, top-left, on a translucent dark panel.
  private static func legendLayer(_ template: Template, name: String, to out: inout ByteBuffer) {
    let lines = TemplateStyle.legend(template, name: name)
    let size = TemplateStyle.legendTextSize(for: template.source)
    out.append("<g id=\"legend\" font-family=\"-apple-system, Helvetica, Arial, sans-serif\" font-size=\"")
    out.decimal(size, places: 1)
    out.append("\">\n<rect x=\"0.0\" y=\"0.0\" width=\"")
    // Wide enough for the longest line at about 0.56 em a character in a sans-serif face.
    let longest = lines.map { $0.text.count }.max() ?? 0
    out.decimal(size * (2.4 + 0.56 * Double(longest)), places: 1)
    out.append("\" height=\"")
    out.decimal(size * (1.5 * Double(lines.count) + 0.8), places: 1)
    out.append("\" fill=\"#000000\" fill-opacity=\"0.6\"/>\n")
    for (index, line) in lines.enumerated() {
      let y = size * (1.5 * Double(index) + 1.6)
      if let colour = line.colour {
        out.append("<rect x=\"")
        out.decimal(size * 0.6, places: 1)
        out.append("\" y=\"")
        out.decimal(y - size * 0.8, places: 1)
        out.append("\" width=\"")
        out.decimal(size * 0.8, places: 1)
        out.append("\" height=\"")
        out.decimal(size * 0.8, places: 1)
        out.append("\" fill=\"\(colour.description)\"/>\n")
      }
      out.append("<text x=\"")
      out.decimal(size * (line.colour == nil ? 0.6 : 1.8), places: 1)
      out.append("\" y=\"")
      out.decimal(y, places: 1)
      out.append("\" fill=\"#ffffff\">")
      out.xml(line.text)
      out.append("</text>\n")
    }
    out.append("</g>\n")
  }

  private static func attributes(_ rect: Rect, to out: inout ByteBuffer) {
    let r = Reported.rect(rect)
    out.append(" x=\"")
    out.decimal(r.x, places: 1)
    out.append("\" y=\"")
    out.decimal(r.y, places: 1)
    out.append("\" width=\"")
    out.decimal(r.width, places: 1)
    out.append("\" height=\"")
    out.decimal(r.height, places: 1)
    out.append("\"")
  }
}
