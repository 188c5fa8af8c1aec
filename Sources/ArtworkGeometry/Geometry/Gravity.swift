/// Where a fill crop sits in the source.
///
/// `focus` centres the visible rect on the focus region, then clamps it inside the source:
/// the meaning libvips (`interesting=specific`) and imgproxy (`g:fp`) give a focal point,
/// not CSS `object-position`'s proportional alignment.
public enum Gravity: String, Sendable, Hashable, Codable, CaseIterable {
  /// The middle of the source on both axes.
  case center
  /// Centred across, against the top edge.
  case top
  /// Centred across, against the bottom edge.
  case bottom
  /// Against the left edge, centred down.
  case left
  /// Against the right edge, centred down.
  case right
  /// In the top-left corner.
  case topLeft = "top-left"
  /// In the top-right corner.
  case topRight = "top-right"
  /// In the bottom-left corner.
  case bottomLeft = "bottom-left"
  /// In the bottom-right corner.
  case bottomRight = "bottom-right"
  /// Centred on the focus region, then kept inside the source.
  case focus

  /// The gravity a crop takes when none is given: `focus` when a focus region is known, else
  /// `center`. The one place the rule is written (`fit`, `template` and the renderer ask it).
  public static func given(_ gravity: Gravity?, focus: FocusRegion?) -> Gravity {
    gravity ?? (focus == nil ? .center : .focus)
  }

  /// Where along each axis the crop sits: 0 at the start, 0.5 centred, 1 at the end.
  var alignment: (x: Double, y: Double) {
    switch self {
    case .center, .focus: (0.5, 0.5)
    case .top: (0.5, 0)
    case .bottom: (0.5, 1)
    case .left: (0, 0.5)
    case .right: (1, 0.5)
    case .topLeft: (0, 0)
    case .topRight: (1, 0)
    case .bottomLeft: (0, 1)
    case .bottomRight: (1, 1)
    }
  }
}
