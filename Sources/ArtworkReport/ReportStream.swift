import ArtworkCodec
import ArtworkSupport

/// A run's report files written as its artworks finish, in the order they are given, so a
/// run of any size holds no more than a page of artworks: report.json, report.jsonl,
/// report.csv, junit.xml and index.html (paged past `pageSize` artworks). Each file appears
/// whole when `finish` commits it, or not at all (an interrupted run leaves none of them,
/// only pages already complete). With `jsonTo`, report.json goes to that descriptor alone
/// (stdout for `--json`) and no file is written.
public final class ReportStream {
  /// Artworks a page of the contact sheet, and the most a one-page sheet holds.
  public static let pageSize = 100

  public private(set) var tally = RunTally()
  private var json: JSONStream
  private let jsonFile: AtomicStream?
  private let jsonLines: AtomicStream?
  private let csv: AtomicStream?
  /// junit.xml's test suites, until the totals for its root element are known.
  private let junitSuites: AtomicStream?
  private let sheet: ContactSheetStream?
  private let folder: String?

  /// Opens the files in `folder` (created when missing) and writes their heads.
  public init(
    folder: String, options: JSONValue, thumbnails: Bool = true,
    pageSize: Int = ReportStream.pageSize
  ) throws(OutputError) {
    self.folder = folder
    let jsonFile = try AtomicStream(folder + "/report.json")
    self.jsonFile = jsonFile
    json = JSONStream(buffer: jsonFile.buffer)
    jsonLines = try AtomicStream(folder + "/report.jsonl")
    let csv = try AtomicStream(folder + "/report.csv")
    CSVWriter.writeHeader(to: &csv.buffer)
    self.csv = csv
    junitSuites = try AtomicStream(folder + "/junit.xml")
    sheet = ContactSheetStream(folder: folder, thumbnails: thumbnails, pageSize: pageSize)
    RunReport.writeHead(options: options, to: &json)
  }

  /// report.json alone, streamed to `descriptor`.
  public init(jsonTo descriptor: Int32, options: JSONValue) {
    folder = nil
    jsonFile = nil
    jsonLines = nil
    csv = nil
    junitSuites = nil
    sheet = nil
    json = JSONStream(buffer: ByteBuffer(descriptor: descriptor))
    RunReport.writeHead(options: options, to: &json)
  }

  /// Adds the next artwork to every file.
  public func add(_ artwork: ArtworkReport) throws(OutputError) {
    tally.count(artwork)
    artwork.write(to: &json)
    json.buffer.flushIfFull()
    if let jsonLines {
      var line = JSONStream(buffer: jsonLines.buffer, oneLine: true)
      artwork.write(to: &line)
      line.buffer.append(byte: 0x0a)
      jsonLines.buffer = line.buffer
      jsonLines.flushIfFull()
    }
    if let csv {
      CSVWriter.writeRows(artwork, to: &csv.buffer)
      csv.flushIfFull()
    }
    if let junitSuites {
      JUnitWriter.writeSuite(artwork, to: &junitSuites.buffer)
      junitSuites.flushIfFull()
    }
    try sheet?.add(artwork)
  }

  /// Writes the tails (the errors, sorted, and the totals) and puts every file in place.
  public func finish(errors: [InputError], usedBaseline: Bool) throws(OutputError) {
    tally.errors = errors.sorted { $0.source.utf8.lexicographicallyPrecedes($1.source.utf8) }
    tally.usedBaseline = usedBaseline
    RunReport.writeTail(tally, to: &json)
    json.buffer.append(byte: 0x0a)
    guard let folder, let jsonFile else {
      json.buffer.flush()
      return
    }
    jsonFile.buffer = json.buffer
    try jsonFile.commit()
    try jsonLines?.commit()
    try csv?.commit()
    if let junitSuites {
      let junit = try AtomicStream(folder + "/junit.xml")
      JUnitWriter.writeHead(tally, to: &junit.buffer)
      let failure = junitSuites.copy(into: &junit.buffer)
      junitSuites.abandon()
      guard failure == 0 else {
        junit.abandon()
        throw AtomicFile.failure(failure, folder + "/junit.xml")
      }
      JUnitWriter.writeTail(tally.errors, to: &junit.buffer)
      try junit.commit()
    }
    try sheet?.finish(tally)
  }

  /// Removes every file not yet in place.
  public func abandon() {
    for stream in [jsonFile, jsonLines, csv, junitSuites] { stream?.abandon() }
  }
}
