import Artwork

#if canImport(Glibc)
  import Glibc
#endif

/// The lines printed at the end of render and check.
enum Summary {
  static func print(
    _ report: RunReport, stats: RenderStats, options: RenderOptions, seconds: Double, quiet: Bool, toStderr: Bool,
    wroteReports: Bool = true
  ) {
    for error in report.errors { printError("artfit: \(error.source): \(Remedy.inputError(error))") }
    if let stop = report.stoppedBy {
      printError("artfit: \(stop.description)")
      printError(
        "artfit: stopped: the output folder \(options.outputFolder) takes no more writes; previews already written are whole, no partial files were left, and the reports may be missing or stale."
      )
    }
    guard !quiet else { return }
    for artwork in report.artworks {
      for warning in artwork.warnings { printError("artfit: warning: \(artwork.file.path): \(warning)") }
      guard let bars = artwork.embeddedBars else { continue }
      let sides = DiagnosticText.sides(bars)
      let advice =
        options.trimBars
        ? "solved on the content inside them"
        : "Apple advises against baking them in; --trim-bars solves on the content inside"
      printError("artfit: warning: \(artwork.file.path) has bars baked in (\(sides)); \(advice)")
    }
    func say(_ text: String) { if toStderr { printError(text) } else { printOut(text) } }
    // A verdict per artwork; a large run leaves the rest to the contact sheet.
    for artwork in report.artworks.prefix(verdictLimit) { say("\(artwork.file.path): \(Verdict.of(artwork))") }
    if report.artworks.count > verdictLimit {
      say("... and the verdicts of \(report.artworks.count - verdictLimit) more artworks (see index.html)")
    }
    let failing = report.artworks.flatMap { artwork in artwork.results.filter(\.failsRun).map { (artwork, $0) } }
    for (artwork, result) in failing.prefix(50) {
      say(
        "FAILED \(artwork.file.path) on \(result.screen.target.name) \(result.screen.orientation.rawValue) \(result.placement.requestedMode.rawValue): \(result.failures.map(Remedy.failure).joined(separator: "; "))"
      )
    }
    if failing.count > 50 { say("... and \(failing.count - 50) more failures (see report.csv)") }
    var line = "\(report.artworks.count) artwork\(report.artworks.count == 1 ? "" : "s"), \(report.resultCount) results"
    if options.writePreviews { line += ", \(stats.outputs) previews written (\(megabytes(stats.outputBytes)) MB)" }
    if stats.reused > 0 { line += ", \(stats.reused) unchanged artwork\(stats.reused == 1 ? "" : "s") kept" }
    if report.usedBaseline { line += ", \(report.baselinedCount) baselined" }
    line +=
      ", \(report.failedCount) failed, \(report.errors.count) input error\(report.errors.count == 1 ? "" : "s") in \(oneDecimal(seconds)) s"
    say(line)
    if wroteReports && report.stoppedBy == nil {
      say("Report: \(options.outputFolder)/index.html (and report.json, report.csv, junit.xml)")
    }
    if getenv("ARTFIT_TIMINGS") != nil {
      // Seconds of work summed over threads, for the benchmark's stage split.
      say(
        "stages: probe \(seconds3(stats.probe)) decode \(seconds3(stats.decode)) resample \(seconds3(stats.resample)) overlay \(seconds3(stats.overlay)) encode \(seconds3(stats.encode)) write \(seconds3(stats.write)) s; \(stats.outputs) outputs, \(stats.outputBytes) bytes"
      )
    }
  }

  /// Artworks whose verdict the terminal prints.
  static let verdictLimit = 20

  static func megabytes(_ bytes: Int) -> String { oneDecimal(Double(bytes) / 1_000_000) }
}

func seconds3(_ value: Double) -> String {
  let thousandths = Int((value * 1000).rounded())
  let fraction = String(thousandths % 1000)
  return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
}
