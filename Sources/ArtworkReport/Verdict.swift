import ArtworkGeometry

/// One line that sums up what the run's screens do to an artwork, from its figures: the worst
/// fill cut and where, the widest bars, the region safe everywhere, the focus, the failures.
public enum Verdict {
  /// The verdict on `artwork`: its parts joined with "; ".
  public static func of(_ artwork: ArtworkReport) -> String {
    let results = artwork.results
    guard !results.isEmpty else { return "no screens in this run" }
    var parts: [String] = []
    let fills = results.filter { $0.placement.mode == .fill }
    if let worst = fills.max(by: { Reported.fraction($0.placement.cropLoss) < Reported.fraction($1.placement.cropLoss) }
    ) {
      let loss = percent(worst.placement.cropLoss)
      parts.append(loss == 0 ? "fills cut nothing" : "fills cut at most \(loss) % (\(group(worst.screen)))")
    }
    let fits = results.filter { $0.placement.mode == .fit }
    if let widest = fits.max(by: {
      Reported.fraction($0.placement.barsFraction) < Reported.fraction($1.placement.barsFraction)
    }) {
      let bars = percent(widest.placement.barsFraction)
      parts.append(bars == 0 ? "fits need no bars" : "fits add bars up to \(bars) % (\(group(widest.screen)))")
    }
    if let safe = artwork.safeEverywhere {
      let width = Int((100 * Reported.tenths(safe.width) / Double(artwork.width)).rounded())
      let height = Int((100 * Reported.tenths(safe.height) / Double(artwork.height)).rounded())
      parts.append("safe on every screen: \(width) % × \(height) % of it")
    } else {
      parts.append("no part is safe on every screen")
    }
    let lost = groups(of: results.filter { $0.placement.focusVisible == false })
    if !lost.isEmpty { parts.append("the focus leaves the safe area on \(lost)") }
    let divided = groups(of: results.filter { $0.placement.focusDivided == true })
    if !divided.isEmpty { parts.append("a fold crosses the focus on \(divided)") }
    let failed = results.filter { !$0.passed }.count
    if failed > 0 { parts.append("\(failed) of \(results.count) results fail") }
    return parts.joined(separator: "; ")
  }

  /// The groups `results` speak for, each once, the first three named: "iPhones in
  /// landscape, iPads in portrait and 2 more"; empty for no results.
  static func groups(of results: [ReportedResult]) -> String {
    var named: [String] = []
    for result in results where !named.contains(group(result.screen)) { named.append(group(result.screen)) }
    return named.prefix(3).joined(separator: ", ") + (named.count > 3 ? " and \(named.count - 3) more" : "")
  }

  /// "iPhones in landscape": the family and orientation a result on `screen` speaks for.
  static func group(_ screen: Screen) -> String {
    let family = screen.target.family.traits.plural
    return "\(family) in \(screen.orientation.rawValue)"
  }

  /// A fraction as a whole percent, from the figure report.json records.
  static func percent(_ fraction: Double) -> Int { Int((100 * Reported.fraction(fraction)).rounded()) }
}
