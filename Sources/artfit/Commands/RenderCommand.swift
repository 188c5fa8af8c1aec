import Artwork
import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// `artfit render`: previews of every artwork on every target, with reports.
struct RenderCommand: Command {
  static let spec = CommandSpec(
    name: "render",
    abstract: "Render previews of every artwork on every target, with safe-area overlays and crop-loss reports.",
    usage: "artfit render [INPUT ...] [OPTIONS]",
    options: RenderArguments.sharedOptions + RenderArguments.renderOptions,
    discussion: """
      INPUT is a file or a folder, searched recursively for .png, .jpg and .jpeg (hidden files and the
      output folder are skipped); no INPUT means the current folder.
      Writes OUT/<artwork>/<target>-<orientation>-<mode>@<scale>x.png, OUT/<artwork>/crop-map.png,
      OUT/report.json, report.csv, junit.xml and index.html. Identical previews (same canvas, safe
      area, corners, sensor housing and Home indicator) are written once and shared in the report.
      A rerun into the same OUT keeps the previews of artworks whose bytes and options are unchanged.
      Exit status: 0 all passed, 1 a check failed, 2 bad usage, 3 some inputs could not be read,
      4 the output folder took no more writes (disk full, read-only).
      """)

  let options: RenderOptions
  let json: Bool
  let quiet: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    options = try RenderArguments.parse(arguments, previews: true)
    json = arguments.has("--json")
    quiet = arguments.has("--quiet")
  }

  func run() throws -> ExitStatus {
    Interruption.install()
    let bar = quiet || json ? nil : ProgressBar()
    let started = now()
    let (report, stats) = BatchRenderer(options: options).run { progress in bar?.update(progress) }
    bar?.finish()
    if json { _ = report.writeJSON(to: 1) }
    Summary.print(report, stats: stats, options: options, seconds: now() - started, quiet: quiet, toStderr: json)
    return ExitStatus(rawValue: report.exitStatus) ?? .inputErrors
  }
}

/// Removes partial files and says so when the run is interrupted.
enum Interruption {
  nonisolated(unsafe) static var sources: [DispatchSourceSignal] = []

  static func install() {
    // Past a file-size limit, write() should fail with EFBIG (reported, the run stops
    // cleanly) instead of the default SIGXFSZ killing the process mid-file.
    signal(SIGXFSZ, SIG_IGN)
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler {
        let removed = AtomicFile.removeTemporaryFiles()
        printError("\nartfit: interrupted (\(signalNumber == SIGINT ? "SIGINT" : "SIGTERM")); removed \(removed) partial file\(removed == 1 ? "" : "s"); finished previews stay, the reports were not written.")
        exit(128 + signalNumber)
      }
      source.resume()
      sources.append(source)
    }
  }
}
