import ArtworkGeometry
@_spi(Support) import ArtworkSupport

/// index.html: a contact sheet that works offline. Inline CSS and a few lines of inline JS
/// (table sorting); previews appear as small JPEG thumbnails written beside the page.
public enum HTMLWriter {
  /// index.html for `report`; `thumbnails` links the previews' thumbnails, `editor` sets up the focus editor.
  public static func html(
    _ report: RunReport, thumbnails: Bool = true, editor: FocusEditorSetup = FocusEditorSetup()
  ) -> String {
    var buffer = ByteBuffer()
    write(report, thumbnails: thumbnails, editor: editor, to: &buffer)
    return String(decoding: buffer.bytes, as: UTF8.self)
  }

  /// The whole page, or with `page`, one page of a paged run: its artworks with a line that
  /// links the first page and the pages either side. Each artwork with results gets a focus
  /// editor.
  static func write(
    _ report: RunReport, thumbnails: Bool, editor: FocusEditorSetup, page: ContactSheetPage? = nil,
    to out: inout ByteBuffer
  ) {
    writeHead(title: page.map { "artfit report, page \($0.number)" } ?? "artfit report", to: &out)
    if let page { page.writeNavigation(to: &out) }
    writeSummary(report.tally, to: &out)
    writeErrors(report.errors, to: &out)
    if report.failedCount > 0 {
      out.append("<section class=\"problems\"><h2>Failed checks</h2><ul>\n")
      // The first 30 show at once; the rest fold away so the page stays readable.
      var shown = 0
      for artwork in report.artworks {
        for result in artwork.results where result.failsRun {
          if shown == 30 {
            out.append("</ul><details><summary>")
            out.integer(report.failedCount - 30)
            out.append(" more failed checks</summary><ul>\n")
          }
          shown += 1
          out.append("<li><code>")
          out.html(artwork.file.path)
          out.append("</code> on ")
          out.html(result.screen.target.name)
          out.append(byte: 0x20)
          out.append(result.screen.orientation.rawValue)
          out.append(byte: 0x20)
          out.append(result.placement.requestedMode.rawValue)
          out.append(": ")
          out.html(result.result.failureMessages)
          out.append("</li>\n")
          out.flushIfFull()
        }
      }
      out.append(shown > 30 ? "</ul></details></section>\n" : "</ul></section>\n")
    }
    out.append(legend)
    let edited = report.artworks.filter { !$0.results.isEmpty }
    if !edited.isEmpty { FocusEditorMarkup.writeHelp(setup: editor, to: &out) }
    var editorIndex = 0
    for artwork in report.artworks {
      section(artwork, thumbnails: thumbnails, editorIndex: artwork.results.isEmpty ? nil : editorIndex, to: &out)
      if !artwork.results.isEmpty { editorIndex += 1 }
    }
    table(report, to: &out)
    if !edited.isEmpty { FocusEditorData.write(edited, setup: editor, to: &out) }
    out.append("<script>")
    out.append(script)
    if !edited.isEmpty { out.append(FocusEditorScript.script) }
    out.append("</script>\n</body></html>\n")
  }

  /// The counts line, closing the header.
  static func writeSummary(_ tally: RunTally, to out: inout ByteBuffer) {
    out.append("<p class=\"summary\">")
    out.integer(tally.artworks)
    out.append(tally.artworks == 1 ? " artwork · " : " artworks · ")
    out.integer(tally.results)
    out.append(tally.results == 1 ? " result · " : " results · ")
    out.append(tally.failed > 0 ? "<span class=\"bad\">" : "<span class=\"good\">")
    out.integer(tally.failed)
    out.append(
      tally.errors.isEmpty ? " failed</span> · <span class=\"good\">" : " failed</span> · <span class=\"bad\">")
    out.integer(tally.errors.count)
    out.append(tally.errors.count == 1 ? " input error</span> · " : " input errors</span> · ")
    out.html(ArtfitVersion.generator)
    out.append("</p>\n</header>\n")
  }

