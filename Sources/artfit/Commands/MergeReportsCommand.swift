import Artwork
import Foundation

/// `artfit merge-reports`: one set of reports from the outputs of `--shard I/N` runs.
struct MergeReportsCommand: Command {
  static let spec = CommandSpec(
    name: "merge-reports",
    abstract: "Join the reports of --shard runs (report.json, report.csv, junit.xml, index.html) into one.",
    usage: "artfit merge-reports DIR ... --out DIR",
    options: [
      .option("--out", "DIR", "Where the joined reports go (it may be one of the DIRs).", defaultValue: "artfit-out"),
      RenderArguments.reportsOption(default: ReportFile.forReview),
      .flag(
        "--allow-partial",
        "Merge even when shards are missing; the merged report is marked partial (options.shard names the shards it holds)."
      ),
      FolderLock.noWaitOption,
      .flag("--quiet", "No summary; problems still go to stderr."),
    ],
    discussion: """
      Each DIR is the --out of one run (it holds report.json). The DIRs must be every shard of one
      run, once each: made by one artfit version, with the same options and catalog, the same
      shard count, and no artwork in two of them; or one whole run alone. Anything else is bad
      usage naming the reports (--allow-partial accepts missing shards). The joined index.html
      links to the previews where each run wrote them. The exit status is the joined run's; an
      unreadable report is bad usage.
      \(ExitStatus.helpLine())
      """)

  let folders: [String]
  let output: String
  let quiet: Bool
  let allowPartial: Bool
  let waitForLock: Bool
  /// The files `--reports` asked for; nil to write those the runs wrote (their report.json's
  /// `options.reports`, else a review's).
  let asked: Set<ReportFile>?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    guard !arguments.positionals.isEmpty else { throw UsageError("give the output folders of the runs to join") }
    folders = arguments.positionals
    output = arguments.value("--out")!
    quiet = arguments.has("--quiet")
    allowPartial = arguments.has("--allow-partial")
    waitForLock = !arguments.has("--no-wait")
    asked = arguments.has("--reports") ? try RenderArguments.reports(arguments) : nil
  }

  /// The report files to write for runs recorded with `options`.
  private func files(for options: JSONValue) -> Set<ReportFile> {
    if let asked { return asked }
    guard case .object(let members) = options, case .array(let names)? = members.first(where: { $0.0 == "reports" })?.1
    else { return ReportFile.forReview }
    return Set(names.compactMap { if case .string(let name) = $0 { ReportFile(rawValue: name) } else { nil } })
  }

  /// Reads the reports an artwork at a time and writes the joined reports as it goes.
  func run() throws -> ExitStatus {
    Interruption.install()
    let existed = FileManager.default.fileExists(atPath: output)
    let lock = try FolderLock.take(output, wait: waitForLock, quiet: quiet)
    defer { lock?.release() }
    var stream: ReportStream? = nil
    var tally = RunTally()
    var written = asked ?? ReportFile.forReview
    let outcome: ReportMerger.Outcome
    do {
      outcome = try merge(into: &stream, tally: &tally, files: &written)
    } catch {
      stream?.abandon()
      let remedy =
        error.isIncompleteSet
        ? "; give every shard's report, or --allow-partial to merge these and mark the report partial" : ""
      printError("artfit merge-reports: \(error.description)\(remedy)")
      // A refused merge leaves no output folder it made (it held the lock on it throughout).
      if !existed { try? FileManager.default.removeItem(atPath: output) }
      return .usage
    }
    for warning in outcome.warnings { printError("artfit: warning: \(warning)") }
    if tally.stoppedBy == nil, let stream { finish(stream, outcome: outcome, tally: &tally) }
    if let stop = tally.stoppedBy {
      stream?.abandon()
      printError("artfit: \(stop.description)")
      return .outputUnavailable
    }
    if !quiet {
      printOut(
        "\(tally.artworks) artworks, \(tally.results) results, \(tally.failed) failed, \(tally.errors.count) input errors, \(tally.skipped.count) skipped from \(folders.count) reports"
      )
      printOut(Summary.reportLine(output, files: written))
    }
    return tally.exitStatus
  }

  /// Streams every report's artworks into `stream`, opened in the output folder once the first
  /// report's options are known; a write that fails stops the merge and is kept in `tally`.
  private func merge(into stream: inout ReportStream?, tally: inout RunTally, files: inout Set<ReportFile>)
    throws(ReportReader.Failure) -> ReportMerger.Outcome
  {
    try ReportMerger.stream(
      folders, into: output, allowPartial: allowPartial,
      start: { options in
        do throws(OutputError) {
          try OutputFolder.prepare(output)
          files = self.files(for: options)
          stream = try ReportStream(folder: output, options: options, files: files)
          return true
        } catch {
          tally.stoppedBy = error
          return false
        }
      },
      each: { artwork in
        do throws(OutputError) {
          try stream?.add(artwork)
          return true
        } catch {
          tally.stoppedBy = error
          return false
        }
      })
  }

  /// Writes the joined reports' last parts: the run's errors, skipped files and summary.
  private func finish(_ stream: ReportStream, outcome: ReportMerger.Outcome, tally: inout RunTally) {
    do throws(OutputError) {
      try stream.finish(errors: outcome.errors, skipped: outcome.skipped, usedBaseline: outcome.usedBaseline)
      tally = stream.tally
    } catch {
      tally.stoppedBy = error
    }
  }
}
