import ArtworkCodec
import ArtworkReport
@_spi(Support) import ArtworkSupport
import Foundation

/// Progress of a batch, for a progress bar.
public struct BatchProgress: Sendable {
  /// Artworks finished (drawn, reused or failed).
  public var artworksDone: Int
  /// Artworks in the batch.
  public var artworks: Int
  /// Files written so far.
  public var outputs: Int
  /// Results of the artworks done.
  public var results: Int
  /// Results that failed a check (a baseline may excuse some later).
  public var failed: Int
  /// Seconds since the batch started.
  public var elapsed: Double

  /// Seconds left at the pace so far, once an artwork is done.
  public var secondsLeft: Double? {
    guard artworksDone > 0, artworks > artworksDone else { return artworks == artworksDone ? 0 : nil }
    return elapsed / Double(artworksDone) * Double(artworks - artworksDone)
  }
}

/// Runs a whole batch: discovery, then every artwork, in input order. It writes previews
/// (and the render cache) but not the reports: the caller writes those from the result.
public struct BatchRenderer: Sendable {
  /// What the batch reads, solves and draws.
  public let options: RenderOptions
  private let renderer: ArtworkRenderer

  /// A batch for `options`; nothing is read until `run`.
  public init(options: RenderOptions) {
    var options = options
    overlap = InputOverlap.of(options)
    if case .separate(let protected) = overlap { options.running.protectedOutputs = protected }
    self.options = options
    renderer = ArtworkRenderer(options: options)
  }

  /// How the output folder lies against the inputs.
  private let overlap: InputOverlap

  /// Renders (or only checks) every artwork; the report says what happened to each. With
  /// `each`, every artwork's report goes to it as the artwork finishes, in input order, and
  /// the returned report holds none (only errors): memory does not grow with the folder.
  /// An error `each` returns stops the run as a full output folder does.
  public func run(
    progress: (@Sendable (BatchProgress) -> Void)? = nil, each: ((ArtworkReport) -> OutputError?)? = nil
  ) -> (report: RunReport, stats: RenderStats) {
    let start = MonotonicClock.seconds()
    let found = discover()
    var batch = BatchRun(
      options: options, renderer: renderer, found: found, start: start, progress: progress, each: each)
    batch.shardOf(found.unsharded)
    if let manifest = options.selection.manifest, options.selection.shard == nil {
      batch.note(manifest.unmatchedKeys(among: found.files).map { $0.message(manifest: manifest.path) })
    }
    if !found.unmatchedExcludes.isEmpty {
      batch.note(found.unmatchedExcludes.map { "the exclude '\($0)' matched no file or folder below the inputs" })
    }
    guard batch.prepareOutput(overlap) else { return batch.stop() }
    for (index, file) in found.files.enumerated() {
      guard batch.take(file, at: index) else { return batch.stop() }
    }
    return batch.finish()
  }

  /// The artwork of this run (this shard's, with `--shard`), the inputs that could not be
  /// searched or read, and the files that are not artwork.
  private func discover() -> InputDiscovery.Found {
    var found = InputDiscovery.find(
      options.selection.inputs, excluding: options.running.outputFolder,
      excludes: options.selection.excludes + (options.selection.manifest?.exclude ?? []),
      ownFiles: options.selection.manifest.map { [$0.path] } ?? [], followSymlinks: options.selection.followSymlinks)
    guard let shard = options.selection.shard else { return found }
    found.unsharded = found.files.count
    found.files = found.files.filter { shard.contains($0.stem) }
    found.errors = found.errors.filter { shard.contains($0.source) }
    found.skipped = found.skipped.filter { shard.contains($0.source) }
    return found
  }
}
