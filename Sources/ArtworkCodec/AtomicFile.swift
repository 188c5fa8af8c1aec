import ArtworkPlatform
@_spi(Support) import ArtworkSupport
import Foundation

/// Writes files whole or not at all: bytes go to a hidden temporary file in the same
/// folder, which is renamed over the target. Temporary files in flight are tracked so an
/// interrupted run can remove them.
public enum AtomicFile {
  private static let registry = TemporaryFiles()

  /// Writes `bytes` to `path`, creating folders as needed.
  public static func write(_ bytes: [UInt8], to path: String) throws(OutputError) {
    try bytes.withUnsafeBytes { bytes in Result { () throws(OutputError) in try write(bytes, to: path) } }.get()
  }

  /// Writes the bytes at `bytes` to `path`, creating folders as needed.
  public static func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws(OutputError) {
    try replace(path) { descriptor in ByteBuffer.writeAll(bytes, to: descriptor) }
  }

  /// Writes what `produce` puts into the buffer to `path`, a megabyte at a time, so a large
  /// report is never held whole in memory; the same temporary-file-then-rename as `write`.
  package static func stream(to path: String, _ produce: (inout ByteBuffer) -> Void) throws(OutputError) {
    try replace(path) { descriptor in
      var buffer = ByteBuffer(descriptor: descriptor)
      produce(&buffer)
      buffer.flush()
      return buffer.failure
    }
  }

  /// Creates a temporary file beside `path`, lets `fill` write it (returning 0 or an errno),
  /// and renames it over `path`; on any failure the temporary file is removed.
  private static func replace(_ path: String, _ fill: (Int32) -> Int32) throws(OutputError) {
    let (temporary, descriptor) = try openTemporary(for: path)
    defer { registry.remove(temporary) }
    try commit(temporary, descriptor: descriptor, failure: fill(descriptor), to: path)
  }

  /// A new temporary file beside `path` (its folder created), open for writing and tracked
  /// until it is committed or abandoned.
  static func openTemporary(for path: String) throws(OutputError) -> (path: String, descriptor: Int32) {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    try Folders.make(folder)
    let temporary = folder + "/." + url.lastPathComponent + ".artfit-tmp-\(getpid())-\(registry.nextNumber())"
    let (descriptor, code) = registry.create(temporary)
    guard descriptor >= 0 else { throw self.failure(code, path) }
    return (temporary, descriptor)
  }

  /// Closes the temporary file and renames it over `path`, or removes it when `failure`
  /// (an errno) or the close says the bytes did not all land.
  static func commit(_ temporary: String, descriptor: Int32, failure: Int32, to path: String) throws(OutputError) {
    var failure = failure
    if close(descriptor) != 0 && failure == 0 { failure = errno }
    if failure != 0 {
      unlink(temporary)
      throw self.failure(failure, path)
    }
    if rename(temporary, path) != 0 {
      let code = errno
      unlink(temporary)
      throw self.failure(code, path)
    }
  }

  /// Stops tracking a temporary file that was renamed into place or removed.
  static func forget(_ temporary: String) { registry.remove(temporary) }

  /// Closes and removes a temporary file that will not be committed.
  static func abandon(_ temporary: String, descriptor: Int32) {
    close(descriptor)
    unlink(temporary)
    registry.remove(temporary)
  }

  /// The error for `code`: the ones that will hit every later write too stop a batch.
  package static func failure(_ code: Int32, _ path: String) -> OutputError {
    let reason = String(cString: strerror(code))
    switch code {
    case ENOSPC, EDQUOT, EROFS, EFBIG, EIO: return .outputUnavailable(file: path, reason: reason)
    default: return .writeFailed(file: path, reason: reason)
    }
  }

  /// Removes every temporary file still in flight and refuses new ones from then on (after
  /// SIGINT or SIGTERM, while the process ends: other threads are still running).
  public static func removeTemporaryFiles() -> Int { registry.removeAll() }
}

/// The temporary files being written right now.
final class TemporaryFiles: @unchecked Sendable {
  private let lock = NSLock()
  private var paths = Set<String>()
  private var counter = 0
  private var closed = false

  func nextNumber() -> Int {
    lock.lock()
    defer { lock.unlock() }
    counter += 1
    return counter
  }

  /// Creates and tracks `path` under the lock, so a removal either sees the file or comes
  /// first and no file is created after it; returns the descriptor, or -1 and an errno.
  func create(_ path: String) -> (descriptor: Int32, errno: Int32) {
    lock.lock()
    defer { lock.unlock() }
    guard !closed else { return (-1, ECANCELED) }
    let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return (-1, errno) }
    paths.insert(path)
    return (descriptor, 0)
  }

  func remove(_ path: String) {
    lock.lock()
    paths.remove(path)
    lock.unlock()
  }

  func removeAll() -> Int {
    lock.lock()
    defer { lock.unlock() }
    closed = true
    for path in paths { unlink(path) }
    let count = paths.count
    paths.removeAll()
    return count
  }
}
