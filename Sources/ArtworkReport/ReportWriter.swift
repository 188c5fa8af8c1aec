import ArtworkCodec
@_spi(Support) import ArtworkSupport

/// Writes a run's reports: report.json, report.jsonl, report.csv, junit.xml and the contact
/// sheet.
public enum ReportWriter {
  /// Writes report.json, report.jsonl, report.csv, junit.xml and index.html (paged past
  /// `pageSize` artworks) into `folder` from a report held whole (see `ReportStream` for a
  /// run's artworks as they finish).
  public static func writeAll(_ report: RunReport, to folder: String, pageSize: Int = ReportStream.pageSize)
    throws(OutputError)
  {
    let stream = try ReportStream(folder: folder, options: report.options, pageSize: pageSize)
    do {
      for artwork in report.artworks { try stream.add(artwork) }
      try stream.finish(errors: report.errors, skipped: report.skipped, usedBaseline: report.usedBaseline)
    } catch {
      stream.abandon()
      throw error
    }
  }
}
