import ArtworkCodec

/// An input that could not be read or decoded.
public struct InputError: Sendable, Hashable {
  public var source: String
  public var message: String
  /// The image error behind it, when there was one in this run (a report read back from
  /// JSON has only the message).
  public var cause: ImageError?

  public init(source: String, message: String, cause: ImageError? = nil) {
    self.source = source
    self.message = message
    self.cause = cause
  }

  public init(_ error: ImageError) {
    self.init(source: error.file, message: error.message, cause: error)
  }
}
