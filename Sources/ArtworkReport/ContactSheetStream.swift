import ArtworkCodec
import ArtworkGeometry
@_spi(Support) import ArtworkSupport
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
    var page: Int
    var artwork: String
    var screen: String
    var failures: String
  }

  /// How many failed checks the index lists.
  static let worstShown = 30

  let folder: String
  let thumbnails: Bool
  let editor: FocusEditorSetup
  let pageSize: Int
  /// How many pages the first page's table lists; each further list is a file of its own.
  let pagesListed: Int
  private var held: [ArtworkReport] = []
  private var pages: [Page] = []
  private var worst: [Failure] = []
  private var seen = 0

  init(folder: String, thumbnails: Bool, editor: FocusEditorSetup, pageSize: Int, pagesListed: Int = 1000) {
    self.folder = folder
    self.thumbnails = thumbnails
    self.editor = editor
    self.pageSize = max(1, pageSize)
    self.pagesListed = max(1, pagesListed)
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
      try AtomicFile.stream(to: folder + "/index.html") {
        HTMLWriter.write(report, thumbnails: thumbnails, editor: editor, to: &$0)
      }
    } else {
      if !held.isEmpty { try writePage(hasNext: false) }
      try writeLists()
      try AtomicFile.stream(to: folder + "/index.html") { writeIndex(tally, to: &$0) }
    }
    removeStalePages()
  }

  /// Keeps the failed check among the worst when it cuts more than the least of them.
  private func remember(_ artwork: ArtworkReport, page: Int) {
    for result in artwork.results where result.failsRun {
      let loss = result.placement.cropLoss
      if worst.count == Self.worstShown, let least = worst.last, least.cropLoss >= loss { continue }
      let failure = Failure(
        cropLoss: loss, page: page, artwork: artwork.file.path,
        screen:
          "\(result.screen.target.name) \(result.screen.orientation.rawValue) \(result.placement.requestedMode.rawValue)",
        failures: result.result.failureMessages)
      let at = worst.firstIndex { $0.cropLoss < loss } ?? worst.count
      worst.insert(failure, at: at)
      if worst.count > Self.worstShown { worst.removeLast() }
    }
  }

  /// Writes the held artworks as the next page, their links made relative to `pages/`.
  private func writePage(hasNext: Bool) throws(OutputError) {
    let number = pages.count + 1
    let report = RunReport(options: .null, artworks: held.map(Self.seenFromPages), errors: [])
    let page = ContactSheetPage(number: number, hasNext: hasNext)
    ReportSetGuard.replacedPage()
    try AtomicFile.stream(to: folder + "/" + ContactSheetPage.path(number)) {
      HTMLWriter.write(report, thumbnails: thumbnails, editor: editor, page: page, to: &$0)
    }
    let tally = report.tally
    pages.append(
      Page(first: held[0].file.path, last: held[held.count - 1].file.path, artworks: held.count, failed: tally.failed))
    held.removeAll(keepingCapacity: true)
  }

  /// The artwork with its preview and crop-map paths seen from `pages/`.
  private static func seenFromPages(_ artwork: ArtworkReport) -> ArtworkReport {
    artwork.movingOutputs { $0.hasPrefix("/") ? $0 : "../" + $0 }
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
    out.append(" a page</h2>\n")
    writePageTable(0..<min(pages.count, pagesListed), from: "pages/", to: &out)
    if pages.count > pagesListed {
      out.append("<p>The pages after the first ")
      out.integer(pagesListed)
      out.append(" are listed on ")
      for list in 2...listCount {
        if list > 2 { out.append(", ") }
        out.append("<a href=\"")
        out.append(Self.listPath(list))
        out.append("\">")
        out.integer((list - 1) * pagesListed + 1)
        out.append("–")
        out.integer(min(pages.count, list * pagesListed))
        out.append("</a>")
      }
      out.append(".</p>\n")
    }
    out.append("</section>\n</body></html>\n")
  }

  /// How many lists of pages there are: the first page's table, then a file for each further
  /// `pagesListed` pages, so no page grows with the run.
  private var listCount: Int { max(1, (pages.count + pagesListed - 1) / pagesListed) }

  static func listPath(_ number: Int) -> String {
    let digits = String(number)
    return "pages/list-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".html"
  }

  /// The lists of pages past the first page's.
  private func writeLists() throws(OutputError) {
    guard listCount > 1 else { return }
    for list in 2...listCount {
      try AtomicFile.stream(to: folder + "/" + Self.listPath(list)) { out in
        HTMLWriter.writeHead(
          title: "artfit report, pages \((list - 1) * pagesListed + 1) to \(min(pages.count, list * pagesListed))",
          to: &out)
        out.append("<nav class=\"pages\"><a href=\"../index.html\">summary and the first pages</a></nav>\n</header>\n")
        writePageTable((list - 1) * pagesListed..<min(pages.count, list * pagesListed), from: "", to: &out)
        out.append("</body></html>\n")
      }
    }
  }

  /// A table row per page in `range`, linked through `prefix` (the folder of pages, seen from
  /// the file the table is in).
  private func writePageTable(_ range: Range<Int>, from prefix: String, to out: inout ByteBuffer) {
    out.append("<table><thead><tr><th>page</th><th>artworks</th><th>from</th><th>to</th>")
    out.append("<th>failed results</th></tr></thead><tbody>\n")
    for index in range {
      let page = pages[index]
      out.append(page.failed > 0 ? "<tr class=\"failed\"><td><a href=\"" : "<tr><td><a href=\"")
      out.append(prefix)
      out.append(ContactSheetPage.fileName(index + 1))
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
    out.append("</tbody></table>\n")
  }

  /// Removes pages and lists of pages a larger earlier run left in the folder.
  /// Removes a sheet's pages and page lists (a run that writes no sheet).
  static func removeSheet(from folder: String) {
    var number = 1
    while unlink(folder + "/" + ContactSheetPage.path(number)) == 0 { number += 1 }
    number = 2
    while unlink(folder + "/" + listPath(number)) == 0 { number += 1 }
    rmdir(folder + "/pages")
  }

  private func removeStalePages() {
    var number = pages.count + 1
    while unlink(folder + "/" + ContactSheetPage.path(number)) == 0 { number += 1 }
    number = listCount + 1
    while unlink(folder + "/" + Self.listPath(number)) == 0 { number += 1 }
  }
}
