/// A file under the inputs that is not artwork (a note, a design source, an archive), listed
/// in report.json's `skipped` so that a run says what it did not look at.
public struct SkippedFile: Sendable, Hashable {
  public var source: String
  public var reason: String

  public init(source: String, reason: String) {
    self.source = source
    self.reason = reason
  }
}
