import ArtworkGeometry

/// The failures of an earlier run, so a gate can be turned on for a library that already
/// has some: a failure the baseline had for the same artwork, target, orientation, mode and
/// check, at a figure no worse (within `tolerance`), is baselined and does not fail the run; a
/// new failure, or one that got worse, does.
///
/// An artwork is the same when it has the same `Identity`: the input it was found under and
/// its path below it, compared as discovery compares names. An input folder renamed since
/// the baseline (the one input the run has that the baseline has not, the one the baseline
/// has that the run has not) still matches; with several renamed at once nothing tells which
/// became which, so their artworks are new.
public struct Baseline: Sendable {
  /// How much worse a figure may be and still count as the same failure: 0.1 percentage point.
  public static let tolerance = 0.001

  /// An artwork across runs: its input and its path below it, case folded (as macOS's file
  /// systems and discovery's stems compare them; Swift's strings compare Unicode forms as equal).
  public struct Identity: Hashable, Sendable {
    /// The input folder as given, case folded ("" for files given by name from here).
    public var input: String
    /// The path below the input, with extension, case folded.
    public var relativePath: String

    /// The identity of `file`.
    public init(_ file: ArtworkFile) {
      self.init(input: file.input, relativePath: file.relativePath)
    }

    /// The identity of the file `relativePath` below `input`.
    public init(input: String, relativePath: String) {
      self.input = input.lowercased()
      self.relativePath = relativePath.lowercased()
    }
  }

  struct Key: Hashable {
    var artwork: Identity
    var slug: String
    var orientation: ScreenOrientation
    var mode: FitMode
    var check: CheckFailure.Check
  }

  private var figures: [Key: Double] = [:]
  /// Every input the baseline's artworks came from, case folded.
  private(set) var inputs: Set<String> = []
  /// The baseline's name for each input of the run it calls otherwise (a renamed folder).
  private var renamed: [String: String] = [:]

  /// The failures of `report`.
  public init(_ report: RunReport) {
    for artwork in report.artworks { remember(artwork) }
  }

  private mutating func remember(_ artwork: ArtworkReport) {
    let identity = Identity(artwork.file)
    inputs.insert(identity.input)
    for result in artwork.results where !result.passed {
      for failure in result.failures {
        figures[Self.key(identity, result.result, failure.check)] = Self.figure(of: failure)
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

  /// The baseline for a run over `inputs` (its artworks' inputs, as `ArtworkFile.input`
  /// names them): an input of the baseline's that the run does not have is taken as renamed
  /// to the run's one input the baseline does not have, when there is exactly one of each.
  public func aligned(toInputs runInputs: some Sequence<String>) -> Baseline {
    let run = Set(runInputs.map { $0.lowercased() })
    let gone = inputs.subtracting(run)
    let new = run.subtracting(inputs)
    var aligned = self
    aligned.renamed = [:]
    if gone.count == 1, new.count == 1, let from = gone.first, let to = new.first { aligned.renamed[to] = from }
    return aligned
  }

  /// Marks each failing result of `report` whose every failure the baseline had, no worse,
  /// aligned to the inputs of the report's artworks.
  public func apply(to report: inout RunReport) {
    report.usedBaseline = true
    let baseline = aligned(toInputs: report.artworks.map(\.file.input))
    for a in report.artworks.indices { baseline.apply(to: &report.artworks[a]) }
  }

  /// Marks the failing results of one artwork that the baseline already had, no worse.
  public func apply(to artwork: inout ArtworkReport) {
    var identity = Identity(artwork.file)
    if let earlier = renamed[identity.input] { identity.input = earlier }
    for r in artwork.results.indices where !artwork.results[r].passed {
      let result = artwork.results[r].result
      artwork.results[r].baselined = result.failures.allSatisfy { failure in
        figures[Self.key(identity, result, failure.check)].map { Self.figure(of: failure) <= $0 + Self.tolerance }
          ?? false
      }
    }
  }

  /// The figure a failure is compared at: a check without one is as bad as it can be, the same
  /// each time.
  static func figure(of failure: CheckFailure) -> Double { failure.value ?? 0 }

  private static func key(_ artwork: Identity, _ result: TargetResult, _ check: CheckFailure.Check) -> Key {
    Key(
      artwork: artwork, slug: result.screen.target.slug, orientation: result.screen.orientation,
      mode: result.placement.requestedMode, check: check)
  }
}
