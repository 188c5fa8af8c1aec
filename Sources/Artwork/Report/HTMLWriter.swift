/// index.html: a contact sheet that works offline. Inline CSS and a few lines of inline JS
/// (table sorting); previews appear as small JPEG thumbnails written beside the page.
public enum HTMLWriter {
  /// Where a preview's thumbnail lives, relative to the output folder.
  public static func thumbnailPath(for preview: String) -> String {
    let slash = preview.lastIndex(of: "/").map { preview.index(after: $0) } ?? preview.startIndex
    let folder = String(preview[..<slash])
    var name = String(preview[slash...])
    if let dot = name.lastIndex(of: ".") { name = String(name[..<dot]) }
    return folder + "thumbs/" + name + ".jpg"
  }

  public static func html(_ report: RunReport, thumbnails: Bool = true) -> String {
    var page = """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>artfit report</title>
      <style>\(css)</style></head><body>
      <header><h1>artfit report</h1>
      <p class="summary">\(report.artworks.count) artworks · \(report.resultCount) results · <span class="\(report.failedCount > 0 ? "bad" : "good")">\(report.failedCount) failed</span> · <span class="\(report.errors.isEmpty ? "good" : "bad")">\(report.errors.count) input errors</span> · \(escape(ArtfitVersion.generator))</p>
      </header>

      """
    if !report.errors.isEmpty {
      page += "<section class=\"problems\"><h2>Inputs that could not be read</h2><ul>\n"
      for error in report.errors {
        page += "<li><code>\(escape(error.source))</code>: \(escape(error.message))</li>\n"
      }
      page += "</ul></section>\n"
    }
    let failing = report.artworks.flatMap { artwork in artwork.results.filter { !$0.passed }.map { (artwork, $0) } }
    if !failing.isEmpty {
      page += "<section class=\"problems\"><h2>Failed checks</h2><ul>\n"
      for (artwork, result) in failing {
        page += "<li><code>\(escape(artwork.file.path))</code> on \(escape(result.screen.target.name)) \(result.screen.orientation.rawValue) \(result.placement.requestedMode.rawValue): \(escape(result.failures.joined(separator: "; ")))</li>\n"
      }
      page += "</ul></section>\n"
    }
    page += legend
    for artwork in report.artworks { page += section(artwork, thumbnails: thumbnails) }
    page += table(report)
    page += "<script>\(script)</script>\n</body></html>\n"
    return page
  }

  static func section(_ artwork: ArtworkReport, thumbnails: Bool) -> String {
    var out = "<section class=\"artwork\"><h2>\(escape(artwork.file.path))</h2>\n"
    out += "<p>\(artwork.width)×\(artwork.height) px"
    if let focus = artwork.focus {
      out += " · focus \(fixed4(focus.x)), \(fixed4(focus.y)), \(fixed4(focus.width)), \(fixed4(focus.height)) (\(focus.origin.rawValue))"
    }
    out += "</p>\n"
    if let map = artwork.cropMap {
      out += "<figure class=\"cropmap\"><a href=\"\(escape(map))\"><img src=\"\(escape(map))\" alt=\"crop map of \(escape(artwork.file.path))\" loading=\"lazy\"></a><figcaption>Crop map: the visible part of the source on every fill target, outlined by family.</figcaption></figure>\n"
    }
    var families: [Family] = []
    for result in artwork.results where !families.contains(result.screen.target.family) {
      families.append(result.screen.target.family)
    }
    for family in families {
      out += "<h3>\(family.rawValue)</h3><div class=\"grid\">\n"
      for result in artwork.results where result.screen.target.family == family {
        let p = result.placement
        let (badge, level) = badgeText(result)
        out += "<figure class=\"\(result.passed ? "" : "failed")\">"
        if thumbnails, let preview = result.preview {
          out += "<a href=\"\(escape(preview))\"><img src=\"\(escape(thumbnailPath(for: preview)))\" alt=\"\(escape(result.screen.target.name)) preview\" loading=\"lazy\"></a>"
        }
        out += "<figcaption>\(escape(result.screen.target.name))<br>\(result.screen.orientation.rawValue) · \(p.mode.rawValue)\(p.requestedMode != p.mode ? " (auto)" : "") <span class=\"badge \(level)\">\(badge)</span></figcaption></figure>\n"
      }
      out += "</div>\n"
    }
    return out + "</section>\n"
  }

