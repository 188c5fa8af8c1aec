import Artwork

/// GitHub Actions workflow commands (`::error file=…,title=…::message`): one annotation per
/// artwork, at most `limit` errors and `limit` warnings (GitHub shows no more), and a notice
/// counting the rest; and a Markdown table for the job summary.
struct GitHubDiagnostics {
  static let limit = 10
  /// Rows of the job summary's table (GitHub takes at most 1 MiB of summary a step).
  static let summaryRows = 500

  /// Turns a reported path into one relative to GITHUB_WORKSPACE.
  let relative: (String) -> String
  private var errors: [String] = []
  private var warnings: [String] = []
  private var errorCount = 0
  private var warningCount = 0
  private var failingArtworks = 0
  private var artworks = 0
  private var rows: [String] = []

  init(relative: @escaping (String) -> String) { self.relative = relative }

  /// The workflow commands for a whole report.
  static func lines(_ report: RunReport, relative: @escaping (String) -> String) -> [String] {
    var github = GitHubDiagnostics(relative: relative)
    for artwork in report.artworks { github.add(artwork) }
    return github.lines(errors: report.errors)
  }

  /// Counts the artwork's annotations, keeping the first `limit` of each kind and the first
  /// `summaryRows` rows of the job summary.
  mutating func add(_ artwork: ArtworkReport) {
    artworks += 1
    let file = relative(artwork.file.path)
    let failing = artwork.results.filter(\.failsRun).map(\.result)
    if let worst = DiagnosticText.worst(failing) {
      failingArtworks += 1
      errorCount += 1
      let more = failing.count > 1 ? " (and \(failing.count - 1) more)" : ""
      if errors.count < Self.limit {
        errors.append(
          Self.command(
            "error", file: file, title: "artfit: \(failing.count) of \(artwork.results.count) targets fail",
            message: DiagnosticText.failure(worst) + more))
      }
      if rows.count < Self.summaryRows {
        rows.append(
          "| \(Self.cell(TerminalText.path(artwork.file.path))) | \(failing.count) of \(artwork.results.count) | \(Self.cell(DiagnosticText.failure(worst))) |"
        )
      }
    }
    var found: [String] = []
    for warning in artwork.warnings {
      found.append(Self.command("warning", file: file, title: Self.title(of: warning.kind), message: warning.message))
    }
    warningCount += found.count
    warnings += found.prefix(Self.limit - warnings.count)
  }

  /// The workflow commands: the first `limit` errors (the unreadable inputs among them) and
  /// warnings, and a notice counting the rest.
  func lines(errors inputErrors: [InputError]) -> [String] {
    var errors = self.errors
    for error in inputErrors where errors.count < Self.limit {
      errors.append(
        Self.command(
          "error", file: relative(error.source), title: "artfit: unreadable", message: Remedy.inputError(error)))
    }
    var lines = errors + warnings
    let hiddenErrors = errorCount + inputErrors.count - errors.count
    let hiddenWarnings = warningCount - warnings.count
    if hiddenErrors + hiddenWarnings > 0 {
      lines.append(
        "::notice title=artfit::"
          + Self.escapeData(
            "\(hiddenErrors) more error\(hiddenErrors == 1 ? "" : "s") and \(hiddenWarnings) more warning\(hiddenWarnings == 1 ? "" : "s") not annotated (GitHub shows 10 of each); see the job summary and report.csv"
          ))
    }
    return lines
  }

  /// The job summary for a whole report.
  static func stepSummary(_ report: RunReport) -> String {
    var github = GitHubDiagnostics(relative: { $0 })
    for artwork in report.artworks { github.add(artwork) }
    return github.stepSummary(errors: report.errors)
  }

  /// The job summary: a Markdown table of the failing artworks (the first `summaryRows`) and
  /// the unreadable inputs.
  func stepSummary(errors: [InputError]) -> String {
    var text = "### artfit: \(failingArtworks) of \(artworks) artworks fail"
    text += errors.isEmpty ? "\n\n" : ", \(errors.count) could not be read\n\n"
    guard failingArtworks > 0 || !errors.isEmpty else { return text }
    text += "| artwork | failing targets | worst |\n|---|---:|---|\n"
    for row in rows { text += row + "\n" }
    if failingArtworks > rows.count {
      text += "| … and \(failingArtworks - rows.count) more failing artworks | | see report.csv |\n"
    }
    for error in errors.prefix(Self.summaryRows) {
      let message = TerminalText.message(Remedy.inputError(error), about: error.source)
      text += "| \(Self.cell(TerminalText.path(error.source))) | unreadable | \(Self.cell(message)) |\n"
    }
    if errors.count > Self.summaryRows {
      text += "| … and \(errors.count - Self.summaryRows) more unreadable inputs | | see report.json |\n"
    }
    return text + "\n"
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

  /// A table cell: pipes escaped, one line.
  static func cell(_ text: String) -> String {
    TerminalText.line(text, keepingLineBreaks: false).replacing("|", with: "\\|")
  }

  /// The annotation's title for a warning of `kind`.
  static func title(of kind: ArtworkWarning.Kind) -> String {
    switch kind {
    case .profile: "artfit: colour profile"
    case .images: "artfit: more than one image"
    case .gainMap: "artfit: HDR gain map not applied"
    case .hdr: "artfit: HDR tone-mapped"
    case .externalReference: "artfit: external reference not loaded"
    case .document: "artfit: the document's library warned"
    case .embeddedBars: "artfit: bars baked in"
    case .container: "artfit: container read as tolerant readers do"
    }
  }
}
