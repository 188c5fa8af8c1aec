import ArtworkCodec

/// Which profile the files artfit writes carry (`--profile`).
public enum OutputProfile: String, Sendable, Hashable, CaseIterable {
  /// The artwork's own RGB profile, pixels unconverted; artwork in other spaces (CMYK, gray
  /// with a profile) is converted to sRGB. Untagged artwork stays untagged.
  case keep
  /// Everything converted to sRGB, for tools that do not manage colour.
  case srgb
  /// Everything converted to Display P3, what Apple's screens show.
  case displayP3 = "display-p3"

  /// The profile converted files get (keep: sRGB for what cannot be kept).
  var conversionTarget: ColourProfile {
    self == .displayP3 ? .displayP3 : .sRGB
  }
}
