import ArtworkCodec
import Foundation

/// The image sets an `assets` run is writing: their files go through here, so an interrupted
/// run leaves every set whole, as it was before the run or as the run makes it. A set the
/// catalog did not have is written in place and removed if the run stops before its
/// Contents.json; a set it had gets its new files staged beside the old ones (under hidden
/// names, there only while the set is written) and moved into place together when the set
/// is finished.
public enum AssetSetsInProgress {
  private static let lock = NSLock()
  /// Each new set's folder and the files written into it so far.
  nonisolated(unsafe) private static var sets: [String: [String]] = [:]
  /// Each set the catalog had: its staged files and where each goes.
  nonisolated(unsafe) private static var staged: [String: [(staged: String, path: String)]] = [:]

  /// Writes `bytes` for `path`, a file of the set at `folder`; with `isNew`, the set is one
  /// this run makes, and the file is written in place and remembered until `finished`;
  /// otherwise it is staged. Under the lock an interruption takes, so a file is written whole
  /// and remembered, or not written.
  static func write(_ bytes: [UInt8], to path: String, inSet folder: String, isNew: Bool) throws(OutputError) {
    lock.lock()
    defer { lock.unlock() }
    if isNew {
      try AtomicFile.write(bytes, to: path)
      sets[folder, default: []].append(path)
    } else {
      let stagedPath = stagedPath(of: path)
      try AtomicFile.write(bytes, to: stagedPath)
      staged[folder, default: []].append((stagedPath, path))
    }
  }

  /// The set at `folder` is whole: its staged files are moved into place under the lock, so
  /// an interruption waits for the set to be finished and finds no set half old, half new.
  static func finished(_ folder: String) throws(OutputError) {
    lock.lock()
    defer { lock.unlock() }
    let moves = staged[folder] ?? []
    staged[folder] = nil
    sets[folder] = nil
    for (index, move) in moves.enumerated() where rename(move.staged, move.path) != 0 {
      let reason = String(cString: strerror(errno))
      for left in moves[index...] { unlink(left.staged) }
      throw .writeFailed(file: move.path, reason: reason)
    }
  }

  /// The set at `folder` failed before it was finished: what this run wrote of it goes (a
  /// new set's files and folder, a kept set's staged files); a set the catalog had stays as
  /// it was.
  static func abandon(_ folder: String) {
    lock.lock()
    defer { lock.unlock() }
    discard(folder)
  }

  /// Stops every later write for good (the process is about to end) and removes the new sets
  /// begun and not finished, and the files staged for sets the catalog had; returns how many
  /// new sets were removed.
  public static func stop() -> Int {
    lock.lock()  // never unlocked: nothing is written after an interruption
    let removed = sets.count
    for folder in Set(sets.keys).union(staged.keys) { discard(folder) }
    return removed
  }

  /// Removes what this run wrote of the set at `folder`; the caller holds the lock.
  private static func discard(_ folder: String) {
    for move in staged[folder] ?? [] { unlink(move.staged) }
    staged[folder] = nil
    if let files = sets[folder] {
      for file in files { unlink(file) }
      rmdir(folder)
    }
    sets[folder] = nil
  }

  /// A hidden sibling of `path` (its name starts with a dot), which no Contents.json names.
  private static func stagedPath(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." + path + ".artfit-staged" }
    return path[...slash] + "." + path[path.index(after: slash)...] + ".artfit-staged"
  }
}
