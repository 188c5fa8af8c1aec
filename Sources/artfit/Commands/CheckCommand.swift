import Artwork
@_spi(Support) import ArtworkSupport
import Foundation

/// `artfit check`: the same plan, geometry and checks as render, without previews.
struct CheckCommand: Command {
  static let spec = CommandSpec(
    name: "check",
    abstract: "Solve and check every artwork on every target; pixels are read only where a check needs them.",
    usage: "artfit check [INPUT ...] [OPTIONS]",
    options: RenderArguments.sharedOptions.map { option in
      switch option.name {
      case "--out":
        var reports = option
        reports.help = "Where the reports go (check draws no previews)."
        return reports
      case "--reports": return RenderArguments.reportsOption(default: ReportFile.forBuilds)
      default: return option
      }
    },
    discussion: """
      Reads each file's header (size, EXIF orientation, alpha) and decodes pixels only where a check
      needs them (--trim-bars, --focus auto, a gain map's highlights), so it stays quick on large folders.
      Writes OUT/report.json and junit.xml (what a build reads; --reports adds report.csv, report.jsonl
      and the contact sheet); with --json it writes nothing and prints the report to stdout (the
      summary goes to stderr), so 'artfit check art/ --json | jq' works.
      \(ExitStatus.helpLine())
      """)

  let options: RenderOptions
  let json: Bool
  let quiet: Bool
  let diagnostics: DiagnosticsFormat
  let baseline: Baseline?
  let allowEmpty: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    options = try RenderArguments.parse(arguments, previews: false)
    json = arguments.has("--json")
    quiet = arguments.has("--quiet")
    diagnostics = try Diagnostics.format(arguments, environment: ProcessInfo.processInfo.environment)
    baseline = try RenderArguments.baseline(arguments)
    allowEmpty = arguments.has("--allow-empty")
  }

  func run() throws -> ExitStatus {
    Interruption.install()
    let lock =
      !json ? try FolderLock.take(options.running.outputFolder, wait: options.running.waitForLock, quiet: quiet) : nil
    defer { lock?.release() }
    let bar = quiet || json ? nil : ProgressBar()
    let started = MonotonicClock.seconds()
    let environment = ProcessInfo.processInfo.environment
    let diagnosticsStream = DiagnosticsStream(diagnostics, toStderr: json, environment: environment)
    let (tally, summary, stats) = ReportedBatch(
      options: options, baseline: baseline, writeFiles: !json, jsonToStdout: json, diagnostics: diagnosticsStream
    ) { progress in bar?.update(progress) }.run()
    bar?.finish()
    diagnosticsStream.finish(errors: tally.errors)
    summary.print(
      tally, stats: stats, options: options, seconds: MonotonicClock.seconds() - started, quiet: quiet, toStderr: json,
      wroteReports: !json)
    if let status = Summary.emptyRunStatus(tally, options: options, allowEmpty: allowEmpty, quiet: quiet) {
      return status
    }
    return tally.exitStatus
  }
}
