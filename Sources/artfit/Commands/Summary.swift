import Artwork
import ArtworkPlatform

/// The lines printed at the end of render and check, gathered as artworks finish: a bounded
/// number of verdicts, failures and warnings, so a run of any size prints a summary of a
/// bounded length from bounded memory.
struct Summary {
  /// Artworks whose verdict the terminal prints.
  static let verdictLimit = 20
  static let failureLimit = 50
  static let warningLimit = 100
  /// Skipped files the terminal names (report.json lists all).
  static let skippedNamed = 5

  let trimBars: Bool
  private(set) var verdicts: [String] = []
  private var artworks = 0
  /// The first failed results as the terminal prints them ("FAILED hero.png on …").
  private var failedLines: [String] = []
  private var failureCount = 0
  private var warnings: [String] = []
  private var warningCount = 0

  init(trimBars: Bool) { self.trimBars = trimBars }

  mutating func add(_ artwork: ArtworkReport) {
    artworks += 1
    let path = TerminalText.path(artwork.file.path)
    if verdicts.count < Self.verdictLimit { verdicts.append("\(path): \(Verdict.of(artwork))") }
    let found = artwork.warnings.map {
      "artfit: warning: \(path): \(TerminalText.message(Remedy.warning($0, trimBars: trimBars), about: artwork.file.path))"
    }
    warningCount += found.count
    warnings += found.prefix(Self.warningLimit - warnings.count)
    for result in artwork.results where result.failsRun {
      failureCount += 1
      guard failedLines.count < Self.failureLimit else { continue }
      failedLines.append(
        "FAILED \(path) on \(result.screen.name) \(result.screen.orientation.rawValue) \(result.placement.requestedMode.rawValue): \(Remedy.failures(of: result.result))"
      )
    }
  }

  func print(
    _ tally: RunTally, stats: RenderStats, options: RenderOptions, seconds: Double, quiet: Bool, toStderr: Bool,
    wroteReports: Bool = true
  ) {
    for error in tally.errors {
      printError(
        "artfit: \(TerminalText.path(error.source)): \(TerminalText.message(Remedy.inputError(error), about: error.source))"
      )
    }
    if let stop = tally.stoppedBy {
      printError("artfit: \(stop.description)")
      printError(
        "artfit: stopped: the output folder \(options.running.outputFolder) takes no more writes; previews already written are whole, no partial files were left, and the reports may be missing or stale."
      )
    }
    guard !quiet else { return }
    for note in tally.notes { printError("artfit: warning: \(TerminalText.line(note, keepingLineBreaks: false))") }
    for warning in warnings { printError(warning) }
    if warningCount > warnings.count {
      printError("artfit: ... and \(warningCount - warnings.count) more warnings (report.json lists every one)")
    }
    let say = { (text: String) in if toStderr { printError(text) } else { printOut(text) } }
    findings(tally, files: wroteReports ? options.writing.reports : [], say: say)
    if stats.cacheSetAside {
      say(
        "The render cache in \(options.running.outputFolder) was written by an earlier artfit, so every artwork rendered again."
      )
    }
    say(Self.totals(tally, stats: stats, writePreviews: options.writing.writePreviews, seconds: seconds))
    if wroteReports && tally.stoppedBy == nil {
      say(Self.reportLine(options.running.outputFolder, files: options.writing.reports))
    }
    if getenv("ARTFIT_TIMINGS") != nil {
      // Seconds of work summed over threads, for the benchmark's stage split.
      say(
        "stages: probe \(seconds3(stats.probe)) decode \(seconds3(stats.decode)) resample \(seconds3(stats.resample)) overlay \(seconds3(stats.overlay)) encode \(seconds3(stats.encode)) write \(seconds3(stats.write)) s; \(stats.outputs) outputs, \(stats.outputBytes) bytes; \(stats.filesHashed) artworks read to compare with the cache"
      )
    }
  }

  /// "Report: out/index.html (and report.json, junit.xml)": the sheet first when there is one.
  static func reportLine(_ folder: String, files: Set<ReportFile>) -> String {
    let names = ReportFile.listed(files).map(\.fileName)
    guard files.contains(.html) else { return "Reports: " + names.map { "\(folder)/\($0)" }.joined(separator: ", ") }
    return "Report: \(folder)/index.html (and \(names.filter { $0 != "index.html" }.joined(separator: ", ")))"
  }

