import CImageIO

#if canImport(Glibc)
  import Glibc
#endif

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

  /// Flushes every file written on the file system that holds `folder` to disk (`syncfs`),
  /// so what is recorded after it names only files that survive a power cut. One call for
  /// a whole run's files, where an `fsync` each would wait for the disk once a file.
  public static func syncFileSystem(of folder: String) {
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = cimageio_sync_file_system(descriptor)
    close(descriptor)
  }
}
