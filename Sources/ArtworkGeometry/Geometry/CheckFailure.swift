/// A check a result failed, with the figure it failed at and the limit it was held to.
///
/// Adding a check is adding a case here: `check`, `value`, `limit` and `message` then say
/// what the compiler asks, and everything downstream (report.json, junit.xml, the baseline,
/// the remedies the command line prints) switches on the case, never on the text.
public enum CheckFailure: Sendable, Hashable, CustomStringConvertible {
  /// More of the artwork cropped than `--max-crop-loss` allows: both as fractions of the
  /// artwork's area.
  case cropLoss(value: Double, limit: Double)
  /// `--require-focus`: this fraction of the focus region falls outside the visible safe area.
  case focusOutside(loss: Double)
  /// `--require-focus` on an artwork with no focus region at all.
  case focusUnknown
  /// `--require-focus`: a division of the screen (a fold, a hinge) crosses the focus region.
  case focusDivided
  /// The artwork has an alpha channel and the slot refuses one (App Store Connect's icon).
  case alphaRefused
  /// A layered image's background layer is not wholly opaque (Xcode refuses it).
  case backgroundNotOpaque
  /// The artwork's pixel size is none of those the slot takes (an app icon is delivered at
  /// exactly its canvas): the artwork's size, then the slot's sizes.
  case sizeRefused(PixelSize, takes: [PixelSize])

  /// The check that failed.
  public var check: Check {
    switch self {
    case .cropLoss: .cropLoss
    case .focusOutside: .focus
    case .focusUnknown: .focusUnknown
    case .focusDivided: .focusDivided
    case .alphaRefused: .iconAlpha
    case .backgroundNotOpaque: .layeredBackground
    case .sizeRefused: .iconSize
    }
  }

  /// The figure the result failed at, when the check has one.
  public var value: Double? {
    switch self {
    case .cropLoss(let value, _): value
    case .focusOutside(let loss): loss
    case .focusUnknown, .focusDivided, .alphaRefused, .backgroundNotOpaque, .sizeRefused: nil
    }
  }

  /// The most the figure may be and pass: the focus must lie wholly inside, so its limit is 0.
  public var limit: Double? {
    switch self {
    case .cropLoss(_, let limit): limit
    case .focusOutside: 0
    case .focusUnknown, .focusDivided, .alphaRefused, .backgroundNotOpaque, .sizeRefused: nil
    }
  }

  /// The failure in words, as report.json version 1 wrote it ("crop_loss 53.8% > 25.0%").
  public var message: String {
    switch self {
    case .cropLoss(let value, let limit):
      "crop_loss \(Checks.percent(value, apartFrom: limit)) > \(Checks.percent(limit, apartFrom: value))"
    case .focusOutside(let loss):
      "focus \(Checks.percent(loss, apartFrom: 0)) outside the visible safe area (required wholly inside)"
    case .focusUnknown: "focus required but none is known"
    case .focusDivided: "focus crossed by a fold or hinge of the screen"
    case .alphaRefused: "has an alpha channel, which this slot refuses (even when every pixel is opaque)"
    case .backgroundNotOpaque:
      "its background layer is not opaque over the whole canvas, which a layered image requires"
    case .sizeRefused(let size, let takes):
      "is \(size) px, and this slot takes \(takes.map(\.description).joined(separator: " or ")) px"
    }
  }

  /// The failure in words (`message`).
  public var description: String { message }

  /// The checks a build can gate on, by the names report.json and junit.xml give them.
  public enum Check: String, CaseIterable, Sendable, Hashable {
    /// A fill cut more of the source than `--max-crop-loss` allows.
    case cropLoss = "crop_loss"
    /// The focus region leaves the safe area (`--require-focus`).
    case focus
    /// `--require-focus` was given but the artwork has no focus region.
    case focusUnknown = "focus_unknown"
    /// A division of the screen (a fold, a hinge) crosses the focus region (`--require-focus`).
    case focusDivided = "focus_divided"
    /// The artwork carries an alpha channel on a slot that refuses one (the App Store icon).
    case iconAlpha = "icon_alpha"
    /// A layered image's background layer does not cover the canvas with opaque pixels.
    case layeredBackground = "layered_background"
    /// An app icon slot's artwork is not delivered at one of the slot's pixel sizes.
    case iconSize = "icon_size"

    /// The check's name in report.json, junit.xml and the baseline ("crop_loss").
    public var name: String { rawValue }
  }
}
