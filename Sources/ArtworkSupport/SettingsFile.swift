import ArtworkPlatform

/// Reads a file of settings a user names (a manifest, a catalog, a baseline report): a
/// regular file, or a pipe such as the shell's `<(…)` gives. It is opened without waiting
/// (`O_NONBLOCK`), so a FIFO that nobody writes reads as empty instead of hanging the run;
/// a directory, a device or a socket is refused by name.
package enum SettingsFile {
  /// The whole file, at most `limit` bytes; or why it cannot be read.
  package static func read(_ path: String, limit: Int = 256 << 20) -> Result<[UInt8], Failure> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return .failure(Failure(reason: String(cString: strerror(errno)))) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .failure(Failure(reason: String(cString: strerror(errno)))) }
    switch status.st_mode & S_IFMT {
    case S_IFREG, S_IFIFO: break
    case S_IFDIR: return .failure(Failure(reason: "it is a directory"))
    default: return .failure(Failure(reason: "it is not a regular file or a pipe"))
    }
    // Reads wait for a writer's data from here on; a FIFO without a writer ends at once.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let got = chunk.withUnsafeMutableBytes { Platform.read(descriptor, $0.baseAddress, $0.count) }
      if got < 0 {
        if errno == EINTR { continue }
        return .failure(Failure(reason: String(cString: strerror(errno))))
      }
      if got == 0 { return .success(bytes) }
      guard bytes.count + got <= limit else { return .failure(Failure(reason: "it is over \(limit) bytes")) }
      bytes += chunk[..<got]
    }
  }

  /// Why a settings file cannot be read, in errno's or artfit's words.
  package struct Failure: Error, Equatable {
    package var reason: String
  }
}
