import Artwork
import ArtworkPlatform

/// A subcommand: declared options (`spec`), validation in `init`, work in `run`.
protocol Command {
  static var spec: CommandSpec { get }
  /// Reads and validates the arguments; throws UsageError for anything wrong.
  init(_ arguments: ParsedArguments) throws(UsageError)
  /// Does the work and says how the process should exit.
  func run() throws -> ExitStatus
}

/// Writes a line to standard error, unbuffered, its control characters made visible
/// (`TerminalText`).
func printError(_ text: String) {
  writeAll(2, TerminalText.line(text) + "\n")
}

/// Writes a line to standard output, its control characters made visible.
func printOut(_ text: String) {
  writeAll(1, TerminalText.line(text) + "\n")
}

/// Writes every byte of `text` to a file descriptor.
func writeAll(_ descriptor: Int32, _ text: String) { writeAll(descriptor, bytes: Array(text.utf8)) }

/// Writes every byte to a file descriptor.
func writeAll(_ descriptor: Int32, bytes: [UInt8]) {
  var bytes = bytes
  var offset = 0
  while offset < bytes.count {
    let written = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
    if written < 0 {
      if errno == EINTR { continue }
      return
    }
    offset += written
  }
}
