/// Why an output file could not be written. Each case names the file; `message` says the
/// cause, and `description` joins the two.
public enum OutputError: Error, Equatable, Sendable, CustomStringConvertible {
  /// This file could not be written (a bad name, a link in the way, a failed write).
  case writeFailed(file: String, reason: String)
  /// The output folder cannot take more (disk full, quota, read-only, file-size limit):
  /// every later write would fail too, so a batch stops.
  case outputUnavailable(file: String, reason: String)

  /// The file the error is about.
  public var file: String {
    switch self {
    case .writeFailed(let file, _), .outputUnavailable(let file, _): file
    }
  }

  /// Why, in a person's words.
  public var reason: String {
    switch self {
    case .writeFailed(_, let reason), .outputUnavailable(_, let reason): reason
    }
  }

  /// Whether the whole output folder is out of reach, not just this file.
  public var isOutputUnavailable: Bool {
    if case .outputUnavailable = self { true } else { false }
  }

  /// The cause, without the file name.
  public var message: String { "cannot write the file: \(reason)" }

  /// "path: message".
  public var description: String { "\(file): \(message)" }
}
