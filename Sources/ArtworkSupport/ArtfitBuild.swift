import ArtworkPlatform

/// Which build of artfit is running: its version and the identity of its executable (size,
/// modification time, inode), so that a cache made by another build, even of the same
/// version number, is not trusted.
package enum ArtfitBuild {
  /// "artfit 0.1.0" and the executable's identity, when the system says where it is.
  package static let identity: String = {
    var status = stat()
    guard let path = Platform.executablePath, stat(path, &status) == 0 else { return ArtfitVersion.generator }
    let modified = Platform.modified(status)
    return ArtfitVersion.generator + " \(status.st_size) \(modified.tv_sec).\(modified.tv_nsec) \(status.st_ino)"
  }()
}
