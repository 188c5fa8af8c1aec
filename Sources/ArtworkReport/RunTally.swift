import ArtworkCodec

/// What a run's summary, exit status and report headers need, counted as artworks finish,
/// so a run of any size keeps no artwork in memory for them.
public struct RunTally: Sendable {
  /// Artworks counted.
  public var artworks = 0
  /// Their results.
  public var results = 0
  /// Results whose failures no baseline excuses.
  public var failed = 0
  /// Failing results a baseline excused.
  public var baselined = 0
  /// Inputs that could not be read, in path order once the run is over.
  public var errors: [InputError] = []
  /// Files under the inputs that are not artwork, in path order once the run is over.
  public var skipped: [SkippedFile] = []
  /// Files and folders the run's excludes left out.
  public var excluded = 0
  /// What the run says of its settings (`RunReport.notes`).
  public var notes: [String] = []
  /// Whether a baseline was applied (`--baseline`).
  public var usedBaseline = false
  /// Why the run stopped early, when the output folder could take no more.
  public var stoppedBy: OutputError?

  /// Nothing counted yet.
  public init() {}

  /// Counts `artwork`'s results, failed and baselined.
  public mutating func count(_ artwork: ArtworkReport) {
    artworks += 1
    results += artwork.results.count
    for result in artwork.results {
      if result.failsRun { failed += 1 }
      if result.baselined { baselined += 1 }
    }
  }

  /// Whether the run found nothing to report: no artwork and no image it could not read.
  public var foundNothing: Bool { artworks == 0 && errors.isEmpty && stoppedBy == nil }

  /// Whether the run had artwork but solved no screen for any of it (orientations that
  /// select none of the targets): a gate that checked nothing.
  public var solvedNothing: Bool { artworks > 0 && results == 0 && stoppedBy == nil }

  /// With a shard, how many artworks all shards hold together.
  public var artworksInAllShards: Int? = nil

  /// The run's exit status: the output folder failing outranks unreadable inputs, which
  /// outrank failed checks.
  public var exitStatus: ExitStatus {
    if stoppedBy != nil { return .outputUnavailable }
    if !errors.isEmpty { return .inputErrors }
    return failed > 0 ? .checkFailed : .success
  }
}
