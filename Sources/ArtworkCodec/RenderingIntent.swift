/// How a conversion between profiles treats colours outside the target's gamut (ICC's
/// rendering intents).
public enum RenderingIntent: String, Sendable, CaseIterable {
  /// Maps the whole gamut to fit, keeping relations between colours.
  case perceptual
  /// Keeps in-gamut colours exact and clips the rest; with black-point compensation, artfit's
  /// default.
  case relative
  /// Keeps colours vivid rather than exact.
  case saturation
  /// Like relative, without adapting the white point.
  case absolute

  /// ICC's number for the intent.
  var iccValue: Int32 {
    switch self {
    case .perceptual: 0
    case .relative: 1
    case .saturation: 2
    case .absolute: 3
    }
  }
}
