import Artwork
import ArtworkPlatform
@_spi(Support) import ArtworkSupport

/// A one-line progress bar on stderr, only when stderr is a terminal.
final class ProgressBar: Sendable {
  /// When the bar was last drawn, and whether it is on the screen.
  private struct Drawing {
    var last = 0.0
    var shown = false
  }

  private let enabled = isatty(2) != 0
  private let drawing = Locked(Drawing())

  func update(_ progress: BatchProgress) {
    guard enabled else { return }
    drawing.withLock { drawing in
      guard progress.elapsed - drawing.last >= 0.1 || progress.artworksDone == progress.artworks else { return }
      drawing.last = progress.elapsed
      let width = 24
      let done = progress.artworks == 0 ? width : width * progress.artworksDone / progress.artworks
      let bar = String(repeating: "#", count: done) + String(repeating: "-", count: width - done)
      var line = "\r[\(bar)] \(progress.artworksDone)/\(progress.artworks) artworks · \(progress.results) results"
      line += " · \(progress.failed) failed"
      if progress.outputs > 0 { line += " · \(progress.outputs) outputs" }
      line += " · \(oneDecimal(progress.elapsed)) s"
      // The first artworks pay for starting up: the pace is a guess until a share is done.
      let steady = progress.elapsed >= 5 || (progress.elapsed >= 1 && progress.artworksDone * 50 >= progress.artworks)
      if let left = progress.secondsLeft, progress.artworksDone < progress.artworks, steady {
        line += " · about \(Self.duration(left)) left"
      }
      writeAll(2, line + "\u{1B}[K")
      drawing.shown = true
    }
  }

  /// "45 s", "3 min 20 s", "2 h 5 min".
  static func duration(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded())
    if whole < 60 { return "\(whole) s" }
    if whole < 3600 { return "\(whole / 60) min \(whole % 60) s" }
    return "\(whole / 3600) h \(whole % 3600 / 60) min"
  }

  func finish() {
    guard enabled else { return }
    drawing.withLock { if $0.shown { writeAll(2, "\r\u{1B}[K") } }
  }
}

func oneDecimal(_ value: Double) -> String {
  let tenths = Int((value * 10).rounded())
  return "\(tenths / 10).\(tenths % 10)"
}
