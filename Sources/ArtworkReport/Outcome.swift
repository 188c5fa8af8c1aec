import ArtworkGeometry

/// Results that do the same to the picture: the same mode and orientation, the same visible
/// source region, the same share of it inside the safe area, the same bars and the same
/// verdict of the checks. The contact sheet shows one card for each.
enum Outcome {
  /// `results` grouped by outcome, each group and the groups in the order of their first
  /// result (catalog order).
  static func groups(_ results: [TargetResult]) -> [[TargetResult]] {
    var groups: [[TargetResult]] = []
    var index: [String: Int] = [:]
    for result in results {
      let key = Self.key(result)
      if let at = index[key] {
        groups[at].append(result)
      } else {
        index[key] = groups.count
        groups.append([result])
      }
    }
    return groups
  }

  /// The figures as report.json records them (crop to 0.1 px, fractions to 4 decimals), so a
  /// merged report groups as the run did.
  static func key(_ result: TargetResult) -> String {
    let p = result.placement
    let crop = Reported.rect(p.crop)
    let figures = [
      crop.x, crop.y, crop.width, crop.height, Reported.fraction(p.barsFraction), Reported.fraction(p.cropLoss),
      Reported.fraction(p.safeCropLoss),
    ]
    let focus = p.focusVisible.map { $0 ? "in" : "out" } ?? "none"
    return "\(p.mode.rawValue) \(p.requestedMode.rawValue) \(result.screen.orientation.rawValue) \(p.boxing.rawValue) "
      + "\(figures) \(focus) \(result.passed)"
  }
}
