import ArtworkCodec
import Foundation

/// A run's report files as one unit against an interruption: they are put in place inside one
/// section an interruption waits for, so a folder holds either the run's whole set or the one
/// before it, never a mix; and a contact sheet whose pages the run had begun to replace is
/// removed whole rather than left linking the last run's index to this run's pages.
public enum ReportSetGuard {
  /// What an interrupted run leaves of its reports.
  public enum Left: Sendable, Equatable {
    /// Every report of the run is in place.
    case written
    /// None is: the folder's reports, if any, are a finished earlier run's.
    case earlier(folder: String, removedSheet: Bool)
    /// The run had not opened its reports (or writes none to a folder).
    case none
  }

  private static let lock = NSRecursiveLock()  // a page put in place while committing takes it again
  nonisolated(unsafe) private static var folder: String?
  nonisolated(unsafe) private static var written = false
  nonisolated(unsafe) private static var pagesReplaced = false

  /// Notes that the run's reports go to `folder`.
  static func opened(_ folder: String) {
    lock.lock()
    defer { lock.unlock() }
    self.folder = folder
  }

  /// Notes that a page of the contact sheet was put in place before the end of the run.
  static func replacedPage() {
    lock.lock()
    defer { lock.unlock() }
    pagesReplaced = true
  }

  /// Puts the reports in place (`body`) where an interruption cannot cut in.
  static func commit(_ body: () throws(OutputError) -> Void) throws(OutputError) {
    lock.lock()
    defer { lock.unlock() }
    try body()
    written = true
  }

  /// Stops every later commit for good (the process is about to end), waits for one under way,
  /// and says what is left; a contact sheet the run had begun to replace is removed.
  public static func stop() -> Left {
    lock.lock()  // never unlocked: nothing is put in place after an interruption
    guard let folder else { return .none }
    if written { return .written }
    if pagesReplaced {
      unlink(folder + "/index.html")
      ContactSheetStream.removeSheet(from: folder)
    }
    return .earlier(folder: folder, removedSheet: pagesReplaced)
  }
}
