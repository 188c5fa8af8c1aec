import ArtworkPlatform
import Foundation

/// One run at a time per output folder: an advisory lock (`flock`) on `OUT/.artfit-lock`,
/// held from before the first write to after the last. The file names its holder while a
/// run holds it and is emptied when the run ends, so the next run that takes it knows
/// whether the last one died, and then removes the temporary files it left.
///
/// `flock` locks belong to the open file, so a run killed with SIGKILL releases its lock
/// with its descriptors: a dead run never blocks a live one.
public final class OutputLock: Sendable {
  /// The lock file's name in the output folder.
  public static let fileName = ".artfit-lock"

  /// Why the lock was not taken.
  public enum Failure: Error, Sendable {
    /// Another run holds it (`holder` is its process id, when the file names it) and the
    /// caller chose not to wait.
    case busy(folder: String, holder: Int32?)
    /// The folder or the lock file cannot be made.
    case output(OutputError)
  }

  private let descriptor: Int32
  /// How many temporary files of a dead run were removed on taking the lock.
  public let temporaryFilesRemoved: Int

  /// Takes the lock on `folder` (made when missing). When another run holds it, waits for it
  /// after calling `waiting` with the holder's process id, or fails at once when `wait` is
  /// false.
  public static func acquire(_ folder: String, wait: Bool, waiting: (Int32?) -> Void = { _ in }) throws(Failure)
    -> OutputLock
  {
    do { try Folders.make(folder) } catch { throw .output(error) }
    let path = folder + "/" + fileName
    let existed = access(path, F_OK) == 0
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw .output(AtomicFile.failure(errno, path)) }
    if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let holder = Self.holder(descriptor)
      guard wait else {
        close(descriptor)
        throw .busy(folder: folder, holder: holder)
      }
      waiting(holder)
      while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
    }
    // A run that ended well leaves the file empty; one that left it naming a process died
    // mid-run. A folder without the file may hold an older artfit's leftovers.
    let lastRunDied = !existed || Self.holder(descriptor) != nil
    let removed = lastRunDied ? Self.removeTemporaryFiles(in: folder) : 0
    let record = Array("pid \(getpid())\n".utf8)
    _ = ftruncate(descriptor, 0)
    _ = record.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    return OutputLock(descriptor: descriptor, removed: removed)
  }

  private init(descriptor: Int32, removed: Int) {
    self.descriptor = descriptor
    temporaryFilesRemoved = removed
  }

  /// Marks the run as ended well and lets the next one in.
  public func release() {
    _ = ftruncate(descriptor, 0)
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }

  /// The process id the lock file names, if any.
  private static func holder(_ descriptor: Int32) -> Int32? {
    var bytes = [UInt8](repeating: 0, count: 32)
    let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 4 else { return nil }
    let text = String(decoding: bytes[..<count], as: UTF8.self)
    guard text.hasPrefix("pid ") else { return nil }
    return Int32(text.dropFirst(4).prefix { $0.isNumber })
  }

  /// Removes every temporary file artfit's atomic writes name (`.NAME.artfit-tmp-PID-N`)
  /// under `folder`; only a run holding the lock may, since a live run's are its own.
  static func removeTemporaryFiles(in folder: String) -> Int {
    guard let walk = FileManager.default.enumerator(atPath: folder) else { return 0 }
    var removed = 0
    while let relative = walk.nextObject() as? String {
      let name = (relative as NSString).lastPathComponent
      guard name.hasPrefix("."), name.contains(".artfit-tmp-") else { continue }
      if unlink(folder + "/" + relative) == 0 { removed += 1 }
    }
    return removed
  }
}
