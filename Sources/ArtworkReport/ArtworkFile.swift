/// One artwork file found among the inputs.
public struct ArtworkFile: Sendable, Hashable {
  /// The path as found (relative to where artfit runs when the input was relative).
  public var path: String
  /// The name previews are filed under: the path below the input folder, without extension
  /// (`art/onboarding/hero.png` given `art` → `onboarding/hero`).
  public var stem: String

  /// An artwork at `path`, its outputs filed under `stem`.
  public init(path: String, stem: String) {
    self.path = path
    self.stem = stem
  }
}
