import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec
@testable import ArtworkGeometry
@testable import ArtworkReport
@_spi(Support) @testable import ArtworkSupport

/// The report files written as a stream: the same bytes as the writers of a whole report,
/// report.jsonl a line per artwork, the contact sheet paged past its page size, and files
/// that are whole or absent.
struct ReportStreamTests {
  /// `count` artworks named so that path order is their order, each failing somewhere.
  static func report(_ count: Int) throws -> RunReport {
    let sample = try ReportWritersTests.sample()
    var artworks: [ArtworkReport] = []
    for index in 0..<count {
      var artwork = sample.artworks[index % sample.artworks.count]
      artwork.file = ArtworkFile(path: "art/\(String(format: "%03d", index)) <\(index)>.png", stem: "s\(index)")
      artworks.append(artwork)
    }
    return RunReport(options: sample.options, artworks: artworks, errors: sample.errors)
  }

  static func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  @Test func filesEqualTheWholeReportsWriters() throws {
    let report = try Self.report(5)
    let folder = TemporaryFolder()
    defer { folder.remove() }
    try ReportWriter.writeAll(report, to: folder.path("out"))
    #expect(Self.contents(folder.path("out/report.json")) == String(decoding: report.jsonBytes(), as: UTF8.self) + "\n")
    #expect(Self.contents(folder.path("out/report.csv")) == CSVWriter.csv(report))
    #expect(Self.contents(folder.path("out/junit.xml")) == JUnitWriter.xml(report))
    #expect(Self.contents(folder.path("out/index.html")) == HTMLWriter.html(report), "a small run is one page")
    #expect(!FileManager.default.fileExists(atPath: folder.path("out/pages")))
  }

  @Test func jsonLinesHoldsEachArtworkOnALine() throws {
    let report = try Self.report(4)
    let folder = TemporaryFolder()
    defer { folder.remove() }
    try ReportWriter.writeAll(report, to: folder.path("out"), files: Set(ReportFile.allCases))
    let lines = try #require(Self.contents(folder.path("out/report.jsonl"))).split(separator: "\n")
    let whole = try #require(
      try JSONSerialization.jsonObject(with: Data(report.jsonBytes())) as? [String: Any])
    let artworks = try #require(whole["artworks"] as? [Any])
    #expect(lines.count == report.artworks.count)
    for (line, artwork) in zip(lines, artworks) {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
      #expect(NSDictionary(dictionary: object as! [String: Any]).isEqual(to: artwork as! [String: Any]))
    }
  }

  @Test func pagesPastThePageSize() throws {
    let report = try Self.report(7)
    let folder = TemporaryFolder()
    defer { folder.remove() }
    // Pages an earlier, larger run left behind.
    _ = folder.write(Array("old".utf8), to: "out/pages/0004.html")
    _ = folder.write(Array("old".utf8), to: "out/pages/0005.html")
    try ReportWriter.writeAll(report, to: folder.path("out"), pageSize: 3)
    let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path("out/pages")).sorted()
    #expect(pages == ["0001.html", "0002.html", "0003.html"], "stale pages are gone")
    let index = try #require(Self.contents(folder.path("out/index.html")))
    for page in pages { #expect(index.contains("href=\"pages/\(page)\"")) }
    #expect(index.contains("The worst failed checks"))
    #expect(!index.contains("class=\"artwork\""), "the first page holds no artwork sections")
    for (number, page) in pages.enumerated() {
      let html = try #require(Self.contents(folder.path("out/pages/" + page)))
      #expect(html.contains("<style>") && html.contains("href=\"../index.html\""), "self-contained, linked back")
      #expect(html.contains("previous page") == (number > 0))
      #expect(html.contains("next page") == (number < 2))
      #expect(html.contains("src=\"../x/") || html.contains("href=\"../x/"), "links reach the previews from pages/")
      // Artworks 3, 4 and 5 make page 2.
      #expect(html.contains("003 &lt;3&gt;.png") == (number == 1), "an artwork is on its own page only")
    }
    // Every artwork and every device name is on some page.
    let all = try pages.map { try #require(Self.contents(folder.path("out/pages/" + $0))) }.joined()
    for artwork in report.artworks {
      var escaped = ByteBuffer()
      escaped.html(artwork.file.path)
      #expect(all.contains(String(decoding: escaped.bytes, as: UTF8.self)))
    }
  }

  /// The first page lists a bounded number of pages; further lists are files of their own.
  @Test func theListOfPagesIsPagedToo() throws {
    let report = try Self.report(5)
    let folder = TemporaryFolder()
    defer { folder.remove() }
    _ = folder.write(Array("old".utf8), to: "out/pages/list-0004.html")
    let sheet = ContactSheetStream(
      folder: folder.path("out"), thumbnails: false, editor: FocusEditorSetup(), pageSize: 1, pagesListed: 2)
    for artwork in report.artworks { try sheet.add(artwork) }
    try sheet.finish(report.tally)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path("out/pages")).sorted()
    #expect(
      files == ["0001.html", "0002.html", "0003.html", "0004.html", "0005.html", "list-0002.html", "list-0003.html"])
    let index = try #require(Self.contents(folder.path("out/index.html")))
    // The table's rows (the worst failures link pages of their own).
    #expect(index.contains("href=\"pages/0002.html\">2</a>") && !index.contains("href=\"pages/0003.html\">3</a>"))
    #expect(
      index.contains("href=\"pages/list-0002.html\">3–4</a>") && index.contains("href=\"pages/list-0003.html\">5–5</a>")
    )
    let list = try #require(Self.contents(folder.path("out/pages/list-0002.html")))
    #expect(list.contains("href=\"0003.html\"") && list.contains("href=\"0004.html\"") && !list.contains("0005.html"))
    #expect(list.contains("href=\"../index.html\""))
  }

  @Test func anAbandonedStreamLeavesNothing() throws {
    let report = try Self.report(3)
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let stream = try ReportStream(folder: folder.path("out"), options: report.options)
    for artwork in report.artworks { try stream.add(artwork) }
    stream.abandon()
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path("out"))
    #expect(left.isEmpty, "\(left)")
  }

  @Test func theReaderReadsBackWhatWasWritten() throws {
    var report = try Self.report(6)
    report.usedBaseline = true
    let folder = TemporaryFolder()
    defer { folder.remove() }
    try ReportWriter.writeAll(report, to: folder.path("out"))
    let reader = try ReportFileReader(folder.path("out/report.json"))
    var paths: [String] = []
    while let artwork = try reader.nextArtwork() { paths.append(artwork.file.path) }
    #expect(paths == report.artworks.map(\.file.path))
    #expect(reader.errors == report.errors && reader.usedBaseline)
    #expect(reader.options == report.options)
    let whole = try ReportReader.read(folder.path("out/report.json"))
    var again: [[ReportedResult]] = []
    let second = try ReportFileReader(folder.path("out/report.json"))
    while let artwork = try second.nextArtwork() { again.append(artwork.results) }
    #expect(whole.artworks.map(\.results) == again, "the same results as the whole-file reader")
  }

  @Test func aTruncatedReportNamesTheFile() throws {
    let report = try Self.report(3)
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let bytes = Array(report.jsonBytes())
    let path = folder.write(Array(bytes[0..<(bytes.count * 2 / 3)]), to: "report.json")
    #expect {
      let reader = try ReportFileReader(path)
      while try reader.nextArtwork() != nil {}
    } throws: { error in
      (error as? ReportReader.Failure).map { $0.file == path && $0.message.contains("ends") } ?? false
    }
  }
}
