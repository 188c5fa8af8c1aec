import ArtworkGeometry

/// What the contact sheet's focus editor needs from the run besides the artworks: the
/// manifest its download merges over, and the key each artwork's entry is filed under.
public struct FocusEditorSetup: Sendable {
  /// The run's manifest as written, when it had one.
  public var manifestText: String?
  /// Where the run's manifest is (the downloaded one replaces it), when it had one.
  public var manifestPath: String?
  /// An artwork's key in the manifest: its path relative to the manifest's folder.
  public var key: @Sendable (ArtworkFile) -> String

  /// The file name the download and Save offer: the run's manifest's, else artfit.json.
  public var manifestName: String {
    manifestPath.map { String($0.split(separator: "/").last ?? "artfit.json") } ?? "artfit.json"
  }

  /// The editor's setup; without a manifest, entries are keyed by the path below the input folder.
  public init(
    manifestText: String? = nil, manifestPath: String? = nil,
    key: @escaping @Sendable (ArtworkFile) -> String = FocusEditorSetup.pathBelowInput
  ) {
    self.manifestText = manifestText
    self.manifestPath = manifestPath
    self.key = key
  }

  /// The path below the input folder (`onboarding/hero.png`): the key of a manifest saved
  /// as artfit.json in that folder, where `render` and `check` look for one.
  @Sendable public static func pathBelowInput(_ file: ArtworkFile) -> String {
    let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return file.stem }
    return file.stem + String(name[dot...])
  }
}
