/// Area figures over a few rectangles that may overlap: what a screen's occlusions hide of a
/// region, and the largest part of a region they leave whole. Exact, by cutting the plane
/// along every edge the rectangles have (a screen has a handful of regions).
public enum RectSet {
  /// The area the union of `rects` covers.
  public static func unionArea(_ rects: [Rect]) -> Double {
    let solid = rects.filter { !$0.isEmpty }
    if solid.count <= 1 { return solid.first?.area ?? 0 }
    let xs = Array(Set(solid.flatMap { [$0.x, $0.maxX] })).sorted()
    var area = 0.0
    for (left, right) in zip(xs, xs.dropFirst()) {
      let spans = solid.filter { $0.x < right && $0.maxX > left }.map { ($0.y, $0.maxY) }.sorted { $0 < $1 }
      area += (right - left) * coveredLength(spans)
    }
    return area
  }

  /// Whether the open interiors of `a` and `b` meet: a line (a rect of no width or height)
  /// meets a rect it runs through, not one it only touches.
  public static func crosses(_ a: Rect, _ b: Rect) -> Bool {
    meets(a.x, a.maxX, b.x, b.maxX) && meets(a.y, a.maxY, b.y, b.maxY)
  }

  /// Whether two intervals' interiors meet, a point's interior being the point.
  private static func meets(_ low: Double, _ high: Double, _ otherLow: Double, _ otherHigh: Double) -> Bool {
    switch (low < high, otherLow < otherHigh) {
    case (true, true): otherHigh > low && otherLow < high
    case (true, false): otherLow > low && otherLow < high
    case (false, true): low > otherLow && low < otherHigh
    case (false, false): false
    }
  }

  /// The largest rectangle inside `bounds` that meets none of `holes`; ties go to the highest,
  /// then the leftmost. `bounds` itself when no hole meets it.
  public static func largestAvoiding(_ holes: [Rect], in bounds: Rect) -> Rect {
    let inside = holes.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
    if inside.isEmpty { return bounds }
    let xs = Array(Set([bounds.x, bounds.maxX] + inside.flatMap { [$0.x, $0.maxX] })).sorted()
    var best = Rect(x: bounds.x, y: bounds.y, width: 0, height: 0)
    for (i, left) in xs.enumerated() {
      for right in xs[(i + 1)...] {
        let blocking = inside.filter { $0.x < right && $0.maxX > left }.sorted { $0.y < $1.y }
        var top = bounds.y
        for hole in blocking {
          consider(Rect(x: left, y: top, width: right - left, height: hole.y - top), as: &best)
          top = max(top, hole.maxY)
        }
        consider(Rect(x: left, y: top, width: right - left, height: bounds.maxY - top), as: &best)
      }
    }
    return best
  }

  /// Keeps `candidate` when it is larger than `best`, or as large and higher, then further left.
  private static func consider(_ candidate: Rect, as best: inout Rect) {
    guard candidate.width > 0 && candidate.height > 0 else { return }
    if candidate.area > best.area || (candidate.area == best.area && (candidate.y, candidate.x) < (best.y, best.x)) {
      best = candidate
    }
  }

  /// The length the union of sorted intervals covers.
  private static func coveredLength(_ spans: [(Double, Double)]) -> Double {
    var length = 0.0
    var reach = -Double.infinity
    for (low, high) in spans where high > reach {
      length += high - max(low, reach)
      reach = high
    }
    return length
  }
}
