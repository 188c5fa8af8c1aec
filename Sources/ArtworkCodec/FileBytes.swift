import ArtworkPlatform

/// Reads files read-only through POSIX calls, so every failure carries errno's own words.
package enum FileBytes {
  /// The whole file, refused when it is not a regular file or larger than `limit` bytes.
  package static func read(_ path: String, limit: Int) throws(ImageError) -> [UInt8] {
    try read(path, limit: limit, prefix: nil)
  }

  /// At most the first `prefix` bytes of the file (all of it when `prefix` is nil),
  /// and the file's full size.
  static func read(_ path: String, limit: Int, prefix: Int?) throws(ImageError) -> [UInt8] {
    try readWithIdentity(path, limit: limit, prefix: prefix).bytes
  }

  /// At most the first `count` bytes of the file, for telling what it is.
  package static func head(of path: String, count: Int) throws(ImageError) -> [UInt8] {
    try read(path, limit: Int.max, prefix: count)
  }

  /// The whole file and the identity of the file read (from the same descriptor, so the two
  /// describe one file even if the path is replaced meanwhile).
  package static func readWithIdentity(_ path: String, limit: Int) throws(ImageError) -> (
    bytes: [UInt8], identity: FileIdentity
  ) {
    try readWithIdentity(path, limit: limit, prefix: nil)
  }

  static func readWithIdentity(
    _ path: String, limit: Int, prefix: Int?
  ) throws(ImageError) -> (bytes: [UInt8], identity: FileIdentity) {
    // Never waiting on a FIFO's writer: what is not a regular file is refused below.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { throw unreadable(path) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw unreadable(path) }
    if (status.st_mode & S_IFMT) == S_IFDIR {
      throw .unreadable(file: path, reason: "it is a directory")
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw .unreadable(file: path, reason: "not a regular file")
    }
    let fileSize = Int(status.st_size)
    guard fileSize <= limit else {
      throw .unreadable(
        file: path, reason: "\(fileSize) bytes is over the file size limit of \(limit) bytes")
    }
    let wanted = min(fileSize, prefix ?? fileSize)
    // An empty array made with unsafeUninitializedCapacity writes its count into the shared
    // empty-array storage, which ThreadSanitizer reports as a race with any other empty array.
    if wanted == 0 { return ([], FileIdentity(status)) }
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, count in
      var done = 0
      while done < wanted {
        let got = Platform.read(descriptor, buffer.baseAddress! + done, wanted - done)
        if got < 0 {
          if errno == EINTR { continue }
          failure = errno
          break
        }
        if got == 0 { break }  // the file shrank while we read it
        done += got
      }
      count = done
    }
    if failure != 0 {
      throw .unreadable(file: path, reason: String(cString: strerror(failure)))
    }
    return (bytes, FileIdentity(status))
  }

  /// The bytes of `range` of the file, fewer where the file ends sooner.
  package static func read(_ path: String, range: Range<Int>) throws(ImageError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { throw unreadable(path) }
    defer { close(descriptor) }
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: max(1, range.count)) { buffer, count in
      var done = 0
      while done < range.count {
        let got = pread(descriptor, buffer.baseAddress! + done, range.count - done, off_t(range.lowerBound + done))
        if got < 0 {
          if errno == EINTR { continue }
          failure = errno
          break
        }
        if got == 0 { break }  // the file ends sooner
        done += got
      }
      count = done
    }
    if failure != 0 { throw .unreadable(file: path, reason: String(cString: strerror(failure))) }
    return bytes
  }

  private static func unreadable(_ path: String) -> ImageError {
    let code = errno
    let reason =
      switch code {
      case ENOENT: "no such file"
      case EACCES: "permission denied"
      default: String(cString: strerror(code))
      }
    return .unreadable(file: path, reason: reason)
  }
}