  /// The inputs that could not be read: the first `limit`, and how many more.
  static func writeErrors(_ errors: [InputError], limit: Int = .max, to out: inout ByteBuffer) {
    guard !errors.isEmpty else { return }
    out.append("<section class=\"problems\"><h2>Inputs that could not be read</h2><ul>\n")
    for error in errors.prefix(limit) {
      out.append("<li><code>")
      out.html(error.source)
      out.append("</code>: ")
      out.html(error.message)
      out.append("</li>\n")
    }
    if errors.count > limit {
      out.append("<li>… and ")
      out.integer(errors.count - limit)
      out.append(" more (report.json and junit.xml list every one)</li>\n")
    }
    out.append("</ul></section>\n")
  }

  /// The document's head and the page heading, up to the summary line.
  static func writeHead(title: String, to out: inout ByteBuffer) {
    out.append(
      """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>
      """)
    out.html(title)
    out.append("</title>\n<style>")
    out.append(css)
    out.append(FocusEditorScript.css)
    out.append("</style></head><body>\n<header><h1>")
    out.html(title)
    out.append("</h1>\n")
  }

  /// One artwork: its heading, its focus editor (over its crop map) or its crop map alone,
  /// then its previews by family, or, when there are no previews (check), one summary line
  /// per family.
  static func section(_ artwork: ArtworkReport, thumbnails: Bool, editorIndex: Int?, to out: inout ByteBuffer) {
    heading(artwork, to: &out)
    if let editorIndex {
      FocusEditorMarkup.writeBlock(artwork, index: editorIndex, to: &out)
    } else {
      cropMap(artwork, to: &out)
    }
    var families: [Family] = []
    for result in artwork.results where !families.contains(result.screen.target.family) {
      families.append(result.screen.target.family)
    }
    // Without previews a grid of captions would repeat the table: one line per family.
    if artwork.results.allSatisfy({ $0.preview == nil }) {
      familySummaries(artwork, families: families, to: &out)
    } else {
      for family in families { previewGrid(artwork, family: family, thumbnails: thumbnails, to: &out) }
    }
    out.append("</section>\n")
  }

  private static func heading(_ artwork: ArtworkReport, to out: inout ByteBuffer) {
    out.append("<section class=\"artwork\" data-artwork=\"")
    out.html(artwork.file.path)
    out.append("\"><h2>")
    out.html(artwork.file.path)
    out.append("</h2>\n<p>")
    out.integer(artwork.width)
    out.append("×")
    out.integer(artwork.height)
    out.append(" px")
    if let focus = artwork.focus {
      out.append(" · focus ")
      for (index, value) in [focus.x, focus.y, focus.width, focus.height].enumerated() {
        if index > 0 { out.append(", ") }
        out.fixed(value, places: 4)
      }
      out.append(" (")
      out.append(focus.origin.rawValue)
      out.append(")")
    }
    if let hdr = artwork.hdr {
      out.append(" · <span class=\"hdr\">")
      out.html(hdr.summary)
      out.append("</span>")
    }
    if let layers = artwork.layers {
      out.append(" · layered image: ")
      out.html(layers.map { $0.name + ($0.opaque ? " (opaque)" : "") }.joined(separator: ", "))
      out.append(", front first")
    }
    if let profile = artwork.profile {
      out.append(" · colour profile ")
      out.html(profile.name.isEmpty ? "(unnamed)" : profile.name)
      out.append(" (")
      out.html(profile.space)
      out.append(")")
    }
    out.append("</p>\n")
    if !artwork.results.isEmpty {
      out.append("<p class=\"verdict\"><b>Verdict:</b> ")
      out.html(Verdict.of(artwork))
      out.append("</p>\n")
    }
    safeEverywhere(artwork, to: &out)
    for warning in artwork.warnings {
      out.append("<p class=\"warning\">")
      out.html(warning.message)
      out.append("</p>\n")
    }
  }

  /// Where the subject must go to be inside the safe area on every screen, in words.
  private static func safeEverywhere(_ artwork: ArtworkReport, to out: inout ByteBuffer) {
    guard !artwork.results.isEmpty else { return }
    guard let exact = artwork.safeEverywhere else {
      out.append("<p class=\"safe\">No part of the artwork is inside the safe area on every screen of this run.</p>\n")
      return
    }
    out.append("<p class=\"safe\">Safe on every screen: keep the subject inside ")
    out.append(RegionWords.range(exact))
    out.append(": ")
    out.append(RegionWords.shares(exact, of: Size(Double(artwork.width), Double(artwork.height))))
    out.append(".</p>\n")
  }

