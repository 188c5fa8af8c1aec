import ArtworkCodec
@_spi(Support) import ArtworkSupport

/// Writes a run's reports: report.json and the chosen ones of report.jsonl, report.csv,
/// junit.xml and the contact sheet.
public enum ReportWriter {
  /// Writes report.json and `files` (index.html paged past `pageSize` artworks) into `folder`
  /// from a report held whole (see `ReportStream` for a
  /// run's artworks as they finish).
  public static func writeAll(
    _ report: RunReport, to folder: String, files: Set<ReportFile> = ReportFile.forReview,
    pageSize: Int = ReportStream.pageSize
  ) throws(OutputError) {
    let stream = try ReportStream(folder: folder, options: report.options, files: files, pageSize: pageSize)
    do {
      for artwork in report.artworks { try stream.add(artwork) }
      try stream.finish(errors: report.errors, skipped: report.skipped, usedBaseline: report.usedBaseline)
    } catch {
      stream.abandon()
      throw error
    }
  }
}
