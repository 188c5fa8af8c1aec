import ArtworkCodec

/// An input that could not be read or decoded.
public struct InputError: Sendable, Hashable {
  /// The input's path.
  public var source: String
  /// Why it could not be read.
  public var message: String
  /// The image error behind it, when there was one in this run (a report read back from
  /// JSON has only the message).
  public var cause: ImageError?

  /// An error for `source` saying `message`.
  public init(source: String, message: String, cause: ImageError? = nil) {
    self.source = source
    self.message = message
    self.cause = cause
  }

  /// An input error from an image error, for the file it names.
  public init(_ error: ImageError) {
    self.init(source: error.file, message: error.message, cause: error)
  }
}