  private static func cropMap(_ artwork: ArtworkReport, to out: inout ByteBuffer) {
    guard let map = artwork.cropMap else { return }
    out.append("<figure class=\"cropmap\"><a href=\"")
    out.url(map)
    out.append("\"><img src=\"")
    out.url(map)
    out.append("\" alt=\"crop map of ")
    out.html(artwork.file.path)
    out.append("\" loading=\"lazy\"></a><figcaption>Crop map: ")
    cropMapCaption(artwork, to: &out)
    out.append("</figcaption></figure>\n")
  }

  /// What the crop map shows: how many fills show each part of the source.
  static func cropMapCaption(_ artwork: ArtworkReport, to out: inout ByteBuffer) {
    let crops = artwork.results.filter { $0.placement.mode == .fill }.map { Reported.rect($0.placement.crop) }
    let coverage = SourceCoverage(visible: crops, source: Size(Double(artwork.width), Double(artwork.height)))
    guard coverage.total > 0 else {
      return out.append(
        "the whole source, shown on every screen (no fills); in white, the part inside the safe area on every screen.")
    }
    out.append("darker where fewer of the run's ")
    out.integer(coverage.total)
    out.append(" fills show the source: clear where all ")
    out.integer(coverage.total)
    out.append(" do (")
    out.integer(Int((100 * coverage.shownByAll).rounded()))
    out.append(" % of it), darkest where ")
    out.append(coverage.fewest == 0 ? "none does" : "only \(coverage.fewest) of \(coverage.total) do")
    out.append(
      ". Each distinct fill crop outlined in its family's colour; in white, the part inside the safe area on every screen."
    )
  }

  private static func familySummaries(_ artwork: ArtworkReport, families: [Family], to out: inout ByteBuffer) {
    out.append("<ul class=\"families\">\n")
    for family in families {
      let results = artwork.results.filter { $0.screen.target.family == family }
      let fills = results.filter { $0.placement.mode == .fill }
      let failed = results.filter { !$0.passed }.count
      out.append("<li><b>")
      out.append(family.rawValue)
      out.append("</b>: ")
      out.integer(results.count)
      out.append(" results")
      if let worst = fills.map(\.placement.cropLoss).max() {
        out.append(", fill crop loss up to ")
        out.percent(Reported.fraction(worst))
      }
      if failed > 0 {
        out.append(", <span class=\"bad\">")
        out.integer(failed)
        out.append(" failed</span>")
      }
      out.append("</li>\n")
    }
    out.append("</ul>")
  }

  private static func previewGrid(_ artwork: ArtworkReport, family: Family, thumbnails: Bool, to out: inout ByteBuffer)
  {
    out.append("<h3>")
    out.append(family.rawValue)
    out.append("</h3><div class=\"grid\">\n")
    for outcome in Outcome.groups(artwork.results.filter { $0.screen.target.family == family }) {
      let result = outcome[0]
      let p = result.placement
      out.append(result.passed ? "<figure>" : "<figure class=\"failed\">")
      if thumbnails, let preview = result.preview {
        out.append("<a href=\"")
        out.url(preview)
        out.append("\"><img src=\"")
        out.url(PreviewThumbnail.path(for: preview))
        out.append("\" alt=\"")
        out.html(result.screen.target.name)
        out.append(" preview\" loading=\"lazy\"></a>")
      }
      out.append("<figcaption>")
      deviceNames(outcome, to: &out)
      out.append("<br>")
      out.append(result.screen.orientation.rawValue)
      out.append(" · ")
      out.append(p.mode.rawValue)
      if p.requestedMode != p.mode { out.append(" (auto)") }
      badge(result.result, to: &out)
      out.append("</figcaption></figure>\n")
    }
    out.append("</div>\n")
    out.flushIfFull()
  }

