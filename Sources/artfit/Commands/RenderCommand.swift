import Artwork
@_spi(Support) import ArtworkSupport
import Foundation

/// `artfit render`: previews of every artwork on every target, with reports.
struct RenderCommand: Command {
  static let spec = CommandSpec(
    name: "render",
    abstract: "Render previews of every artwork on every target, with safe-area overlays and crop-loss reports.",
    usage: "artfit render [INPUT ...] [OPTIONS]",
    options: RenderArguments.sharedOptions + RenderArguments.renderOptions,
    discussion: """
      INPUT is a file or a folder, searched recursively; no INPUT means the current folder. Every file
      is artwork (\(ImageFormat.namesInProse), by name or content), an input error naming an image format artfit does
      not read, or listed as skipped; hidden files, the output folder and --exclude are left out.
      Writes OUT/<artwork>/<target>-<orientation>-<mode>@<scale>x.png, OUT/<artwork>/crop-map.png,
      OUT/report.json, report.csv, junit.xml and index.html. Identical previews (same canvas, safe
      area, corners, sensor housing and Home indicator) are written once and shared in the report.
      A rerun into the same OUT keeps the previews of artworks whose bytes and options are unchanged.
      \(ExitStatus.helpLine())
      """)

  let options: RenderOptions
  let json: Bool
  let quiet: Bool
  let diagnostics: DiagnosticsFormat
  let baseline: Baseline?
  let allowEmpty: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    options = try RenderArguments.parse(arguments, previews: true)
    json = arguments.has("--json")
    quiet = arguments.has("--quiet")
    diagnostics = try Diagnostics.format(arguments, environment: ProcessInfo.processInfo.environment)
    baseline = try RenderArguments.baseline(arguments)
    allowEmpty = arguments.has("--allow-empty")
  }

  func run() throws -> ExitStatus {
    Interruption.install(keeping: "previews")
    let lock =
      true ? try FolderLock.take(options.running.outputFolder, wait: options.running.waitForLock, quiet: quiet) : nil
    defer { lock?.release() }
    let bar = quiet || json ? nil : ProgressBar()
    let started = MonotonicClock.seconds()
    let environment = ProcessInfo.processInfo.environment
    let diagnosticsStream = DiagnosticsStream(diagnostics, toStderr: json, environment: environment)
    let (tally, summary, stats) = ReportedBatch(
      options: options, baseline: baseline, jsonToStdout: json, diagnostics: diagnosticsStream
    ) { progress in bar?.update(progress) }.run()
    bar?.finish()
    diagnosticsStream.finish(errors: tally.errors)
    summary.print(
      tally, stats: stats, options: options, seconds: MonotonicClock.seconds() - started, quiet: quiet, toStderr: json)
    if let status = Summary.emptyRunStatus(tally, options: options, allowEmpty: allowEmpty, quiet: quiet) {
      return status
    }
    return tally.exitStatus
  }
}
