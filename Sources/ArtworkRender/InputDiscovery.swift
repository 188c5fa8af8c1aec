import ArtworkReport
@_spi(Support) import ArtworkSupport
import Foundation

/// Finds artwork: files as given, folders searched recursively for .png/.jpg/.jpeg in any
/// case; hidden files and folders, the output folder, folders holding an earlier run's
/// output and asset catalogs are skipped; sorted by path.
public enum InputDiscovery {
  public static let extensions: Set<String> = ["png", "jpg", "jpeg"]

  /// The artwork under `inputs`, and the inputs that could not be searched.
  public static func find(_ inputs: [String], excluding outputFolder: String?) -> (
    files: [ArtworkFile], errors: [InputError]
  ) {
    let manager = FileManager.default
    let excluded = outputFolder.map { CanonicalPath.of($0) }
    var files: [ArtworkFile] = []
    var errors: [InputError] = []
    var seen = Set<String>()
    for input in inputs {
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: input, isDirectory: &isDirectory) else {
        let reason = isSymbolicLink(input) ? "a symbolic link to nothing (broken or looping)" : "no such file or folder"
        errors.append(InputError(source: input, message: "cannot read the file: \(reason)"))
        continue
      }
      if !isDirectory.boolValue {
        let name = (input as NSString).lastPathComponent
        if seen.insert(CanonicalPath.of(input)).inserted {
          files.append(ArtworkFile(path: input, stem: (name as NSString).deletingPathExtension))
        }
        continue
      }
      var found: [ArtworkFile] = []
      var visited = Set<String>()
      walk(input, relative: "", excluded: excluded, visited: &visited, into: &found, errors: &errors)
      for file in found where seen.insert(CanonicalPath.of(file.path)).inserted { files.append(file) }
    }
    files.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    return (files, errors)
  }

  /// `visited` holds the folders already searched, so a symbolic link back to a parent
  /// folder ends the descent instead of looping.
  private static func walk(
    _ folder: String, relative: String, excluded: String?, visited: inout Set<String>,
    into files: inout [ArtworkFile], errors: inout [InputError]
  ) {
    let manager = FileManager.default
    let real = CanonicalPath.of(folder)
    if let excluded, real == excluded { return }
    guard visited.insert(real).inserted else { return }
    // An Xcode asset catalog holds renditions, not masters (`artfit assets` writes them).
    if !relative.isEmpty && folder.lowercased().hasSuffix(".xcassets") { return }
    // An earlier run's output, wherever it went: its previews are not artwork.
    if manager.fileExists(atPath: folder + "/" + OutputFolder.marker) {
      if relative.isEmpty {
        errors.append(
          InputError(
            source: folder,
            message:
              "cannot read the folder: it is an artfit output folder (it holds \(OutputFolder.marker)), and artfit does not read its own previews as artwork"
          ))
      }
      return
    }
    let entries: [String]
    do {
      entries = try manager.contentsOfDirectory(atPath: folder).sorted()
    } catch {
      errors.append(InputError(source: folder, message: "cannot read the folder: permission denied or unreadable"))
      return
    }
    for entry in entries where !entry.hasPrefix(".") {
      let path = folder.hasSuffix("/") ? folder + entry : folder + "/" + entry
      let relativePath = relative.isEmpty ? entry : relative + "/" + entry
      var isDirectory: ObjCBool = false
      let ext = (entry as NSString).pathExtension.lowercased()
      guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
        if extensions.contains(ext), isSymbolicLink(path) {
          errors.append(
            InputError(source: path, message: "cannot read the file: a symbolic link to nothing (broken or looping)"))
        }
        continue
      }
      if isDirectory.boolValue {
        if extensions.contains(ext) {
          // A folder named like an image is reported, so a typo never vanishes silently.
          errors.append(InputError(source: path, message: "cannot read the file: it is a directory"))
          continue
        }
        walk(path, relative: relativePath, excluded: excluded, visited: &visited, into: &files, errors: &errors)
      } else if extensions.contains(ext) {
        files.append(ArtworkFile(path: path, stem: (relativePath as NSString).deletingPathExtension))
      }
    }
  }

  private static func isSymbolicLink(_ path: String) -> Bool {
    let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
    return type == .typeSymbolicLink
  }

  /// The input that is the output folder itself, if any: writing there would mix previews
  /// into the artwork.
  public static func inputThatIsTheOutput(_ inputs: [String], output: String) -> String? {
    let out = CanonicalPath.of(output)
    return inputs.first { CanonicalPath.of($0) == out }
  }
}
