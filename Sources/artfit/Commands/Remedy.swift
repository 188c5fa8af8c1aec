import Artwork

/// Which flag fixes a failure the library reports: the library says what is wrong, the
/// command line says what to type.
enum Remedy {
  /// A failed check as printed, with the flag that helps where one does.
  static func failure(_ failure: CheckFailure) -> String {
    switch failure {
    case .focusUnknown: failure.message + " (give --focus, a manifest focus or --auto-focus)"
    case .focusDivided: failure.message + " (place the subject on one side of the fold; --focus says where it is)"
    case .alphaRefused: failure.message + " (export it flattened onto an opaque background, without alpha)"
    case .backgroundNotOpaque:
      failure.message
        + " (fill the back layer edge to edge with opaque pixels; transparency belongs in the layers above)"
    case .sizeRefused: failure.message + " (export the icon at that size; the system scales it for every other)"
    case .cropLoss, .focusOutside: failure.message
    }
  }

  /// A result's failed checks as printed, each with its flag and, on a screen whose windows
  /// resize, the windows it fails in.
  static func failures(of result: TargetResult) -> String {
    result.failures.map { failure($0) + (result.windows?.extent(of: $0.check) ?? "") }.joined(separator: "; ")
  }

  /// A warning as printed, with the flag that helps where one does.
  static func warning(_ warning: ArtworkWarning, trimBars: Bool) -> String {
    guard warning.kind == .embeddedBars, !trimBars else { return warning.message }
    return warning.message + " (--trim-bars solves on the content inside them)"
  }

  /// An input error as printed, with the flag that helps where one does.
  static func inputError(_ error: InputError) -> String {
    guard let cause = error.cause, let remedy = LimitArguments.remedy(cause) else { return error.message }
    return remedy.hasPrefix("or ") ? error.message + " " + remedy : error.message + " (\(remedy))"
  }
}
