import ArtworkCodec
import Foundation

/// The image sets an `assets` run is making that were not in the catalog before it: their
/// files are written through here, so an interrupted run removes what it wrote of them and
/// leaves no set without its Contents.json (a set the catalog had stays, its files each whole).
public enum AssetSetsInProgress {
  private static let lock = NSLock()
  /// Each new set's folder and the files written into it so far.
  nonisolated(unsafe) private static var sets: [String: [String]] = [:]

  /// Writes `bytes` to `path`, a file of the set at `folder`; with `isNew`, the set is one
  /// this run makes, and the file is remembered until `finished`. Under the lock an
  /// interruption takes, so a file is written whole and remembered, or not written.
  static func write(_ bytes: [UInt8], to path: String, inSet folder: String, isNew: Bool) throws(OutputError) {
    lock.lock()
    defer { lock.unlock() }
    try AtomicFile.write(bytes, to: path)
    if isNew { sets[folder, default: []].append(path) }
  }

  /// The set at `folder` is whole (its Contents.json written).
  static func finished(_ folder: String) {
    lock.lock()
    defer { lock.unlock() }
    sets[folder] = nil
  }

  /// Stops every later write for good (the process is about to end) and removes the new sets
  /// begun and not finished; returns how many.
  public static func stop() -> Int {
    lock.lock()  // never unlocked: nothing is written after an interruption
    for (folder, files) in sets {
      for file in files { unlink(file) }
      rmdir(folder)
    }
    return sets.count
  }
}
