import Artwork

/// Lines in the form Xcode's Issue navigator reads from a Run Script phase's output:
/// `/abs/path/art.png:1:1: error: iPhone 16 Pro portrait fill: crop_loss 74.1% > 25.0%`.
enum XcodeDiagnostics {
  /// One error per failing result and per unreadable input, one warning per artwork with
  /// bars baked in and per warning of an artwork (an unusable colour profile); `absolute` turns a reported path into an absolute one.
  static func lines(_ report: RunReport, absolute: (String) -> String) -> [String] {
    report.artworks.flatMap { lines(for: $0, absolute: absolute) } + lines(for: report.errors, absolute: absolute)
  }

  /// An artwork's lines, printed as it finishes.
  static func lines(for artwork: ArtworkReport, absolute: (String) -> String) -> [String] {
    var lines: [String] = []
    let raw = absolute(artwork.file.path)
    let path = TerminalText.path(raw)
    for result in artwork.results where result.failsRun {
      lines.append("\(path):1:1: error: \(oneLine(DiagnosticText.failure(result.result), about: raw))")
    }
    for warning in artwork.warnings { lines.append("\(path):1:1: warning: \(oneLine(warning.message, about: raw))") }
    return lines
  }

  /// The unreadable inputs' lines, printed at the end of the run.
  static func lines(for errors: [InputError], absolute: (String) -> String) -> [String] {
    errors.map { error in
      let raw = absolute(error.source)
      return "\(TerminalText.path(raw)):1:1: error: \(oneLine(Remedy.inputError(error), about: error.source))"
    }
  }

  /// Xcode reads one issue per line: the path in the message escaped as the line's own,
  /// every other line break or control character made visible.
  static func oneLine(_ text: String, about path: String) -> String {
    TerminalText.message(text, about: path)
  }
}
