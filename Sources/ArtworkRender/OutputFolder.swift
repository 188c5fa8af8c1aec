import ArtworkCodec
import ArtworkPlatform
@_spi(Support) import ArtworkSupport
import Foundation

/// The folder a run writes into. Every output path is checked to stay inside it (no `..`,
/// no absolute names, no symbolic link followed out of it), and the folder carries a marker
/// so that no later run reads its previews back as artwork.
public enum OutputFolder {
  /// The hidden file that marks a folder as artfit's output; input discovery skips it.
  public static let marker = ".artfit-output"

  /// What the marker says.
  static let markerText = "artfit writes previews and reports here; artfit never reads this folder as artwork.\n"

  /// Creates `root` when needed and marks it.
  public static func prepare(_ root: String) throws(OutputError) {
    try Folders.make(root)
    let path = root + "/" + marker
    if SettingsFile.read(path, limit: 4096).map({ $0 == Array(markerText.utf8) }) != .success(true) {
      try AtomicFile.write(Array(markerText.utf8), to: path)
    }
  }

  /// Whether a folder is marked as artfit's output, and whether artfit wrote the mark.
  enum Marking {
    /// No marker.
    case none
    /// artfit's marker beside artfit's reports or cache: an output folder of an earlier run.
    case artfits
    /// A marker artfit did not write (empty, other words, no report beside it): not honoured,
    /// since a file dropped into a folder must not take that folder out of a gate.
    case notArtfits
  }

  /// How `folder` is marked.
  static func marking(of folder: String) -> Marking {
    let path = folder + "/" + marker
    guard access(path, F_OK) == 0 else { return .none }
    let written = SettingsFile.read(path, limit: 4096).map { $0 == Array(markerText.utf8) }
    let records = ["report.json", ".artfit-cache.json"].contains { access(folder + "/" + $0, F_OK) == 0 }
    return written == .success(true) && records ? .artfits : .notArtfits
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
