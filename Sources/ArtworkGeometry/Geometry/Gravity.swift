/// Where a fill crop sits in the source.
///
/// `focus` centres the visible rect on the focus region, then clamps it inside the source:
/// the meaning libvips (`interesting=specific`) and imgproxy (`g:fp`) give a focal point,
/// not CSS `object-position`'s proportional alignment.
public enum Gravity: String, Sendable, Hashable, Codable, CaseIterable {
  case center
  case top
  case bottom
  case left
  case right
  case topLeft = "top-left"
  case topRight = "top-right"
  case bottomLeft = "bottom-left"
  case bottomRight = "bottom-right"
  case focus

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
