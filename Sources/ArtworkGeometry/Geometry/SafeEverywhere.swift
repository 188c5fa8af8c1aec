/// The part of a source that every screen of a run shows inside its safe area (and inside the
/// largest rectangle an icon's mask holds), clear of every occlusion: where the subject must go to be safe everywhere. Where occlusions fall inside
/// the common safe part, it is the largest rectangle of that part they leave whole.
public enum SafeEverywhere {
  /// The intersection over `results` of the source region each shows inside its safe area, in
  /// source pixels; nil when there are no results or the regions do not meet in an area.
  public static func region(_ results: [TargetResult]) -> Rect? {
    guard var region = results.first.map(safeSource) else { return nil }
    for result in results.dropFirst() { region = region.intersection(safeSource(result)) }
    guard region.width > 1e-9 && region.height > 1e-9 else { return nil }
    let clear = RectSet.largestAvoiding(results.flatMap(\.placement.hiddenSource), in: region)
    return clear.width > 1e-9 && clear.height > 1e-9 ? clear : nil
  }

  /// What a result shows safely: inside the safe area, and inside the largest rectangle an
  /// icon's mask holds; for a screen whose windows resize, what every window shows.
  private static func safeSource(_ result: TargetResult) -> Rect {
    result.windows?.safeEverywhere ?? result.placement.maskedSafeSource ?? result.placement.visibleSafeSource
  }
}
