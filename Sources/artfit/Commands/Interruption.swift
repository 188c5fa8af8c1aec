import Artwork
import ArtworkPlatform
import Dispatch

/// Removes partial files and says so when the run is interrupted.
enum Interruption {
  nonisolated(unsafe) static var sources: [DispatchSourceSignal] = []

  /// Installs the handlers; `finished` names what the command leaves whole as it goes
  /// ("previews", "image sets"), nil when it writes only reports.
  static func install(keeping finished: String? = nil) {
    // Past a file-size limit, write() should fail with EFBIG (reported, the run stops
    // cleanly) instead of the default SIGXFSZ killing the process mid-file.
    signal(SIGXFSZ, SIG_IGN)
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber, SIG_IGN)
      // A serial queue of its own, which Dispatch serves from its overcommitting pool: on a
      // global queue the handler waited for a worker, that is until the previews' threads
      // were done (a SIGTERM mid-render took effect 106 s later).
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: DispatchQueue(label: "artfit.signals"))
      source.setEventHandler {
        let left = ReportSetGuard.stop()
        let sets = AssetSetsInProgress.stop()
        let removed = AtomicFile.removeTemporaryFiles()
        var words = [
          "interrupted (\(signalNumber == SIGINT ? "SIGINT" : "SIGTERM"))",
          "removed \(removed) partial file\(removed == 1 ? "" : "s")",
        ]
        if sets > 0 { words.append("removed \(sets) new image set\(sets == 1 ? "" : "s") not yet whole") }
        if let finished { words.append("finished \(finished) stay") }
        if let reports = reportWords(left) { words.append(reports) }
        printError("\nartfit: " + words.joined(separator: "; ") + ".")
        // _exit, not exit: the run stops mid-work, so nothing at exit (atexit handlers, a leak
        // checker's report of the objects still in use) should run or change the status.
        _exit(128 + signalNumber)
      }
      source.resume()
      sources.append(source)
    }
  }

  /// What the interrupted run left of its reports, in words.
  private static func reportWords(_ left: ReportSetGuard.Left) -> String? {
    switch left {
    case .none: return nil
    case .written: return "the reports were written"
    case .earlier(let folder, let removedSheet):
      let sheet = removedSheet ? " (the contact sheet, whose pages it had begun, was removed)" : ""
      let earlier = ReportStream.fileNames.contains { access(folder + "/" + $0, F_OK) == 0 }
      return earlier
        ? "its reports were not written: those in \(TerminalText.path(folder)) are the last finished run's\(sheet)"
        : "no reports were written\(sheet)"
    }
  }
}
