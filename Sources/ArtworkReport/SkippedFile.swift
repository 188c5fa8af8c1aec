/// A file under the inputs that is not artwork (a note, a design source, an archive), listed
/// in report.json's `skipped` so that a run says what it did not look at.
public struct SkippedFile: Sendable, Hashable {
  /// The file's path.
  public var source: String
  /// What it is, and why artfit does not read it.
  public var reason: String

  /// A skipped file at `source`, with why.
  public init(source: String, reason: String) {
    self.source = source
    self.reason = reason
  }
}
