import Artwork
import Foundation

/// Writes a run's diagnostics in the chosen format (stdout, or stderr when stdout carries
/// the report), and GitHub's job summary when `GITHUB_STEP_SUMMARY` names a file.
enum Diagnostics {
  static let option = OptionSpec.option(
    "--diagnostics", "FORMAT",
    "Also announce failures where developers look: xcode (lines for the Issue navigator), github (annotations and a job summary), none.",
    default: "github in GitHub Actions, xcode in an Xcode build phase, else none"
  ).completing(DiagnosticsFormat.allCases.map(\.rawValue))

  /// The format asked for, or the one the environment calls for.
  static func format(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError)
    -> DiagnosticsFormat
  {
    try arguments.parsed("--diagnostics", DiagnosticsFormat.parse) ?? .automatic(environment: environment)
  }

  /// `path` made absolute against the current folder, `.` and `..` resolved.
  static func absolutePath(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }

  /// `path` relative to `workspace` when it lies inside it, else as it is.
  static func relativePath(_ path: String, to workspace: String?) -> String {
    guard let workspace, !workspace.isEmpty else { return path }
    let root = absolutePath(workspace)
    let prefix = root.hasSuffix("/") ? root : root + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  static func append(_ text: String, to path: String) {
    if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
    guard let handle = FileHandle(forWritingAtPath: path) else {
      printError("artfit: cannot write the job summary to \(path)")
      return
    }
    defer { try? handle.close() }
    _ = try? handle.seekToEnd()
    try? handle.write(contentsOf: Data(text.utf8))
  }
}
