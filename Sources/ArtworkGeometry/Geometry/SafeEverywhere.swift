/// The part of a source that every screen of a run shows inside its safe area: where the
/// subject must go to be safe everywhere.
public enum SafeEverywhere {
  /// The intersection over `results` of the source region each shows inside its safe area, in
  /// source pixels; nil when there are no results or the regions do not meet in an area.
  public static func region(_ results: [TargetResult]) -> Rect? {
    guard var region = results.first?.placement.visibleSafeSource else { return nil }
    for result in results.dropFirst() { region = region.intersection(result.placement.visibleSafeSource) }
    return region.width > 1e-9 && region.height > 1e-9 ? region : nil
  }
}
