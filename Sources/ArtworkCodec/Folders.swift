import ArtworkPlatform

/// Folders for outputs.
public enum Folders {
  /// `mkdir -p`, with the failure described by its errno.
  public static func make(_ folder: String) throws(OutputError) {
    var path = folder.hasPrefix("/") ? "" : "."
    for part in folder.split(separator: "/") {
      path += "/" + part
      if mkdir(path, 0o755) != 0 && errno != EEXIST {
        throw AtomicFile.failure(errno, folder)
      }
    }
    var status = stat()
    guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      throw .writeFailed(file: folder, reason: "a file is in the way of the output folder")
    }
  }
}
