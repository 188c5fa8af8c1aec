import Artwork
import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

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
        printError(
          "\nartfit: interrupted (\(signalNumber == SIGINT ? "SIGINT" : "SIGTERM")); removed \(removed) partial file\(removed == 1 ? "" : "s"); finished previews stay, the reports were not written."
        )
        // _exit, not exit: the run stops mid-work, so nothing at exit (atexit handlers, a leak
        // checker's report of the objects still in use) should run or change the status.
        _exit(128 + signalNumber)
      }
      source.resume()
      sources.append(source)
    }
  }
}
