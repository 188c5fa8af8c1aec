import Artwork

/// A batch (render or check) and then its reports, written into the output folder.
enum ReportedBatch {
  /// Runs the batch, marks what `baseline` already had, and unless told not to, writes
  /// report.json, report.csv, junit.xml and index.html. A folder that takes no writes is
  /// recorded as the report's `stoppedBy`.
  static func run(
    _ options: RenderOptions, baseline: Baseline? = nil, writeReports: Bool = true,
    progress: (@Sendable (BatchProgress) -> Void)? = nil
  ) -> (report: RunReport, stats: RenderStats) {
    var (report, stats) = BatchRenderer(options: options).run(progress: progress)
    baseline?.apply(to: &report)
    guard writeReports, report.stoppedBy == nil else { return (report, stats) }
    do {
      try OutputFolder.prepare(options.outputFolder)
      try ReportWriter.writeAll(report, to: options.outputFolder)
    } catch {
      report.stoppedBy = error
    }
    return (report, stats)
  }
}
