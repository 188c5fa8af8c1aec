import ArtworkGeometry
@_spi(Support) import ArtworkSupport

/// report.csv: one row per artwork × target × mode, a header row, RFC 4180 quoting.
public enum CSVWriter {
  /// The header row: report.csv's columns, in order.
  public static let header = [
    "source", "target", "slug", "family", "orientation", "requested_mode", "mode", "scale",
    "canvas_w", "canvas_h", "boxing", "bars_top", "bars_bottom", "bars_left", "bars_right",
    "bars_fraction", "crop_loss", "safe_crop_loss", "focus_visible", "focus_loss", "passed",
    "failures", "preview",
  ]

  /// report.csv for `report`: the header, then a row per result.
  public static func csv(_ report: RunReport) -> String {
    var buffer = ByteBuffer()
    write(report, to: &buffer)
    return String(decoding: buffer.bytes, as: UTF8.self)
  }

  static func write(_ report: RunReport, to out: inout ByteBuffer) {
    writeHeader(to: &out)
    for artwork in report.artworks { writeRows(artwork, to: &out) }
  }

  static func writeHeader(to out: inout ByteBuffer) {
    for (index, name) in header.enumerated() {
      if index > 0 { out.append(byte: comma) }
      out.append(name)
    }
    out.append("\r\n")
  }

  /// A row per result of `artwork`.
  static func writeRows(_ artwork: ArtworkReport, to out: inout ByteBuffer) {
    var source = ByteBuffer(capacity: 64)
    field(artwork.file.path, to: &source)
    for result in artwork.results {
      let p = result.placement
      out.append(source)
      for text in [
        result.screen.target.name, result.screen.target.slug, result.screen.target.family.rawValue,
        result.screen.orientation.rawValue, p.requestedMode.rawValue, p.mode.rawValue,
        Screen.scaleText(result.screen.scale),
      ] {
        out.append(byte: comma)
        field(text, to: &out)
      }
      for number in [p.canvas.width, p.canvas.height] {
        out.append(byte: comma)
        out.integer(number)
      }
      out.append(byte: comma)
      out.append(p.boxing.rawValue)
      for number in [p.bars.top, p.bars.bottom, p.bars.left, p.bars.right] {
        out.append(byte: comma)
        out.integer(number)
      }
      for fraction in [p.barsFraction, p.cropLoss, p.safeCropLoss] {
        out.append(byte: comma)
        out.fixed(fraction, places: 4)
      }
      out.append(byte: comma)
      if let visible = p.focusVisible { out.append(visible ? "true" : "false") }
      out.append(byte: comma)
      if let loss = p.focusLoss { out.fixed(loss, places: 4) }
      out.append(byte: comma)
      out.append(result.passed ? "true" : "false")
      out.append(byte: comma)
      field(result.result.failureMessages, to: &out)
      out.append(byte: comma)
      field(result.preview ?? "", to: &out)
      out.append("\r\n")
      out.flushIfFull()
    }
  }

  private static let comma = UInt8(ascii: ",")

  /// A text field, quoted when it holds a comma, a quote or a line break (quotes doubled).
  /// One that a spreadsheet would take for a formula (it starts with `=`, `+`, `-`, `@`, a
  /// tab or a carriage return) is neutralised as OWASP advises against CSV injection: a
  /// single quote before it, the whole quoted.
  static func field(_ text: String, to out: inout ByteBuffer) {
    var text = text
    text.withUTF8 { utf8 in
      let formula = utf8.first.map { [0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x0d].contains($0) } ?? false
      guard formula || utf8.contains(where: { $0 == comma || $0 == 0x22 || $0 == 0x0a || $0 == 0x0d }) else {
        return out.append(raw: utf8)
      }
      out.append(byte: 0x22)
      if formula { out.append(byte: 0x27) }
      for byte in utf8 {
        out.append(byte: byte)
        if byte == 0x22 { out.append(byte: 0x22) }
      }
      out.append(byte: 0x22)
    }
  }
}

/// A fraction with four decimals, as the reports round them.
func fixed4(_ value: Double) -> String {
  var buffer = ByteBuffer(capacity: 16)
  buffer.fixed(value, places: 4)
  return String(decoding: buffer.bytes, as: UTF8.self)
}
