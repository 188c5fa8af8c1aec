import Artwork

/// GitHub Actions workflow commands (`::error file=…,title=…::message`): one annotation per
/// artwork, at most `limit` errors and `limit` warnings (GitHub shows no more), and a notice
/// counting the rest; and a Markdown table for the job summary.
enum GitHubDiagnostics {
  static let limit = 10

  /// The workflow commands; `relative` turns a reported path into one relative to
  /// GITHUB_WORKSPACE.
  static func lines(_ report: RunReport, relative: (String) -> String) -> [String] {
    var errors: [String] = []
    var warnings: [String] = []
    for artwork in report.artworks {
      let file = relative(artwork.file.path)
      let failing = artwork.results.filter(\.failsRun)
      if let worst = DiagnosticText.worst(failing) {
        let more = failing.count > 1 ? " (and \(failing.count - 1) more)" : ""
        errors.append(
          command(
            "error", file: file, title: "artfit: \(failing.count) of \(artwork.results.count) targets fail",
            message: DiagnosticText.failure(worst) + more))
      }
      if let bars = DiagnosticText.bars(artwork) {
        warnings.append(command("warning", file: file, title: "artfit: bars baked in", message: bars))
      }
      for warning in artwork.warnings {
        warnings.append(command("warning", file: file, title: "artfit: colour profile", message: warning))
      }
    }
    for error in report.errors {
      errors.append(
        command("error", file: relative(error.source), title: "artfit: unreadable", message: Remedy.inputError(error)))
    }
    var lines = Array(errors.prefix(limit)) + Array(warnings.prefix(limit))
    let hiddenErrors = max(0, errors.count - limit)
    let hiddenWarnings = max(0, warnings.count - limit)
    if hiddenErrors + hiddenWarnings > 0 {
      lines.append(
        "::notice title=artfit::"
          + escapeData(
            "\(hiddenErrors) more error\(hiddenErrors == 1 ? "" : "s") and \(hiddenWarnings) more warning\(hiddenWarnings == 1 ? "" : "s") not annotated (GitHub shows 10 of each); see the job summary and report.csv"
          ))
    }
    return lines
  }

  static func command(_ kind: String, file: String, title: String, message: String) -> String {
    "::\(kind) file=\(escapeProperty(file)),title=\(escapeProperty(title))::\(escapeData(message))"
  }

  /// A message as workflow commands require: `%`, CR and LF escaped.
  static func escapeData(_ text: String) -> String {
    var out = ""
    for character in text.unicodeScalars {
      switch character {
      case "%": out += "%25"
      case "\r": out += "%0D"
      case "\n": out += "%0A"
      default: out.unicodeScalars.append(character)
      }
    }
    return out
  }

  /// A property value: as a message, and `:` and `,` too.
  static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
  }

  /// The job summary: a Markdown table of the failing artworks and the unreadable inputs.
  static func stepSummary(_ report: RunReport) -> String {
    let failing = report.artworks.filter { $0.results.contains(where: \.failsRun) }
    var text = "### artfit: \(failing.count) of \(report.artworks.count) artworks fail"
    text += report.errors.isEmpty ? "\n\n" : ", \(report.errors.count) could not be read\n\n"
    guard !failing.isEmpty || !report.errors.isEmpty else { return text }
    text += "| artwork | failing targets | worst |\n|---|---:|---|\n"
    for artwork in failing {
      let failed = artwork.results.filter(\.failsRun)
      let worst = DiagnosticText.worst(failed).map(DiagnosticText.failure) ?? ""
      text += "| \(cell(artwork.file.path)) | \(failed.count) of \(artwork.results.count) | \(cell(worst)) |\n"
    }
    for error in report.errors {
      text += "| \(cell(error.source)) | unreadable | \(cell(Remedy.inputError(error))) |\n"
    }
    return text + "\n"
  }

  /// A table cell: pipes escaped, one line.
  static func cell(_ text: String) -> String {
    XcodeDiagnostics.oneLine(text).replacing("|", with: "\\|")
  }
}
