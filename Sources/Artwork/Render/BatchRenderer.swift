import Foundation

/// Progress of a batch, for a progress bar.
public struct BatchProgress: Sendable {
  public var artworksDone: Int
  public var artworks: Int
  public var outputs: Int
  public var elapsed: Double
}

/// Runs a whole batch: discovery, every artwork, the reports.
public struct BatchRenderer: Sendable {
  public let options: RenderOptions

  public init(options: RenderOptions) { self.options = options }

  /// Renders (or only checks) every artwork and writes the reports when `writeReports`.
  public func run(writeReports: Bool = true, progress: (@Sendable (BatchProgress) -> Void)? = nil) -> (report: RunReport, stats: RenderStats) {
    let start = now()
    let (found, foundErrors) = InputDiscovery.find(options.inputs, excluding: options.outputFolder)
    let files = options.shard.map { shard in found.filter { shard.contains($0.stem) } } ?? found
    let discoveryErrors = options.shard.map { shard in foundErrors.filter { shard.contains($0.source) } } ?? foundErrors
    let renderer = ArtworkRenderer(options: options)
    var artworks: [ArtworkReport] = []
    var errors = discoveryErrors
    var stats = RenderStats()
    let outputs = Locked(0)
    if writeReports || options.writePreviews {
      do {
        try OutputFolder.prepare(options.outputFolder)
      } catch {
        return (RunReport(options: options.json, artworks: [], errors: errors, stoppedBy: error), stats)
      }
    }
    // Checking reads headers only, so artworks go in parallel; rendering spreads each
    // artwork's previews over the cores instead.
    var checked: [(Result<ArtworkReport, ImageError>, RenderStats)?] = []
    if !options.writePreviews && files.count > 1 {
      let jobs = options.jobs
      let slots = Locked([(Result<ArtworkReport, ImageError>, RenderStats)?](repeating: nil, count: files.count))
      DispatchQueue.concurrentPerform(iterations: jobs) { worker in
        var done: [(Int, (Result<ArtworkReport, ImageError>, RenderStats))] = []
        for index in stride(from: worker, to: files.count, by: jobs) { done.append((index, renderer.render(files[index]) {})) }
        slots.withLock { for (index, outcome) in done { $0[index] = outcome } }
      }
      checked = slots.withLock { $0 }
    }
    // Artworks unchanged since the last render into this folder keep their previews.
    let cacheKey = options.writePreviews && options.useCache ? RenderCache.key(for: options) : nil
    let cache = cacheKey.map { RenderCache.load(from: options.outputFolder, key: $0) }
    var renewed = cacheKey.map { RenderCache(key: $0) }
    for (index, file) in files.enumerated() {
      let fingerprint = cacheKey == nil ? nil : RenderCache.fingerprint(of: file.path, limit: options.limits.maxFileBytes)
      if let fingerprint, let kept = cache?.reusable(file, fingerprint: fingerprint, in: options.outputFolder) {
        artworks.append(kept)
        renewed?.record(kept, fingerprint: fingerprint)
        stats.reused += 1
        progress?(BatchProgress(artworksDone: index + 1, artworks: files.count, outputs: outputs.withLock { $0 }, elapsed: now() - start))
        continue
      }
      let (result, artworkStats) = checked.isEmpty ? renderer.render(file) {
        let count = outputs.withLock { value -> Int in
          value += 1
          return value
        }
        progress?(BatchProgress(artworksDone: index, artworks: files.count, outputs: count, elapsed: now() - start))
      } : checked[index]!
      stats = stats + artworkStats
      switch result {
      case .success(let report):
        artworks.append(report)
        if let fingerprint { renewed?.record(report, fingerprint: fingerprint) }
      case .failure(.outputUnavailable(let output, let reason)):
        let stop = ImageError.outputUnavailable(file: output, reason: reason)
        return (RunReport(options: options.json, artworks: artworks, errors: errors, stoppedBy: stop), stats)
      case .failure(.writeFailed(let output, let reason)):
        // The artwork is what failed; the message says which output and why.
        errors.append(InputError(source: file.path, message: "cannot write \(output): \(reason)"))
      case .failure(let error): errors.append(InputError(error))
      }
      progress?(BatchProgress(artworksDone: index + 1, artworks: files.count, outputs: outputs.withLock { $0 }, elapsed: now() - start))
    }
    errors.sort { $0.source.utf8.lexicographicallyPrecedes($1.source.utf8) }
    let report = RunReport(options: options.json, artworks: artworks, errors: errors)
    if let renewed {
      do {
        try renewed.write(to: options.outputFolder)
      } catch {
        return (RunReport(options: options.json, artworks: artworks, errors: errors, stoppedBy: error), stats)
      }
    }
    if writeReports {
      do {
        try ReportWriter.writeAll(report, to: options.outputFolder)
      } catch {
        var failed = report
        failed.stoppedBy = error
        return (failed, stats)
      }
    }
    return (report, stats)
  }
}
