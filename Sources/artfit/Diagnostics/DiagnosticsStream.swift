import Artwork

/// A run's diagnostics as its artworks finish: Xcode's lines printed at once (every failure,
/// whatever the size of the run), GitHub's annotations and job summary gathered (bounded)
/// and written when the run is over.
final class DiagnosticsStream {
  private let format: DiagnosticsFormat
  private let toStderr: Bool
  private let environment: [String: String]
  private var github: GitHubDiagnostics?

  init(_ format: DiagnosticsFormat, toStderr: Bool, environment: [String: String]) {
    self.format = format
    self.toStderr = toStderr
    self.environment = environment
    if format == .github {
      let workspace = environment["GITHUB_WORKSPACE"]
      github = GitHubDiagnostics { Diagnostics.relativePath(Diagnostics.absolutePath($0), to: workspace) }
    }
  }

  func add(_ artwork: ArtworkReport) {
    switch format {
    case .none: return
    case .xcode: say(XcodeDiagnostics.lines(for: artwork, absolute: Diagnostics.absolutePath))
    case .github: github?.add(artwork)
    }
  }

  /// The unreadable inputs, and for GitHub the annotations and the job summary.
  func finish(errors: [InputError]) {
    switch format {
    case .none: return
    case .xcode: say(XcodeDiagnostics.lines(for: errors, absolute: Diagnostics.absolutePath))
    case .github:
      guard let github else { return }
      say(github.lines(errors: errors))
      if let summary = environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
        Diagnostics.append(github.stepSummary(errors: errors), to: summary)
      }
    }
  }

  private func say(_ lines: [String]) {
    for line in lines { if toStderr { printError(line) } else { printOut(line) } }
  }
}
