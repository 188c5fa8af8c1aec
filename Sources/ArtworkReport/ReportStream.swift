import ArtworkCodec
import ArtworkSupport
import Dispatch

/// A run's report files written as its artworks finish, in the order they are given, so a
/// run of any size holds no more than a page of artworks: report.json, report.jsonl,
/// report.csv, junit.xml and index.html (paged past `pageSize` artworks). Each file appears
/// whole when `finish` commits it, or not at all (an interrupted run leaves none of them,
/// only pages already complete). With `jsonTo`, report.json goes to that descriptor alone
/// (stdout for `--json`) and no file is written.
///
/// Used from one thread, except inside `writePending`, where each file's state is touched by
/// the one lane that writes that file: hence `@unchecked Sendable`.
public final class ReportStream: @unchecked Sendable {
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

  /// Artworks gathered for the files, written a batch at a time with each file on its own
  /// thread (they are independent), as the reports written whole always were.
  private var pending: [ArtworkReport] = []
  private static let batch = 64

  /// Adds the next artwork to every file.
  public func add(_ artwork: ArtworkReport) throws(OutputError) {
    tally.count(artwork)
    pending.append(artwork)
    if pending.count == Self.batch { try writePending() }
  }

  private func writePending() throws(OutputError) {
    let artworks = pending
    pending.removeAll(keepingCapacity: true)
    let sheetError = Locked<OutputError?>(nil)
    DispatchQueue.concurrentPerform(iterations: 5) { lane in
      switch lane {
      case 0:
        for artwork in artworks {
          artwork.write(to: &json)
          json.buffer.flushIfFull()
        }
      case 1:
        guard let jsonLines else { return }
        var line = JSONStream(buffer: jsonLines.buffer, oneLine: true)
        for artwork in artworks {
          artwork.write(to: &line)
          line.buffer.append(byte: 0x0a)
          line.buffer.flushIfFull()
        }
        jsonLines.buffer = line.buffer
      case 2:
        guard let csv else { return }
        for artwork in artworks {
          CSVWriter.writeRows(artwork, to: &csv.buffer)
          csv.flushIfFull()
        }
      case 3:
        guard let junitSuites else { return }
        for artwork in artworks {
          JUnitWriter.writeSuite(artwork, to: &junitSuites.buffer)
          junitSuites.flushIfFull()
        }
      default:
        guard let sheet else { return }
        do throws(OutputError) {
          for artwork in artworks { try sheet.add(artwork) }
        } catch {
          sheetError.withLock { $0 = error }
        }
      }
    }
    if let error = sheetError.withLock({ $0 }) { throw error }
  }

  /// Writes the tails (the errors, sorted, and the totals) and puts every file in place.
  public func finish(errors: [InputError], usedBaseline: Bool) throws(OutputError) {
    try writePending()
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
