import ArtworkGeometry

extension Rect {
  /// The rect grown by `amount` on every side (shrunk when it is negative), never below an
  /// empty size.
  func expanded(by amount: Double) -> Rect {
    Rect(
      x: x - amount, y: y - amount, width: max(0, width + 2 * amount), height: max(0, height + 2 * amount))
  }

  /// The ring `width` wide centred on the edge, as four strips that meet without overlapping
  /// (so a translucent ring has no darker corners and filling it visits only its pixels).
  func ring(width: Double) -> [Rect] {
    let outer = expanded(by: width / 2)
    let inner = expanded(by: -width / 2)
    return [
      Rect(x: outer.x, y: outer.y, width: outer.width, height: inner.y - outer.y),
      Rect(x: outer.x, y: inner.maxY, width: outer.width, height: outer.maxY - inner.maxY),
      Rect(x: outer.x, y: inner.y, width: inner.x - outer.x, height: inner.height),
      Rect(x: inner.maxX, y: inner.y, width: outer.maxX - inner.maxX, height: inner.height),
    ].filter { !$0.isEmpty }
  }
}
