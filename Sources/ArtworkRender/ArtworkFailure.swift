import ArtworkCodec

/// Why one artwork could not be rendered: its image could not be read or encoded, or one of
/// its outputs could not be written.
public enum ArtworkFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// The artwork could not be read or decoded, or a preview not encoded.
  case image(ImageError)
  /// An output could not be written.
  case output(OutputError)

  /// The output folder can take no more writes: every later artwork would fail too.
  public var stopsBatch: Bool {
    if case .output(let error) = self { error.isOutputUnavailable } else { false }
  }

  /// The cause, without the file name.
  public var message: String {
    switch self {
    case .image(let error): error.message
    case .output(let error): error.message
    }
  }

  /// The underlying error's description, naming the file.
  public var description: String {
    switch self {
    case .image(let error): error.description
    case .output(let error): error.description
    }
  }
}
