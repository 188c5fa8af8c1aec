import ArtworkCodec
import ArtworkGeometry
import ArtworkSupport
import Foundation

/// index.html as artworks finish, for a run of any size. Up to `pageSize` artworks it is one
/// page, as it always was. Past that the artworks go to `pages/0001.html`, … (`pageSize` a
/// page, each written as soon as the next artwork arrives), and index.html becomes the first
/// page a person opens: the counts, the inputs that could not be read, the worst failed
/// checks linked to their pages, and every page with its failures. No page grows with the
/// size of the run, and at most `pageSize` artworks are held.
final class ContactSheetStream {
  /// A written page, as the index lists it.
  private struct Page {
    var first: String
    var last: String
    var artworks: Int
    var failed: Int
  }

  /// A failed check the index may list, with the page that shows it.
  private struct Failure {
    var cropLoss: Double
    var order: Int
    var page: Int
    var artwork: String
    var screen: String
    var failures: String
  }

  /// How many failed checks the index lists.
  static let worstShown = 30

  let folder: String
  let thumbnails: Bool
  let pageSize: Int
  private var held: [ArtworkReport] = []
  private var pages: [Page] = []
  private var worst: [Failure] = []
  private var seen = 0
  private var failureOrder = 0

  init(folder: String, thumbnails: Bool, pageSize: Int) {
    self.folder = folder
    self.thumbnails = thumbnails
    self.pageSize = max(1, pageSize)
  }

  func add(_ artwork: ArtworkReport) throws(OutputError) {
    remember(artwork, page: seen / pageSize + 1)
    seen += 1
    if held.count == pageSize { try writePage(hasNext: true) }
    held.append(artwork)
  }

  func finish(_ tally: RunTally) throws(OutputError) {
    if pages.isEmpty {
      var report = RunReport(options: .null, artworks: held, errors: tally.errors)
      report.usedBaseline = tally.usedBaseline
      try AtomicFile.stream(to: folder + "/index.html") { HTMLWriter.write(report, thumbnails: thumbnails, to: &$0) }
    } else {
      if !held.isEmpty { try writePage(hasNext: false) }
      try AtomicFile.stream(to: folder + "/index.html") { writeIndex(tally, to: &$0) }
    }
    removePages(after: pages.count)
  }

  /// Keeps the failed check among the worst when it cuts more than the least of them.
  private func remember(_ artwork: ArtworkReport, page: Int) {
    for result in artwork.results where result.failsRun {
      failureOrder += 1
      let loss = result.placement.cropLoss
      if worst.count == Self.worstShown, let least = worst.last, least.cropLoss >= loss { continue }
      let failure = Failure(
        cropLoss: loss, order: failureOrder, page: page, artwork: artwork.file.path,
        screen:
          "\(result.screen.target.name) \(result.screen.orientation.rawValue) \(result.placement.requestedMode.rawValue)",
        failures: result.failures.joined(separator: "; "))
      let at = worst.firstIndex { $0.cropLoss < loss } ?? worst.count
      worst.insert(failure, at: at)
      if worst.count > Self.worstShown { worst.removeLast() }
    }
  }

  /// Writes the held artworks as the next page, their links made relative to `pages/`.
  private func writePage(hasNext: Bool) throws(OutputError) {
    let number = pages.count + 1
    var report = RunReport(options: .null, artworks: held.map(Self.seenFromPages), errors: [])
    let page = ContactSheetPage(number: number, hasNext: hasNext)
    try AtomicFile.stream(to: folder + "/" + ContactSheetPage.path(number)) {
      HTMLWriter.write(report, thumbnails: thumbnails, page: page, to: &$0)
    }
    let tally = report.tally
    pages.append(
      Page(first: held[0].file.path, last: held[held.count - 1].file.path, artworks: held.count, failed: tally.failed))
    held.removeAll(keepingCapacity: true)
  }

  /// The artwork with its preview and crop-map paths seen from `pages/`.
  private static func seenFromPages(_ artwork: ArtworkReport) -> ArtworkReport {
    var artwork = artwork
    func up(_ path: String) -> String { path.hasPrefix("/") ? path : "../" + path }
    artwork.cropMap = artwork.cropMap.map(up)
    for index in artwork.results.indices { artwork.results[index].preview = artwork.results[index].preview.map(up) }
    return artwork
  }

  private func writeIndex(_ tally: RunTally, to out: inout ByteBuffer) {
    HTMLWriter.writeHead(title: "artfit report", to: &out)
    HTMLWriter.writeSummary(tally, to: &out)
    HTMLWriter.writeErrors(tally.errors, limit: 100, to: &out)
    if !worst.isEmpty {
      out.append("<section class=\"problems\"><h2>The worst failed checks</h2><p>The ")
      out.integer(worst.count)
      out.append(" that cut the most of their artwork, of ")
      out.integer(tally.failed)
      out.append("; each page lists all of its own first.</p><ul>\n")
      for failure in worst {
        out.append("<li><a href=\"")
        out.append(ContactSheetPage.path(failure.page))
        out.append("\"><code>")
        out.html(failure.artwork)
        out.append("</code></a> on ")
        out.html(failure.screen)
        out.append(": ")
        out.html(failure.failures)
        out.append("</li>\n")
      }
      out.append("</ul></section>\n")
    }
    out.append("<section><h2>Artworks, ")
    out.integer(pageSize)
    out.append(" a page</h2>\n<table><thead><tr><th>page</th><th>artworks</th><th>from</th><th>to</th>")
    out.append("<th>failed results</th></tr></thead><tbody>\n")
    for (index, page) in pages.enumerated() {
      out.append(page.failed > 0 ? "<tr class=\"failed\"><td><a href=\"" : "<tr><td><a href=\"")
      out.append(ContactSheetPage.path(index + 1))
      out.append("\">")
      out.integer(index + 1)
      out.append("</a></td><td>")
      out.integer(page.artworks)
      out.append("</td><td>")
      out.html(page.first)
      out.append("</td><td>")
      out.html(page.last)
      out.append("</td><td>")
      out.integer(page.failed)
      out.append("</td></tr>\n")
      out.flushIfFull()
    }
    out.append("</tbody></table></section>\n</body></html>\n")
  }

  /// Removes pages a larger earlier run left in the folder, past this run's `count`.
  private func removePages(after count: Int) {
    var number = count + 1
    while unlink(folder + "/" + ContactSheetPage.path(number)) == 0 { number += 1 }
  }
}
