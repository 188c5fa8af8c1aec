/// artfit's version, as reports and `--version` print it.
public enum ArtfitVersion {
  public static let number = "0.1.0"
  public static let generator = "artfit \(number)"
}
