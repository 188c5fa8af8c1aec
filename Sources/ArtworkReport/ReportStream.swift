import ArtworkCodec
@_spi(Support) import ArtworkSupport
import Dispatch
import Foundation

/// A run's report files written as its artworks finish, in the order they are given, so a
/// run of any size holds no more than a page of artworks: report.json, and those of
/// report.jsonl, report.csv, junit.xml and index.html (paged past `pageSize` artworks) the
/// run chose (`ReportFile`). report.json is compact: a machine's file, a third smaller than
/// indented. Each file appears whole when `finish` commits it, or not at all (an interrupted
/// run leaves none of them, only pages already complete); a report file the run did not choose
/// is removed at the end, so none is left from an earlier run. With `jsonTo`, report.json goes
/// to that descriptor alone (stdout for `--json`) and no file is written.
///
/// Used from one thread, except inside `writePending`, where each file's state is touched by
/// the one lane that writes that file: hence `@unchecked Sendable`.
public final class ReportStream: @unchecked Sendable {
  /// Artworks a page of the contact sheet, and the most a one-page sheet holds.
  public static let pageSize = 100

  /// The counts of the artworks written so far.
  public private(set) var tally = RunTally()
  private var json: JSONStream
  private let jsonFile: AtomicStream?
  private let jsonLines: AtomicStream?
  private let csv: AtomicStream?
  /// junit.xml's test suites, until the totals for its root element are known.
  private let junitSuites: AtomicStream?
  private let sheet: ContactSheetStream?
  private let folder: String?

  /// The files a run writes at the top of the output folder.
  public static let fileNames: Set<String> = ["report.json", "report.jsonl", "report.csv", "junit.xml", "index.html"]

  /// The report files this stream writes; the others are removed at the end.
  private let files: Set<ReportFile>

  /// Opens the chosen files in `folder` (created when missing) and writes their heads;
  /// `editor` is what the contact sheet's focus editor needs from the run.
  public init(
    folder: String, options: JSONValue, files: Set<ReportFile> = ReportFile.forReview, thumbnails: Bool = true,
    editor: FocusEditorSetup = FocusEditorSetup(), pageSize: Int = ReportStream.pageSize
  ) throws(OutputError) {
    self.folder = folder
    self.files = files.union([.json])
    ReportSetGuard.opened(folder)  // before the first file, so an interruption knows where
    let jsonFile = try AtomicStream(folder + "/report.json")
    self.jsonFile = jsonFile
    json = JSONStream(buffer: jsonFile.buffer, compact: true)
    jsonLines = files.contains(.jsonl) ? try AtomicStream(folder + "/report.jsonl") : nil
    if files.contains(.csv) {
      let csv = try AtomicStream(folder + "/report.csv")
      CSVWriter.writeHeader(to: &csv.buffer)
      self.csv = csv
    } else {
      csv = nil
    }
    junitSuites = files.contains(.junit) ? try AtomicStream(folder + "/junit.xml") : nil
    sheet =
      files.contains(.html)
      ? ContactSheetStream(folder: folder, thumbnails: thumbnails, editor: editor, pageSize: pageSize) : nil
    RunReport.writeHead(options: options, to: &json)
  }

  /// report.json alone, streamed to `descriptor`.
  public init(jsonTo descriptor: Int32, options: JSONValue) {
    folder = nil
    files = [.json]
    jsonFile = nil
    jsonLines = nil
    csv = nil
    junitSuites = nil
    sheet = nil
    json = JSONStream(buffer: ByteBuffer(descriptor: descriptor), compact: true)
    RunReport.writeHead(options: options, to: &json)
  }

  /// Artworks gathered for the files, written a batch at a time with each file on its own
  /// thread (they are independent), as the reports written whole always were.
  private var pending: [ArtworkReport] = []
  /// Artworks handed to report.json's lane so far.
  private var artworksSubmitted = 0
  /// report.json and .jsonl, report.csv, junit.xml, index.html.
  private let lanes = (0..<4).map { ReportLane(label: "artfit.report.\($0)") }
  /// Why the contact sheet could not be written, from its lane.
  private let sheetFailure = Locked<OutputError?>(nil)
  private static let batch = 64

  /// Adds the next artwork to every file.
  public func add(_ artwork: ArtworkReport) throws(OutputError) {
    tally.count(artwork)
    pending.append(artwork)
    if pending.count == Self.batch { try writePending() }
  }

  /// Hands the gathered artworks to each file's lane. The lanes run beside each other and
  /// beside the run (a file's batches in order on its own queue), a few batches deep, so
  /// memory stays bounded and the cores stay busy.
  private func writePending() throws(OutputError) {
    if let error = sheetFailure.withLock({ $0 }) { throw error }
    let artworks = pending
    pending.removeAll(keepingCapacity: true)
    guard !artworks.isEmpty else { return }
    let pieces = HandedOver(Self.serialized(artworks, first: artworksSubmitted == 0))
    artworksSubmitted += artworks.count
    lanes[0].submit { self.writeJSON(pieces.value) }
    lanes[1].submit { self.writeCSV(artworks) }
    lanes[2].submit { self.writeJUnit(artworks) }
    lanes[3].submit { self.writeSheet(artworks) }
  }

