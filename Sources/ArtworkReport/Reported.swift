import ArtworkGeometry

/// Figures as report.json rounds them (rects to 0.1 px, fractions to 4 decimals). Pages and
/// verdicts work from these, so a page made from a merged report reads as the run's did.
enum Reported {
  static func fraction(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
  static func tenths(_ value: Double) -> Double { (value * 10).rounded() / 10 }
  static func rect(_ r: Rect) -> Rect {
    Rect(x: tenths(r.x), y: tenths(r.y), width: tenths(r.width), height: tenths(r.height))
  }
}
