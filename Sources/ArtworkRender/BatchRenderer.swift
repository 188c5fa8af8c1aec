import ArtworkCodec
import ArtworkReport
import ArtworkSupport
import Foundation

/// Progress of a batch, for a progress bar.
public struct BatchProgress: Sendable {
  public var artworksDone: Int
  public var artworks: Int
  public var outputs: Int
  public var elapsed: Double
}

/// Runs a whole batch: discovery, then every artwork, in input order. It writes previews
/// (and the render cache) but not the reports: the caller writes those from the result.
public struct BatchRenderer: Sendable {
  public let options: RenderOptions
  private let renderer: ArtworkRenderer

  public init(options: RenderOptions) {
    self.options = options
    renderer = ArtworkRenderer(options: options)
  }

  /// Renders (or only checks) every artwork; the report says what happened to each.
  public func run(progress: (@Sendable (BatchProgress) -> Void)? = nil) -> (report: RunReport, stats: RenderStats) {
    let start = MonotonicClock.seconds()
    let (files, discoveryErrors) = discover()
    var run = RunReport(options: options.json, artworks: [], errors: discoveryErrors)
    var stats = RenderStats()
    if options.writePreviews {
      do { try OutputFolder.prepare(options.outputFolder) } catch {
        run.stoppedBy = error
        return (run, stats)
      }
    }
    // Checking reads headers only, so artworks go in parallel; rendering spreads each
    // artwork's previews over the cores instead.
    let checked = options.writePreviews || files.count < 2 ? nil : checkInParallel(files)
    // Artworks unchanged since the last render into this folder keep their previews.
    let cacheKey = options.writePreviews && options.useCache ? RenderCache.key(for: options) : nil
    let cache = cacheKey.map { RenderCache.load(from: options.outputFolder, key: $0) }
    var renewed = cacheKey.map { RenderCache(key: $0) }
    let outputs = Locked(0)
    @Sendable func report(_ done: Int) {
      progress?(
        BatchProgress(
          artworksDone: done, artworks: files.count, outputs: outputs.withLock { $0 },
          elapsed: MonotonicClock.seconds() - start))
    }
    for (index, file) in files.enumerated() {
      defer { report(index + 1) }
      let fingerprint =
        cacheKey == nil ? nil : RenderCache.fingerprint(of: file.path, limit: options.limits.maxFileBytes)
      if let fingerprint, let kept = cache?.reusable(file, fingerprint: fingerprint, in: options.outputFolder) {
        run.artworks.append(kept)
        renewed?.record(kept, fingerprint: fingerprint)
        stats.reused += 1
        continue
      }
      let (result, artworkStats) =
        checked?[index]
        ?? renderer.render(file) {
          outputs.withLock { $0 += 1 }
          report(index)
        }
      stats = stats + artworkStats
      switch result {
      case .success(let artwork):
        run.artworks.append(artwork)
        if let fingerprint { renewed?.record(artwork, fingerprint: fingerprint) }
      case .failure(.output(let error)) where error.isOutputUnavailable:
        run.stoppedBy = error
        return (run, stats)
      case .failure(.output(let error)):
        // The artwork is what failed; the message says which output and why.
        run.errors.append(InputError(source: file.path, message: "cannot write \(error.file): \(error.reason)"))
      case .failure(.image(let error)): run.errors.append(InputError(error))
      }
    }
    run.errors.sort { $0.source.utf8.lexicographicallyPrecedes($1.source.utf8) }
    if let renewed {
      do { try renewed.write(to: options.outputFolder) } catch { run.stoppedBy = error }
    }
    return (run, stats)
  }

  /// The artwork of this run (this shard's, with `--shard`), and the inputs that could not
  /// be searched.
  private func discover() -> (files: [ArtworkFile], errors: [InputError]) {
    let (found, errors) = InputDiscovery.find(options.inputs, excluding: options.outputFolder)
    guard let shard = options.shard else { return (found, errors) }
    return (found.filter { shard.contains($0.stem) }, errors.filter { shard.contains($0.source) })
  }

  /// Every file checked, `--jobs` at a time, each outcome at its file's index.
  private func checkInParallel(_ files: [ArtworkFile]) -> [(Result<ArtworkReport, ArtworkFailure>, RenderStats)] {
    let jobs = options.jobs
    let slots = Locked([(Result<ArtworkReport, ArtworkFailure>, RenderStats)?](repeating: nil, count: files.count))
    DispatchQueue.concurrentPerform(iterations: jobs) { worker in
      var done: [(Int, (Result<ArtworkReport, ArtworkFailure>, RenderStats))] = []
      for index in stride(from: worker, to: files.count, by: jobs) {
        done.append((index, renderer.render(files[index]) {}))
      }
      slots.withLock { for (index, outcome) in done { $0[index] = outcome } }
    }
    return slots.withLock { $0 }.map { $0! }
  }
}
