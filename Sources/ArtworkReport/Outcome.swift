import ArtworkGeometry

/// Results that do the same to the picture: the same mode and orientation, the same visible
/// source region, the same share of it inside the safe area, the same bars and the same
/// verdict of the checks. The contact sheet shows one card for each.
enum Outcome {
  /// `results` grouped by outcome, each group and the groups in the order of their first
  /// result (catalog order).
  static func groups(_ results: [ReportedResult]) -> [[ReportedResult]] {
    var groups: [[ReportedResult]] = []
    var index: [Key: Int] = [:]
    for result in results {
      let key = Key(result.result)
      if let at = index[key] {
        groups[at].append(result)
      } else {
        index[key] = groups.count
        groups.append([result])
      }
    }
    return groups
  }

  /// What makes two results one card: the figures as report.json records them (crop to
  /// 0.1 px, fractions to 4 decimals), so a merged report groups as the run did.
  struct Key: Hashable {
    var mode: FitMode
    var requestedMode: FitMode
    var orientation: ScreenOrientation
    var boxing: Boxing
    var crop: Rect
    var barsFraction: Double
    var cropLoss: Double
    var safeCropLoss: Double
    var focusVisible: Bool?
    var passed: Bool

    init(_ result: TargetResult) {
      let p = result.placement
      mode = p.mode
      requestedMode = p.requestedMode
      orientation = result.screen.orientation
      boxing = p.boxing
      crop = Reported.rect(p.crop)
      barsFraction = Reported.fraction(p.barsFraction)
      cropLoss = Reported.fraction(p.cropLoss)
      safeCropLoss = Reported.fraction(p.safeCropLoss)
      focusVisible = p.focusVisible
      passed = result.passed
    }
  }
}
