import ArtworkCodec
import ArtworkSupport
import Dispatch

public enum ReportWriter {
  /// Writes report.json, report.csv, junit.xml and index.html into `folder`, each streamed
  /// to its file and all four at once.
  public static func writeAll(_ report: RunReport, to folder: String) throws(OutputError) {
    let writers: [(String, @Sendable (inout ByteBuffer) -> Void)] = [
      (
        "report.json",
        { buffer in
          var json = JSONStream(buffer: buffer)
          report.write(to: &json)
          json.buffer.append(byte: 0x0a)
          buffer = json.buffer
        }
      ),
      ("index.html", { HTMLWriter.write(report, thumbnails: true, to: &$0) }),
      ("report.csv", { CSVWriter.write(report, to: &$0) }),
      ("junit.xml", { JUnitWriter.write(report, to: &$0) }),
    ]
    let failures = Locked([OutputError?](repeating: nil, count: writers.count))
    DispatchQueue.concurrentPerform(iterations: writers.count) { index in
      let (name, produce) = writers[index]
      do throws(OutputError) {
        try AtomicFile.stream(to: folder + "/" + name, produce)
      } catch {
        failures.withLock { $0[index] = error }
      }
    }
    if let failure = failures.withLock({ $0 }).compactMap({ $0 }).first { throw failure }
  }
}
