/// How a figure given on the portrait screen turns when the screen is held in landscape:
/// `landscape` is the phone turned counter-clockwise (portrait's top edge on the left),
/// `landscape-right` clockwise (it on the right). Regions, corners and anything else placed
/// in portrait points turn by these rules, so they can never disagree.
public enum PortraitTurn {
  /// `rect`, given on a portrait screen of `portrait` points, on the screen held in
  /// `orientation`.
  public static func rect(_ rect: Rect, in orientation: ScreenOrientation, portrait: Size) -> Rect {
    switch orientation {
    case .portrait: rect
    case .landscape:
      Rect(x: rect.y, y: portrait.width - rect.maxX, width: rect.height, height: rect.width)
    case .landscapeRight:
      Rect(x: portrait.height - rect.maxY, y: rect.x, width: rect.height, height: rect.width)
    }
  }

  /// The corners' radii, given top-left, top-right, bottom-right, bottom-left on the portrait
  /// screen, on the screen held in `orientation`.
  public static func corners(_ radii: CornerRadii, in orientation: ScreenOrientation) -> CornerRadii {
    switch orientation {
    case .portrait: radii
    case .landscape:
      CornerRadii(
        topLeft: radii.topRight, topRight: radii.bottomRight, bottomRight: radii.bottomLeft,
        bottomLeft: radii.topLeft)
    case .landscapeRight:
      CornerRadii(
        topLeft: radii.bottomLeft, topRight: radii.topLeft, bottomRight: radii.topRight,
        bottomLeft: radii.bottomRight)
    }
  }
}