  /// The devices an outcome card stands for, each linked to its own preview when there are
  /// several, then their sizes in points.
  private static func deviceNames(_ outcome: [ReportedResult], to out: inout ByteBuffer) {
    guard outcome.count > 1 else { return out.html(outcome[0].screen.target.name) }
    for (index, result) in outcome.enumerated() {
      if index > 0 { out.append(", ") }
      if let preview = result.preview {
        out.append("<a href=\"")
        out.url(preview)
        out.append("\">")
        out.html(result.screen.target.name)
        out.append("</a>")
      } else {
        out.html(result.screen.target.name)
      }
    }
    var sizes: [String] = []
    for result in outcome {
      let points = result.screen.points
      let size = "\(Int(points.width.rounded()))×\(Int(points.height.rounded())) pt"
      if !sizes.contains(size) { sizes.append(size) }
    }
    out.append(" — ")
    out.append(sizes.joined(separator: ", "))
  }

  /// The badge: crop loss for fill, bar share for fit; coloured by severity.
  static func badge(_ result: TargetResult, to out: inout ByteBuffer) {
    let p = result.placement
    let level: StaticString
    if !result.passed {
      level = "red"
    } else if p.mode == .fit {
      level = "grey"
    } else {
      level = p.cropLoss < 0.1 ? "green" : p.cropLoss < 0.25 ? "amber" : "red"
    }
    out.append(" <span class=\"badge ")
    out.append(level)
    out.append("\">")
    if p.mode == .fill {
      out.append("−")
      out.percent(Reported.fraction(p.cropLoss))
    } else if result.passed && p.boxing == .none {
      out.append("exact")
    } else {
      out.percent(Reported.fraction(p.barsFraction))
      out.append(" bars")
    }
    out.append("</span>")
  }

  static func table(_ report: RunReport, to out: inout ByteBuffer) {
    out.append(
      """
      <section class="all"><h2>All results</h2><p class="hint">Click a column to sort.</p>
      <table id="results"><thead><tr><th>artwork</th><th>target</th><th>orientation</th><th>mode</th><th>canvas</th><th>boxing</th><th data-numeric>crop loss</th><th data-numeric>safe crop loss</th><th data-numeric>bars</th><th>focus</th><th>passed</th></tr></thead><tbody>

      """)
    for artwork in report.artworks {
      var source = ByteBuffer(capacity: 64)
      source.html(artwork.file.path)
      for result in artwork.results {
        row(result, source: source, layers: artwork.layers, to: &out)
        out.flushIfFull()
      }
    }
    out.append("</tbody></table></section>\n")
  }

  /// One result's row of the table; `source` is the artwork's path, escaped once for all its rows.
  private static func row(
    _ result: ReportedResult, source: ByteBuffer, layers: [ArtworkLayer]?, to out: inout ByteBuffer
  ) {
    let p = result.placement
    out.append(result.passed ? "<tr><td>" : "<tr class=\"failed\"><td>")
    out.append(source)
    out.append("<td>")
    out.html(result.screen.target.name)
    out.append("<td>")
    out.append(result.screen.orientation.rawValue)
    out.append("<td>")
    out.append(p.mode.rawValue)
    out.append("<td>")
    out.integer(p.canvas.width)
    out.append(byte: UInt8(ascii: "x"))
    out.integer(p.canvas.height)
    out.append("<td>")
    out.append(p.boxing.rawValue)
    if let cut = p.maskLoss {  // an app icon slot: what its mask cuts of the visible picture
      out.append("; mask cuts ")
      out.percent(Reported.fraction(cut))
    }
    for fraction in [p.cropLoss, p.safeCropLoss, p.barsFraction] {
      out.append("<td data-value=")
      out.fixed(fraction, places: 4)
      out.append(">")
      out.percent(Reported.fraction(fraction))
    }
    out.append("<td>")
    if let visible = p.focusVisible {
      if visible {
        out.append("visible")
      } else {
        out.percent(Reported.fraction(p.focusLoss ?? 0))
        out.append(" lost")
      }
    }
    // A crop that cuts into the focus region's HDR highlights says how much of them it shows.
    if let kept = result.hdrHighlightsKept, kept < 1 {
      out.append(p.focusVisible == nil ? "HDR highlights " : "; HDR highlights ")
      out.percent(Reported.fraction(kept))
      out.append(" kept")
    }
    // A layered image says which layers reach outside the safe region, and by how much.
    if let shares = result.layersOutsideSafe, let layers {
      let outside = zip(layers, shares).filter { $0.1 > 0 }
      if !outside.isEmpty {
        out.append(p.focusVisible == nil && result.hdrHighlightsKept == nil ? "outside safe: " : "; outside safe: ")
        for (index, (layer, share)) in outside.enumerated() {
          if index > 0 { out.append(", ") }
          out.html(layer.name)
          out.append(" ")
          out.percent(Reported.fraction(share))
        }
      }
    }
    out.append(result.passed ? "<td>yes\n" : "<td>no: ")
    if !result.passed {
      out.html(result.result.failureMessages)
      out.append(byte: 0x0a)
    }
  }

