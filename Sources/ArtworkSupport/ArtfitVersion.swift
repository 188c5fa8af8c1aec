/// artfit's version, as reports and `--version` print it.
public enum ArtfitVersion {
  /// The version number ("0.1.0").
  public static let number = "0.1.0"
  /// "artfit 0.1.0": report.json's `generator`.
  public static let generator = "artfit \(number)"
}
