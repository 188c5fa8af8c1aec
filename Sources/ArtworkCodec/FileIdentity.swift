import ArtworkPlatform

/// What a build tool's index records of a file (git's index, ninja's log) to know it unchanged
/// without reading it: size, modification and status-change times to the nanosecond, inode and
/// device. A user can set the modification time back (`touch -r`) but not the status-change
/// time, so a file whose bytes changed never keeps its identity.
public struct FileIdentity: Sendable, Hashable {
  /// The size in bytes.
  public var size: Int
  /// Nanoseconds since 1970 (the modification time).
  public var modified: Int64
  /// Nanoseconds since 1970 (the status-change time).
  public var changed: Int64
  /// The inode number (`st_ino`).
  public var inode: UInt64
  /// The device the file lives on (`st_dev`).
  public var device: UInt64

  /// An identity from its parts, as `stat` gives them.
  public init(size: Int, modified: Int64, changed: Int64, inode: UInt64, device: UInt64) {
    self.size = size
    self.modified = modified
    self.changed = changed
    self.inode = inode
    self.device = device
  }

  init(_ status: stat) {
    self.init(
      size: Int(status.st_size), modified: Self.nanoseconds(Platform.modified(status)),
      changed: Self.nanoseconds(Platform.changed(status)),
      inode: UInt64(truncatingIfNeeded: status.st_ino), device: UInt64(truncatingIfNeeded: status.st_dev))
  }

  /// The identity of the file at `path` (following links), or nil when it cannot be looked at.
  public static func of(_ path: String) -> FileIdentity? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return FileIdentity(status)
  }

  /// File systems stamp times from a clock that ticks every few milliseconds (and a network
  /// one from another machine's clock), so a write just after a read can leave the identity
  /// as it was. An identity is trusted only once its last change is this far in the past.
  public static let settlingTime: Int64 = 1_000_000_000

  /// Whether a write after `now` would show in the identity: the file last changed more than
  /// `settlingTime` before `now` (nanoseconds since 1970).
  public func isSettled(at now: Int64) -> Bool {
    max(modified, changed) < now - Self.settlingTime
  }

  /// The wall clock in nanoseconds since 1970, the scale of file times.
  public static func now() -> Int64 {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return nanoseconds(spec)
  }

  private static func nanoseconds(_ spec: timespec) -> Int64 {
    Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
  }
}