  static var legend: String {
    var out = "<p class=\"legend\">Crop-map outlines: "
    out += CropMapColours.legendFamilies.map { family in
      let c = CropMapColours.colour(for: family)
      return "<span class=\"swatch\" style=\"background:\(c.description)\"></span>\(CropMapColours.label(for: family))"
    }.joined(separator: " ")
    return out + ". Badges: crop loss under 10% green, under 25% amber, else red; fit shows the share of bars.</p>\n"
  }

  static let css = """
    body{font:14px/1.45 -apple-system,system-ui,sans-serif;margin:0 auto;max-width:1400px;padding:0 20px 40px;color:#1c1c1e;background:#fafafa}
    h1{margin:18px 0 4px}h2{margin:28px 0 6px;font-size:18px;word-break:break-all}h3{margin:14px 0 6px;font-size:14px;text-transform:uppercase;color:#636366}
    .summary .bad,.problems h2,.families .bad{color:#c4281c}.summary .good{color:#1f7a33}
    .problems{background:#fff1f0;border:1px solid #f4c7c3;border-radius:8px;padding:4px 14px}
    .problems summary{cursor:pointer;margin:0 0 8px 22px;color:#c4281c}
    nav.pages{margin:4px 0}
    .grid{display:flex;flex-wrap:wrap;gap:10px}
    figure{margin:0;background:#fff;border:1px solid #e5e5ea;border-radius:8px;padding:6px;width:150px}
    figure.failed{border-color:#c4281c;box-shadow:0 0 0 1px #c4281c}
    figure img{display:block;max-width:100%;max-height:200px;margin:0 auto;background:#000}
    figcaption{font-size:12px;margin-top:4px}
    .cropmap{width:auto;max-width:640px}.cropmap img{max-height:480px}
    .badge{display:inline-block;border-radius:6px;padding:0 5px;color:#fff;font-weight:600}
    .green{background:#1f7a33}.amber{background:#b86e00}.red{background:#c4281c}.grey{background:#636366}
    .swatch{display:inline-block;width:12px;height:12px;border-radius:3px;margin:0 4px 0 10px;vertical-align:-1px}
    table{border-collapse:collapse;width:100%;font-size:12px;background:#fff}
    th,td{border-bottom:1px solid #e5e5ea;padding:3px 6px;text-align:left}th{cursor:pointer;position:sticky;top:0;background:#f2f2f7}
    tr.failed td{background:#fff1f0}.hint{color:#636366;font-size:12px}
    p.warning{color:#9a5b00}p.safe{color:#1c6b2a}p.verdict{font-size:14px}
    """

  static let script = """
    document.querySelectorAll('#results th').forEach(function(th,col){th.addEventListener('click',function(){
    var body=th.closest('table').tBodies[0],rows=Array.from(body.rows),num=th.hasAttribute('data-numeric'),dir=th.dataset.dir==='asc'?-1:1;
    th.dataset.dir=dir===1?'asc':'desc';
    rows.sort(function(a,b){var x=a.cells[col],y=b.cells[col];
    var p=num?parseFloat(x.dataset.value):x.textContent,q=num?parseFloat(y.dataset.value):y.textContent;
    return (p<q?-1:p>q?1:0)*dir;});rows.forEach(function(r){body.appendChild(r);});});});
    """
}
