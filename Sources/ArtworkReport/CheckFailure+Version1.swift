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

extension CheckFailure {
  /// An icon_size failure read back from its message ("is 16x16 px, and this slot takes 1024x1024
  /// px"): the one failure whose figures are sizes, which report.json gives in its words.
  init?(sizeRefusedMessage message: String) {
    func size(_ text: Substring) -> PixelSize? {
      let sides = text.split(separator: "x", omittingEmptySubsequences: false)
      guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]), width > 0, height > 0 else {
        return nil
      }
      return PixelSize(width, height)
    }
    let prefix = "is "
    let middle = " px, and this slot takes "
    guard message.hasPrefix(prefix), message.hasSuffix(" px"), let split = message.range(of: middle),
      let own = size(message[message.index(message.startIndex, offsetBy: prefix.count)..<split.lowerBound])
    else { return nil }
    let list = message[split.upperBound..<message.index(message.endIndex, offsetBy: -3)]
    let takes = list.components(separatedBy: " or ").compactMap { size(Substring($0)) }
    guard !takes.isEmpty, takes.count == list.components(separatedBy: " or ").count else { return nil }
    self = .sizeRefused(own, takes: takes)
  }
}
