import ArtworkGeometry

extension CheckFailure {
  /// A failure as report.json version 1 wrote it, its message alone, with the figure from the
  /// result it belongs to. Version 1 wrote exactly three forms of message (the checks of that
  /// version), so each is recognised by its form; nil for any other text.
  init?(version1 message: String, placement: Placement) {
    if message == CheckFailure.focusUnknown.message {
      self = .focusUnknown
    } else if message.hasPrefix("crop_loss "), let limit = Self.version1Limit(message) {
      self = .cropLoss(value: placement.cropLoss, limit: limit)
    } else if message.hasPrefix("focus "), message.hasSuffix(" outside the visible safe area (required wholly inside)")
    {
      self = .focusOutside(loss: placement.focusLoss ?? 1)
    } else {
      return nil
    }
  }

  /// The limit of "crop_loss 53.8% > 25.0%" as a fraction (0.25).
  private static func version1Limit(_ message: String) -> Double? {
    guard let mark = message.range(of: " > "), message.hasSuffix("%") else { return nil }
    return Double(message[mark.upperBound..<message.index(before: message.endIndex)]).map { $0 / 100 }
  }
}
