/// report.csv: one row per artwork × target × mode, a header row, RFC 4180 quoting.
public enum CSVWriter {
  public static let header = [
    "source", "target", "slug", "family", "orientation", "requested_mode", "mode", "scale",
    "canvas_w", "canvas_h", "boxing", "bars_top", "bars_bottom", "bars_left", "bars_right",
    "bars_fraction", "crop_loss", "safe_crop_loss", "focus_visible", "focus_loss", "passed",
    "failures", "preview",
  ]

  public static func csv(_ report: RunReport) -> String {
    var lines = [header.map(field).joined(separator: ",")]
    for artwork in report.artworks {
      for result in artwork.results {
        let p = result.placement
        let row: [String] = [
          artwork.file.path, result.screen.target.name, result.screen.target.slug,
          result.screen.target.family.rawValue, result.screen.orientation.rawValue,
          p.requestedMode.rawValue, p.mode.rawValue, scaleText(result.screen.scale),
          String(p.canvas.width), String(p.canvas.height), p.boxing.rawValue,
          String(p.bars.top), String(p.bars.bottom), String(p.bars.left), String(p.bars.right),
          fixed4(p.barsFraction), fixed4(p.cropLoss), fixed4(p.safeCropLoss),
          p.focusVisible.map { $0 ? "true" : "false" } ?? "", p.focusLoss.map(fixed4) ?? "",
          result.passed ? "true" : "false", result.failures.joined(separator: "; "), result.preview ?? "",
        ]
        lines.append(row.map(field).joined(separator: ","))
      }
    }
    return lines.joined(separator: "\r\n") + "\r\n"
  }

  /// A field, quoted when it holds a comma, a quote or a line break (quotes doubled).
  static func field(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
    return "\"" + text.replacingOccurrences("\"", with: "\"\"") + "\""
  }
}

/// A fraction with four decimals, as the reports round them.
func fixed4(_ value: Double) -> String {
  let scaled = Int((value * 10000).rounded())
  let fraction = String(abs(scaled) % 10000)
  return "\(scaled < 0 ? "-" : "")\(abs(scaled) / 10000).\(String(repeating: "0", count: 4 - fraction.count))\(fraction)"
}
