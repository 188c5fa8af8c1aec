import Artwork

/// `artfit merge-reports`: one set of reports from the outputs of `--shard I/N` runs.
struct MergeReportsCommand: Command {
  static let spec = CommandSpec(
    name: "merge-reports",
    abstract: "Join the reports of --shard runs (report.json, report.csv, junit.xml, index.html) into one.",
    usage: "artfit merge-reports DIR ... --out DIR",
    options: [
      .option("--out", "DIR", "Where the joined reports go (it may be one of the DIRs).", defaultValue: "artfit-out"),
      .flag("--quiet", "No summary; problems still go to stderr."),
    ],
    discussion: """
      Each DIR is the --out of one run (it holds report.json). The joined index.html links to the
      previews where each run wrote them. The exit status is the joined run's; an unreadable
      report is bad usage.
      \(ExitStatus.helpLine())
      """)

  let folders: [String]
  let output: String
  let quiet: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    guard !arguments.positionals.isEmpty else { throw UsageError("give the output folders of the runs to join") }
    folders = arguments.positionals
    output = arguments.value("--out")!
    quiet = arguments.has("--quiet")
  }

  func run() throws -> ExitStatus {
    let merged: (report: RunReport, warnings: [String])
    do {
      merged = try ReportMerger.merge(folders, into: output)
    } catch {
      printError("artfit merge-reports: \(error.description)")
      return .usage
    }
    for warning in merged.warnings { printError("artfit: warning: \(warning)") }
    var report = merged.report
    do {
      try OutputFolder.prepare(output)
      try ReportWriter.writeAll(report, to: output)
    } catch {
      report.stoppedBy = error
      printError("artfit: \(error.description)")
      return .outputUnavailable
    }
    if !quiet {
      printOut(
        "\(report.artworks.count) artworks, \(report.resultCount) results, \(report.failedCount) failed, \(report.errors.count) input errors from \(folders.count) reports"
      )
      printOut("Report: \(output)/index.html (and report.json, report.csv, junit.xml)")
    }
    return report.exitStatus
  }
}
