import ArtworkGeometry

/// The failures of an earlier run, so a gate can be turned on for a library that already
/// has some: a failure the baseline had for the same artwork (its path below the input),
/// target, orientation, mode and check, at a figure no worse (within `tolerance`), is
/// baselined and does not fail the run; a new failure, or one that got worse, does.
public struct Baseline: Sendable {
  /// How much worse a figure may be and still count as the same failure: 0.1 percentage point.
  public static let tolerance = 0.001

  struct Key: Hashable {
    var artwork: String
    var slug: String
    var orientation: ScreenOrientation
    var mode: FitMode
    var check: CheckFailure.Check
  }

  private var figures: [Key: Double] = [:]

  /// The failures of `report`.
  public init(_ report: RunReport) {
    for artwork in report.artworks { remember(artwork) }
  }

  private mutating func remember(_ artwork: ArtworkReport) {
    let path = Self.relativePath(artwork.file)
    for result in artwork.results where !result.passed {
      for failure in result.failures {
        figures[Self.key(path, result.result, failure.check)] = Self.figure(of: failure)
      }
    }
  }

  /// The report.json at `path` as a baseline.
  /// Read an artwork at a time: only the failures are kept.
  public static func load(_ path: String) throws(ReportReader.Failure) -> Baseline {
    var baseline = Baseline(RunReport(options: .null, artworks: [], errors: []))
    let reader = try ReportFileReader(path)
    while let artwork = try reader.nextArtwork() { baseline.remember(artwork) }
    return baseline
  }

  /// Marks each failing result of `report` whose every failure the baseline had, no worse.
  public func apply(to report: inout RunReport) {
    report.usedBaseline = true
    for a in report.artworks.indices { apply(to: &report.artworks[a]) }
  }

  /// Marks the failing results of one artwork that the baseline already had, no worse.
  public func apply(to artwork: inout ArtworkReport) {
    let path = Self.relativePath(artwork.file)
    for r in artwork.results.indices where !artwork.results[r].passed {
      let result = artwork.results[r].result
      artwork.results[r].baselined = result.failures.allSatisfy { failure in
        figures[Self.key(path, result, failure.check)].map { Self.figure(of: failure) <= $0 + Self.tolerance } ?? false
      }
    }
  }

  /// The artwork's path below the input it was found in (`onboarding/hero.png`), so a
  /// renamed or moved input folder still matches.
  static func relativePath(_ file: ArtworkFile) -> String {
    let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return file.stem }
    return file.stem + name[dot...]
  }

  /// The figure a failure is compared at: a check without one is as bad as it can be, the same
  /// each time.
  static func figure(of failure: CheckFailure) -> Double { failure.value ?? 0 }

  private static func key(_ path: String, _ result: TargetResult, _ check: CheckFailure.Check) -> Key {
    Key(
      artwork: path, slug: result.screen.target.slug, orientation: result.screen.orientation,
      mode: result.placement.requestedMode, check: check)
  }
}
