/// Where a fill crop slides so the focus stays inside the safe part of the screen and clear of
/// what the screen blocks (a camera housing, window controls, a fold), when some position can.
/// Gravity `focus` centres the safe part on the focus, which can put a region inside the safe
/// area over it; the crop then moves along the axis the source has room on to the nearest
/// position that keeps the focus whole, or stays centred when none does.
enum FocusClearance {
  /// `centred` (a fill crop of `source`), or the crop moved along its free axis.
  ///
  /// - Parameters:
  ///   - focus: the focus in source pixels.
  ///   - safeInsets: the safe area's insets in source pixels.
  ///   - blocked: the screen's regions in source pixels from the crop's top-left corner.
  static func crop(_ centred: Rect, in source: Size, focus: Rect, safeInsets: Insets, blocked: [Rect]) -> Rect {
    guard !blocked.isEmpty else { return centred }
    if source.width - centred.width > 1e-9 {
      return slidAcross(centred, slack: source.width - centred.width, focus, safeInsets, blocked)
    }
    if source.height - centred.height > 1e-9 {
      // The same slide with the axes swapped.
      let insets = Insets(
        top: safeInsets.left, left: safeInsets.top, bottom: safeInsets.right, right: safeInsets.bottom)
      return slidAcross(
        centred.transposed, slack: source.height - centred.height, focus.transposed, insets,
        blocked.map(\.transposed)
      ).transposed
    }
    return centred
  }

  /// The crop moved along x (0 to `slack`) to the origin nearest its own at which the focus
  /// lies inside the safe part and no blocked region meets its interior; unmoved when none
  /// does.
  static func slidAcross(_ crop: Rect, slack: Double, _ focus: Rect, _ insets: Insets, _ blocked: [Rect]) -> Rect {
    let tolerance = 1e-9 * max(1, crop.width, crop.height)
    // Along y nothing moves: a focus outside the safe part there stays outside.
    guard focus.y >= crop.y + insets.top - tolerance, focus.maxY <= crop.maxY - insets.bottom + tolerance else {
      return crop
    }
    // The regions that lie across the focus along y meet it for origins strictly between
    // these two (a line of no width included: it meets what it runs through).
    let forbidden = blocked.filter { region in
      RectSet.crosses(focus, region.offsetBy(dx: focus.midX - region.midX, dy: crop.y))
    }
    .map { (focus.x - $0.maxX, focus.maxX - $0.x) }
    let first = max(0, focus.maxX - crop.width + insets.right)
    let last = min(slack, focus.x - insets.left)
    func keeps(_ origin: Double) -> Bool {
      origin >= first - tolerance && origin <= last + tolerance
        && forbidden.allSatisfy { !(origin > $0.0 + tolerance && origin < $0.1 - tolerance) }
    }
    if keeps(crop.x) { return crop }
    let candidates = [first, last] + forbidden.flatMap { [$0.0, $0.1] }
    guard let x = candidates.filter(keeps).min(by: { abs($0 - crop.x) < abs($1 - crop.x) }) else { return crop }
    return Rect(x: x, y: crop.y, width: crop.width, height: crop.height)
  }
}

extension Rect {
  /// The rectangle with x and y swapped.
  var transposed: Rect { Rect(x: y, y: x, width: height, height: width) }
}
