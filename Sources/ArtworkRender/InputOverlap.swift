import ArtworkCodec
@_spi(Support) import ArtworkSupport
import Foundation

/// How the output folder lies against the inputs, decided before anything is written, so no
/// output ever lands on an input.
///
/// An output folder inside an input folder is fine: discovery leaves it out. One that is an
/// input folder or holds one is refused, since previews are filed by the artwork's path
/// below its input and would land beside (or on) the artwork. Input files inside it (given
/// by name, or the manifest and catalog) are protected one by one: a write whose path is
/// one of them fails for that artwork, naming the input.
public enum InputOverlap: Sendable, Equatable {
  /// No input can be reached; `protected` are the paths, relative to the output folder, of
  /// input files inside it.
  case separate(protected: Set<String>)
  /// The output folder is `input` or holds it.
  case holdsInput(String)

  /// The overlap of `options`' output folder with its inputs, manifest and catalog.
  public static func of(_ options: RenderOptions) -> InputOverlap {
    let output = CanonicalPath.of(options.running.outputFolder)
    var protected = Set<String>()
    var files = [String]()
    for input in options.selection.inputs {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else { continue }
      if isDirectory.boolValue {
        let folder = CanonicalPath.of(input)
        if folder == output || isInside(folder, output) { return .holdsInput(input) }
      } else {
        files.append(input)
      }
    }
    files += [options.selection.manifest?.path, options.solving.userCatalog?.path].compactMap { $0 }
    for file in files {
      let path = CanonicalPath.of(file)
      if isInside(path, output) { protected.insert(String(path.dropFirst(output.count + 1))) }
    }
    return .separate(protected: protected)
  }

  /// The words for an output folder that holds an input.
  public var refusal: String? {
    guard case .holdsInput(let input) = self else { return nil }
    return
      "the output folder is the input folder \(input) or holds it, so previews would be written among the artwork"
  }

  /// Whether `path` (canonical) lies below `folder` (canonical).
  private static func isInside(_ path: String, _ folder: String) -> Bool {
    folder == "/" ? path != "/" : path.hasPrefix(folder + "/")
  }
}
