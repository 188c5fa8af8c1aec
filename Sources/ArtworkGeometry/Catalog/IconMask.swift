/// The shape the system cuts an app icon to: a superellipse |x/a|ⁿ + |y/b|ⁿ ≤ 1 inscribed in
/// the canvas. A circle is exponent 2 (watchOS, visionOS); iOS's rounded square is drawn as
/// exponent 5, a published approximation of Apple's continuous-corner mask. The exponent is
/// whole so the figures need only the standard library (this layer imports nothing).
public struct IconMask: Sendable, Hashable, Codable {
  /// n in |x/a|ⁿ + |y/b|ⁿ ≤ 1: 2 is an ellipse, larger is squarer.
  public var exponent: Int

  /// A mask of exponent `exponent` (2 or more: the shape stays convex and round-cornered).
  public init(exponent: Int) {
    precondition(exponent >= 2, "a mask's exponent is 2 or more")
    self.exponent = exponent
  }

  /// The circle (an ellipse on a canvas that is not square).
  public static let circle = IconMask(exponent: 2)

  /// The name `devices --json` and catalogs give the shape.
  public var shapeName: String { exponent == 2 ? "circle" : "superellipse" }

  /// Whether (`x`, `y`) lies inside the mask inscribed in `bounds`.
  public func contains(x: Double, y: Double, in bounds: Rect) -> Bool {
    let a = bounds.width / 2
    let b = bounds.height / 2
    guard a > 0 && b > 0 else { return false }
    return power(abs(x - bounds.midX) / a) + power(abs(y - bounds.midY) / b) <= 1 + 1e-12
  }

  /// Whether `rect` lies wholly inside the mask: its four corners do, the shape being convex.
  public func contains(_ rect: Rect, in bounds: Rect) -> Bool {
    [(rect.x, rect.y), (rect.maxX, rect.y), (rect.x, rect.maxY), (rect.maxX, rect.maxY)].allSatisfy {
      contains(x: $0.0, y: $0.1, in: bounds)
    }
  }

  /// The area of `rect` inside the mask inscribed in `bounds`.
  ///
  /// Integrates the rect's height inside the shape across x. Near the shape's sides its half
  /// height rises as (1 − t)^(1/n), which quadrature handles badly, so each half is integrated
  /// over w with t = 1 − wⁿ, where the half height is smooth, in pieces between the kinks
  /// where the edge crosses the rect's top or bottom: 32 panels of 8-point Gauss–Legendre a
  /// piece.
  public func area(of rect: Rect, in bounds: Rect) -> Double {
    let a = bounds.width / 2
    let b = bounds.height / 2
    guard a > 0 && b > 0 && !rect.isEmpty else { return 0 }
    let top = rect.y - bounds.midY
    let bottom = rect.maxY - bounds.midY
    let left = max(-a, rect.x - bounds.midX)
    let right = min(a, rect.maxX - bounds.midX)
    guard right > left else { return 0 }
    // The part left of the centre mirrored onto the right: the shape is symmetric.
    var total = 0.0
    if left < 0 { total += halfArea(from: max(0, -right), to: -left, a: a, b: b, top: top, bottom: bottom) }
    if right > 0 { total += halfArea(from: max(0, left), to: right, a: a, b: b, top: top, bottom: bottom) }
    return total
  }

  /// The largest rectangle inside the mask inscribed in `bounds`: centred, its corners where
  /// |x/a| = |y/b| = 2^(−1/n) (a product x·y under xⁿ + yⁿ = 1 is largest there).
  public func inscribedRect(in bounds: Rect) -> Rect {
    let share = root(0.5)
    let width = bounds.width * share
    let height = bounds.height * share
    return Rect(x: bounds.midX - width / 2, y: bounds.midY - height / 2, width: width, height: height)
  }

  /// The area of the whole mask inscribed in `bounds`.
  public func area(in bounds: Rect) -> Double { area(of: bounds, in: bounds) }

  /// ∫ from x0 to x1 (0 ≤ x0 ≤ x1 ≤ a) of the length of [top, bottom] inside the shape, in
  /// pieces split where the shape's edge crosses top or bottom (the length has a kink there).
  private func halfArea(from x0: Double, to x1: Double, a: Double, b: Double, top: Double, bottom: Double) -> Double {
    guard x1 > x0 else { return 0 }
    var cuts = [x0, x1]
    for level in [abs(top), abs(bottom)] where level > 0 && level < b {
      let x = a * root(1 - power(level / b))
      if x > x0 && x < x1 { cuts.append(x) }
    }
    cuts.sort()
    var total = 0.0
    for index in 0..<(cuts.count - 1) {
      total += piece(from: cuts[index], to: cuts[index + 1], a: a, b: b, top: top, bottom: bottom)
    }
    return total
  }

  /// One kink-free piece: x = a(1 − wⁿ) runs w from w1 (at x1) up to w0 (at x0), dx = a·n·wⁿ⁻¹ dw.
  private func piece(from x0: Double, to x1: Double, a: Double, b: Double, top: Double, bottom: Double) -> Double {
    let w0 = root(1 - x0 / a)
    let w1 = root(max(0, 1 - x1 / a))
    let panels = 32
    let step = (w0 - w1) / Double(panels)
    var sum = 0.0
    for panel in 0..<panels {
      let middle = w1 + (Double(panel) + 0.5) * step
      for (node, weight) in IconMask.gauss {
        let w = middle + node * step / 2
        let t = 1 - power(w)
        let half = b * root(max(0, 1 - power(t)))
        let inside = max(0, min(bottom, half) - max(top, -half))
        sum += inside * a * Double(exponent) * power(w, exponent - 1) * weight * step / 2
      }
    }
    return sum
  }

  /// vⁿ for v ≥ 0, or v to `times` when given.
  @inline(__always)
  private func power(_ value: Double, _ times: Int? = nil) -> Double {
    var result = 1.0
    for _ in 0..<(times ?? exponent) { result *= value }
    return result
  }

  /// The n-th root of v in 0...1, by Newton's method from above (it falls to the root).
  @inline(__always)
  private func root(_ value: Double) -> Double {
    guard value > 0 else { return 0 }
    if exponent == 2 { return value.squareRoot() }
    let n = Double(exponent)
    var x = 1.0
    for _ in 0..<60 {
      let next = ((n - 1) * x + value / power(x, exponent - 1)) / n
      if next >= x { break }
      x = next
    }
    return x
  }

  /// 8-point Gauss–Legendre nodes and weights on [−1, 1].
  private static let gauss: [(Double, Double)] = [
    (-0.9602898564975362, 0.10122853629037706), (-0.7966664774136267, 0.22238103445337443),
    (-0.525532409916329, 0.3137066458778869), (-0.18343464249564978, 0.36268378337836166),
    (0.18343464249564978, 0.36268378337836166), (0.525532409916329, 0.3137066458778869),
    (0.7966664774136267, 0.22238103445337443), (0.9602898564975362, 0.10122853629037706),
  ]
}
