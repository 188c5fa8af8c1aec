import ArtworkGeometry

/// A region of the source (the one safe on every screen, a template's region) in the words
/// every report uses, from the rect as report.json rounds it.
public enum RegionWords {
  /// Where it lies, in whole source pixels: "x 738–1994, y 871–1861 px".
  public static func range(_ rect: Rect) -> String {
    let r = Reported.rect(rect)
    return "x \(whole(r.x))–\(whole(r.maxX)), y \(whole(r.y))–\(whole(r.maxY)) px"
  }

  /// Its share of the source: "46 % of the width, 36 % of the height".
  public static func shares(_ rect: Rect, of source: Size) -> String {
    let r = Reported.rect(rect)
    return
      "\(whole(100 * r.width / source.width)) % of the width, \(whole(100 * r.height / source.height)) % of the height"
  }

  private static func whole(_ value: Double) -> Int { Int(value.rounded()) }
}
