import ArtworkReport

extension RenderOptions {
  /// What the contact sheet's focus editor needs from this run: its manifest, and each
  /// artwork's key in it (relative to the manifest, or below the input without one).
  public var focusEditor: FocusEditorSetup {
    // Without a manifest the page says where one goes (the input folder) without naming a
    // path, so that merged shards' pages are the whole run's.
    guard let manifest = selection.manifest else { return FocusEditorSetup() }
    return FocusEditorSetup(manifestText: manifest.text, manifestPath: manifest.path) { file in
      manifest.relativePath(of: file.path) ?? FocusEditorSetup.pathBelowInput(file)
    }
  }
}
