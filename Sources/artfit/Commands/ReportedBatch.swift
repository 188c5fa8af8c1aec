import Artwork
import ArtworkPlatform
import Foundation

/// A batch (render or check) whose reports are written as its artworks finish, in input
/// order: each artwork is marked against the baseline, added to the report files, the
/// summary and the diagnostics, and let go, so memory does not grow with the folder.
struct ReportedBatch {
  var options: RenderOptions
  var baseline: Baseline? = nil
  /// Where reports go: the output folder's files; without them report.json on stdout alone
  /// (`check --json`); with both, the files and report.json on stdout too (`render --json`).
  var writeFiles = true
  var jsonToStdout = false
  var diagnostics: DiagnosticsStream
  var progress: (@Sendable (BatchProgress) -> Void)? = nil

  /// Runs the batch; the tally has the counts, the errors and what stopped the run.
  func run() -> (tally: RunTally, summary: Summary, stats: RenderStats) {
    var summary = Summary(trimBars: options.solving.trimBars)
    let stream: ReportStream
    do throws(OutputError) {
      if writeFiles {
        try OutputFolder.prepare(options.running.outputFolder)
        stream = try ReportStream(
          folder: options.running.outputFolder, options: options.json, files: options.writing.reports,
          editor: options.focusEditor)
      } else {
        stream = ReportStream(jsonTo: 1, options: options.json)
      }
    } catch {
      var tally = RunTally()
      tally.stoppedBy = error
      return (tally, summary, RenderStats())
    }
    let baseline = baseline?.aligned(toInputs: Self.inputs(options.selection.inputs))
    let (report, stats) = BatchRenderer(options: options).run(progress: progress) { finished in
      var artwork = finished
      baseline?.apply(to: &artwork)
      summary.add(artwork)
      diagnostics.add(artwork)
      do throws(OutputError) { try stream.add(artwork) } catch { return error }
      return nil
    }
    var stoppedBy = report.stoppedBy
    if stoppedBy == nil {
      do throws(OutputError) {
        try stream.finish(errors: report.errors, skipped: report.skipped, usedBaseline: baseline != nil)
        if writeFiles && jsonToStdout { try Self.copy(options.running.outputFolder + "/report.json", to: 1) }
      } catch {
        stoppedBy = error
      }
    } else {
      stream.abandon()
    }
    // The stream counted every artwork it was given; the tally says how the run ended.
    var tally = stream.tally
    tally.errors = report.errors
    tally.skipped = report.skipped
    tally.excluded = report.excluded
    tally.notes = report.notes
    tally.artworksInAllShards = report.artworksInAllShards
    tally.usedBaseline = baseline != nil
    tally.stoppedBy = stoppedBy
    return (tally, summary, stats)
  }

  /// The inputs the run's artworks are found under, as `ArtworkFile.input` names them.
  private static func inputs(_ arguments: [String]) -> [String] {
    arguments.map { argument in
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder)
      return ArtworkFile.input(ofArgument: argument, isFolder: isFolder.boolValue)
    }
  }

  /// Copies a file to a descriptor a megabyte at a time.
  private static func copy(_ path: String, to descriptor: Int32) throws(OutputError) {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw .writeFailed(file: path, reason: "cannot read it back")
    }
    defer { try? handle.close() }
    while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
      writeAll(descriptor, bytes: Array(chunk))
    }
  }
}
