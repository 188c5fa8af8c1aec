import ArtworkCodec
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The folder a run writes into. Every output path is checked to stay inside it (no `..`,
/// no absolute names, no symbolic link followed out of it), and the folder carries a marker
/// so that no later run reads its previews back as artwork.
public enum OutputFolder {
  /// The hidden file that marks a folder as artfit's output; input discovery skips it.
  public static let marker = ".artfit-output"

  /// Creates `root` when needed and marks it.
  public static func prepare(_ root: String) throws(OutputError) {
    try Folders.make(root)
    let path = root + "/" + marker
    if access(path, F_OK) != 0 {
      try AtomicFile.write(
        Array("artfit writes previews and reports here; artfit never reads this folder as artwork.\n".utf8), to: path)
    }
  }

  /// `root/relative`, after checking that it cannot land outside `root`: each part is a
  /// plain name, and no folder on the way that already exists is a symbolic link or a file.
  public static func path(_ relative: String, in root: String) throws(OutputError) -> String {
    let full = root + "/" + relative
    let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
    guard !relative.hasPrefix("/"), !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
      throw .writeFailed(file: full, reason: "the name would place it outside the output folder \(root)")
    }
    var folder = root
    for part in parts.dropLast() {
      folder += "/" + part
      var status = stat()
      guard lstat(folder, &status) == 0 else { break }  // the rest is created fresh
      if status.st_mode & S_IFMT == S_IFLNK {
        throw .writeFailed(
          file: full,
          reason:
            "\(folder) is a symbolic link; artfit writes only inside the output folder and does not follow links there")
      }
      if status.st_mode & S_IFMT != S_IFDIR {
        throw .writeFailed(file: full, reason: "\(folder) is a file where a folder should be")
      }
    }
    return full
  }
}