  /// The badge: crop loss for fill, bar share for fit; coloured by severity.
  static func badgeText(_ result: TargetResult) -> (String, String) {
    let p = result.placement
    if !result.passed { return (p.mode == .fill ? "−" + percent(p.cropLoss) : percent(p.barsFraction) + " bars", "red") }
    if p.mode == .fit { return (p.boxing == .none ? "exact" : percent(p.barsFraction) + " bars", "grey") }
    let loss = p.cropLoss
    let level = loss < 0.1 ? "green" : loss < 0.25 ? "amber" : "red"
    return ("−" + percent(loss), level)
  }

  static func table(_ report: RunReport) -> String {
    var out = """
      <section><h2>All results</h2><p class="hint">Click a column to sort.</p>
      <table id="results"><thead><tr><th>artwork</th><th>target</th><th>orientation</th><th>mode</th><th>canvas</th><th>boxing</th><th data-numeric>crop loss</th><th data-numeric>safe crop loss</th><th data-numeric>bars</th><th>focus</th><th>passed</th></tr></thead><tbody>

      """
    for artwork in report.artworks {
      for result in artwork.results {
        let p = result.placement
        let focus = p.focusVisible.map { $0 ? "visible" : "\(percent(p.focusLoss ?? 0)) lost" } ?? ""
        out += "<tr class=\"\(result.passed ? "" : "failed")\"><td>\(escape(artwork.file.path))</td><td>\(escape(result.screen.target.name))</td><td>\(result.screen.orientation.rawValue)</td><td>\(p.mode.rawValue)</td><td>\(p.canvas)</td><td>\(p.boxing.rawValue)</td><td data-value=\"\(p.cropLoss)\">\(percent(p.cropLoss))</td><td data-value=\"\(p.safeCropLoss)\">\(percent(p.safeCropLoss))</td><td data-value=\"\(p.barsFraction)\">\(percent(p.barsFraction))</td><td>\(focus)</td><td>\(result.passed ? "yes" : "no: " + escape(result.failures.joined(separator: "; ")))</td></tr>\n"
      }
    }
    return out + "</tbody></table></section>\n"
  }

  static var legend: String {
    let items = [(Family.iphone, "iPhone"), (.ipad, "iPad"), (.tv, "Apple TV"), (.video, "video"), (.split, "split window"), (.custom, "canvas")]
    var out = "<p class=\"legend\">Crop-map outlines: "
    out += items.map { family, label in
      let c = CropMapColours.colour(for: family)
      return "<span class=\"swatch\" style=\"background:\(c.description)\"></span>\(label)"
    }.joined(separator: " ")
    return out + ". Badges: crop loss under 10% green, under 25% amber, else red; fit shows the share of bars.</p>\n"
  }

  static let css = """
    body{font:14px/1.45 -apple-system,system-ui,sans-serif;margin:0 auto;max-width:1400px;padding:0 20px 40px;color:#1c1c1e;background:#fafafa}
    h1{margin:18px 0 4px}h2{margin:28px 0 6px;font-size:18px;word-break:break-all}h3{margin:14px 0 6px;font-size:14px;text-transform:uppercase;color:#636366}
    .summary .bad,.problems h2{color:#c4281c}.summary .good{color:#1f7a33}
    .problems{background:#fff1f0;border:1px solid #f4c7c3;border-radius:8px;padding:4px 14px}
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
    """

  static let script = """
    document.querySelectorAll('#results th').forEach(function(th,col){th.addEventListener('click',function(){
    var body=th.closest('table').tBodies[0],rows=Array.from(body.rows),num=th.hasAttribute('data-numeric'),dir=th.dataset.dir==='asc'?-1:1;
    th.dataset.dir=dir===1?'asc':'desc';
    rows.sort(function(a,b){var x=a.cells[col],y=b.cells[col];
    var p=num?parseFloat(x.dataset.value):x.textContent,q=num?parseFloat(y.dataset.value):y.textContent;
    return (p<q?-1:p>q?1:0)*dir;});rows.forEach(function(r){body.appendChild(r);});});});
    """

  /// Text safe in HTML elements and attributes.
  public static func escape(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.append(character)
      }
    }
    return out
  }
}