  /// The verdicts, the failures and the skipped files, the first few of each.
  /// `files` are the reports the run wrote, which the lines point to for the rest.
  private func findings(_ tally: RunTally, files: Set<ReportFile>, say: (String) -> Void) {
    // A verdict per artwork; a large run leaves the rest to the reports.
    for verdict in verdicts { say(verdict) }
    if artworks > verdicts.count {
      let rest = artworks - verdicts.count
      say("... and the verdicts of \(rest) more artwork\(rest == 1 ? "" : "s") (\(Self.pointer(files, [.html])))")
    }
    for line in failedLines { say(line) }
    if failureCount > failedLines.count {
      let rest = failureCount - failedLines.count
      say("... and \(rest) more failure\(rest == 1 ? "" : "s") (\(Self.pointer(files, [.csv, .html])))")
    }
    if !tally.skipped.isEmpty {
      let named = tally.skipped.prefix(Self.skippedNamed).map {
        "\(TerminalText.path($0.source)) (\(TerminalText.message($0.reason, about: $0.source)))"
      }.joined(separator: ", ")
      let more = tally.skipped.count > Self.skippedNamed ? ", and \(tally.skipped.count - Self.skippedNamed) more" : ""
      say("Skipped, not artwork: \(named)\(more) (report.json lists them; --exclude leaves files out).")
    }
  }

  /// Where the rest is: the first of `preferred` the run wrote, else report.json (on stdout
  /// when no file was written).
  private static func pointer(_ files: Set<ReportFile>, _ preferred: [ReportFile]) -> String {
    if let file = preferred.first(where: files.contains) { return "see \(file.fileName)" }
    return files.isEmpty ? "report.json lists every one" : "see report.json"
  }

  /// The run's closing line: artworks, results, previews, reuse, baseline, skips, failures, time.
  private static func totals(_ tally: RunTally, stats: RenderStats, writePreviews: Bool, seconds: Double) -> String {
    var line =
      "\(tally.artworks) artwork\(tally.artworks == 1 ? "" : "s"), \(tally.results) result\(tally.results == 1 ? "" : "s")"
    if writePreviews {
      line += ", \(stats.outputs) preview\(stats.outputs == 1 ? "" : "s") written (\(megabytes(stats.outputBytes)) MB)"
    }
    if stats.reused > 0 { line += ", \(stats.reused) unchanged artwork\(stats.reused == 1 ? "" : "s") kept" }
    if tally.usedBaseline { line += ", \(tally.baselined) baselined" }
    if !tally.skipped.isEmpty {
      line += ", \(tally.skipped.count) file\(tally.skipped.count == 1 ? "" : "s") skipped: not artwork"
    }
    line +=
      ", \(tally.failed) failed, \(tally.errors.count) input error\(tally.errors.count == 1 ? "" : "s") in \(oneDecimal(seconds)) s"
    return line
  }

  /// Why a run that found nothing to report is bad usage, and what was there instead.
  /// The status of a run that checked nothing, with its words printed: no artwork (bad
  /// usage, unless `--allow-empty`), a shard holding none of the artworks (fine: another
  /// shard has them), or artwork on which no screen was solved (bad usage, unless
  /// `--allow-empty`). nil for a run that checked something.
  static func emptyRunStatus(_ tally: RunTally, options: RenderOptions, allowEmpty: Bool, quiet: Bool) -> ExitStatus? {
    if tally.foundNothing, let shard = options.selection.shard, let all = tally.artworksInAllShards, all > 0 {
      if !quiet {
        printError(
          "artfit: this shard (\(shard.description)) holds none of the \(all) artwork\(all == 1 ? "" : "s"); its reports are empty, and merge-reports joins them"
        )
      }
      return nil
    }
    if tally.foundNothing && !allowEmpty {
      printError(nothingFound(tally, inputs: options.selection.inputs))
      return .usage
    }
    if tally.solvedNothing && !allowEmpty {
      printError(
        "artfit: no screen was solved for any artwork: --orientations \(options.solving.orientations.map(\.rawValue).joined(separator: ",")) selects none of the targets' screens (a TV, a video ratio or a window shows only in its own orientation); choose other targets or orientations, or --allow-empty to accept an empty run"
      )
      return .usage
    }
    return nil
  }

  static func nothingFound(_ tally: RunTally, inputs: [String]) -> String {
    var found: [String] = []
    if !tally.skipped.isEmpty {
      found.append(
        tally.skipped.count == 1 ? "1 file that is not artwork" : "\(tally.skipped.count) files that are not artwork")
    }
    if tally.excluded > 0 { found.append("\(tally.excluded) left out by --exclude or the manifest's exclude") }
    let what = found.isEmpty ? "nothing at all" : found.joined(separator: " and ")
    return
      "artfit: no artwork in \(inputs.joined(separator: ", ")): found \(what); give the folder or files of artwork, or --allow-empty to accept an empty run"
  }

  static func megabytes(_ bytes: Int) -> String { oneDecimal(Double(bytes) / 1_000_000) }
}

func seconds3(_ value: Double) -> String {
  let thousandths = Int((value * 1000).rounded())
  let fraction = String(thousandths % 1000)
  return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
}
