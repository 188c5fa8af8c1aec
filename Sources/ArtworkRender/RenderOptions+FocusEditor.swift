import ArtworkReport
import Foundation

extension RenderOptions {
  /// What the contact sheet's focus editor needs from this run: its manifest, and each
  /// artwork's key in it (relative to the manifest, or below the input without one).
  public var focusEditor: FocusEditorSetup {
    guard let manifest = selection.manifest else {
      var setup = FocusEditorSetup()
      if let folder = selection.inputs.first(where: Self.isFolder) {
        setup.defaultManifestPath = (folder.hasSuffix("/") ? folder : folder + "/") + "artfit.json"
      }
      return setup
    }
    return FocusEditorSetup(manifestText: manifest.text, manifestPath: manifest.path) { file in
      manifest.relativePath(of: file.path) ?? FocusEditorSetup.pathBelowInput(file)
    }
  }

  private static func isFolder(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }
}
