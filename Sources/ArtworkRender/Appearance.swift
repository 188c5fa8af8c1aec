import ArtworkGeometry

/// How the previews show the artwork (`--appearance`): as drawn, or as a Home Screen shows an
/// app icon in its tinted appearance before the user's tint is laid on (iOS and iPadOS 18
/// and later, macOS 26): its luminance as gray. The dark appearance's treatment is not
/// published (the system derives it from the icon by rules Apple does not give), so it is
/// not offered.
public enum Appearance: String, Sendable, Hashable, CaseIterable {
  /// The artwork as drawn.
  case `default`
  /// The artwork's relative luminance as gray, overlays in colour on top.
  case tinted

  /// The appearance named `text`.
  public static func parse(_ text: String) throws(ValueError) -> Appearance {
    guard let appearance = Appearance(rawValue: text.lowercased()) else {
      throw ValueError("takes default or tinted (got '\(text)')")
    }
    return appearance
  }
}
