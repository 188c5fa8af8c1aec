/// Why an embedded colour profile is not used; the artwork is then treated as untagged sRGB.
public enum ProfileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// LittleCMS cannot read the profile or convert colour through it.
  case unusable(reason: String)
  /// The profile describes other pixels than the file holds (a CMYK profile on RGB pixels).
  case mismatched(profile: ColourProfile.Space, pixels: String)

  /// What is wrong with the profile.
  public var description: String {
    switch self {
    case .unusable(let reason): "its colour profile is unusable (\(reason))"
    case .mismatched(let profile, let pixels):
      "its colour profile is for \(profile.rawValue) but the pixels are \(pixels)"
    }
  }
}