  private func writeCSV(_ artworks: [ArtworkReport]) {
    guard let csv else { return }
    for artwork in artworks {
      CSVWriter.writeRows(artwork, to: &csv.buffer)
      csv.flushIfFull()
    }
  }

  private func writeJUnit(_ artworks: [ArtworkReport]) {
    guard let junitSuites else { return }
    for artwork in artworks {
      JUnitWriter.writeSuite(artwork, to: &junitSuites.buffer)
      junitSuites.flushIfFull()
    }
  }

  private func writeSheet(_ artworks: [ArtworkReport]) {
    guard let sheet else { return }
    do throws(OutputError) {
      for artwork in artworks { try sheet.add(artwork) }
    } catch {
      sheetFailure.withLock { $0 = $0 ?? error }
    }
  }

  /// Each artwork's piece of report.json (serialized once, on the cores at hand, and later
  /// joined onto one line for report.jsonl).
  private static func serialized(_ artworks: [ArtworkReport], first: Bool) -> [ByteBuffer] {
    let pieces = Locked([HandedOver<ByteBuffer>?](repeating: nil, count: artworks.count))
    let halves = artworks.count > 8 ? 2 : 1
    DispatchQueue.concurrentPerform(iterations: halves) { half in
      var done: [(Int, HandedOver<ByteBuffer>)] = []
      for index in stride(from: half, to: artworks.count, by: halves) {
        // Room for the artwork at once (about 650 compact bytes a result): no regrowth copies.
        let room = 4096 + 768 * artworks[index].results.count
        var stream = JSONStream(
          buffer: ByteBuffer(capacity: room), compact: true, continuingArrayAtDepth: 2, first: first && index == 0)
        artworks[index].write(to: &stream)
        done.append((index, HandedOver(stream.buffer)))
      }
      pieces.withLock { for (index, piece) in done { $0[index] = piece } }
    }
    return pieces.withLock { $0 }.map { $0!.value }
  }

  /// report.json's pieces, in order, and report.jsonl's lines joined from them.
  private func writeJSON(_ pieces: [ByteBuffer]) {
    for piece in pieces {
      json.buffer.appendPassingLarge(piece)
      guard let jsonLines else { continue }
      // Past the comma that separates it from the artwork before (a compact piece is one line).
      jsonLines.buffer.append(piece, from: piece.first == UInt8(ascii: ",") ? 1 : 0)
      jsonLines.buffer.append(byte: 0x0a)
      jsonLines.flushIfFull()
    }
    json.noteValuesWritten()
  }

  /// Waits until every lane has written what it was handed.
  private func drain() { for lane in lanes { lane.drain() } }

  /// Writes the tails (the errors, in the order given: a run gives them in path order, and the
  /// totals) and puts every file in place.
  public func finish(errors: [InputError], skipped: [SkippedFile] = [], usedBaseline: Bool) throws(OutputError) {
    try writePending()
    drain()
    if let error = sheetFailure.withLock({ $0 }) { throw error }
    tally.errors = errors
    tally.skipped = skipped
    tally.usedBaseline = usedBaseline
    RunReport.writeTail(tally, to: &json)
    json.buffer.append(byte: 0x0a)
    guard let folder, let jsonFile else {
      json.buffer.flush()
      return
    }
    jsonFile.buffer = json.buffer
    try ReportSetGuard.commit { () throws(OutputError) in
      try jsonFile.commit()
      try jsonLines?.commit()
      try csv?.commit()
      try commitJUnit(in: folder)
      try sheet?.finish(tally)
      for file in ReportFile.allCases where !files.contains(file) { Self.remove(file, from: folder) }
    }
  }

  /// junit.xml: its head, now the totals are known, before the suites written so far.
  private func commitJUnit(in folder: String) throws(OutputError) {
    guard let junitSuites else { return }
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

  /// Removes an earlier run's `file` (the contact sheet with its pages).
  private static func remove(_ file: ReportFile, from folder: String) {
    unlink(folder + "/" + file.fileName)
    if file == .html { ContactSheetStream.removeSheet(from: folder) }
  }

  /// Removes every file not yet in place.
  public func abandon() {
    drain()
    for stream in [jsonFile, jsonLines, csv, junitSuites] { stream?.abandon() }
  }
}

/// A serial queue that writes one report file's batches in order, at most a few ahead.
private final class ReportLane: Sendable {
  private let queue: DispatchQueue
  private let room = DispatchSemaphore(value: 4)

  init(label: String) { queue = DispatchQueue(label: label) }

  func submit(_ work: @escaping @Sendable () -> Void) {
    room.wait()
    queue.async {
      work()
      self.room.signal()
    }
  }

  func drain() { queue.sync {} }
}

/// A value handed from the thread that made it to a lane, which alone uses it from then on.
private struct HandedOver<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
