import ArtworkCodec
import ArtworkGeometry

extension OutputProfile {
  /// `keep`, `srgb` or `display-p3`, in any case.
  public static func parse(_ text: String) throws(ValueError) -> OutputProfile {
    guard let profile = OutputProfile(rawValue: text.lowercased()) else {
      throw ValueError("takes keep, srgb or display-p3 (got '\(text)')")
    }
    return profile
  }
}

extension RenderingIntent {
  /// `relative`, `perceptual`, `saturation` or `absolute`, in any case.
  public static func parse(_ text: String) throws(ValueError) -> RenderingIntent {
    guard let intent = RenderingIntent(rawValue: text.lowercased()) else {
      throw ValueError("takes relative, perceptual, saturation or absolute (got '\(text)')")
    }
    return intent
  }
}
