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

/// One artwork's render on a thread of its own.
private typealias Rendering = ThreadWork<(Result<ArtworkReport, ArtworkFailure>, RenderStats)>

/// Runs a whole batch: discovery, then every artwork, in input order. It writes previews
/// (and the render cache) but not the reports: the caller writes those from the result.
public struct BatchRenderer: Sendable {
  /// What the batch reads, solves and draws.
  public let options: RenderOptions
  private let renderer: ArtworkRenderer

  /// A batch for `options`; nothing is read until `run`.
  public init(options: RenderOptions) {
    self.options = options
    renderer = ArtworkRenderer(options: options)
  }

  /// Renders (or only checks) every artwork; the report says what happened to each. With
  /// `each`, every artwork's report goes to it as the artwork finishes, in input order, and
  /// the returned report holds none (only errors): memory does not grow with the folder.
  /// An error `each` returns stops the run as a full output folder does.
  public func run(
    progress: (@Sendable (BatchProgress) -> Void)? = nil, each: ((ArtworkReport) -> OutputError?)? = nil
  ) -> (report: RunReport, stats: RenderStats) {
    let start = MonotonicClock.seconds()
    let found = discover()
    let files = found.files
    var run = RunReport(options: options.json, artworks: [], errors: found.errors)
    run.skipped = found.skipped
    run.excluded = found.excluded
    var stats = RenderStats()
    if options.writePreviews {
      do { try OutputFolder.prepare(options.outputFolder) } catch {
        run.stoppedBy = error
        return (run, stats)
      }
    }
    // Checking reads headers only, so artworks go in parallel, a window at a time;
    // rendering spreads each artwork's previews over the cores instead.
    let window = options.writePreviews || files.count < 2 ? 1 : 64 * options.jobs
    var checked: [(Result<ArtworkReport, ArtworkFailure>, RenderStats)] = []
    // Artworks unchanged since the last render into this folder keep their previews.
    let cacheKey = options.writePreviews && options.useCache ? RenderCache.key(for: options) : nil
    let cache = cacheKey.map { RenderCache(folder: options.outputFolder, key: $0) }
    let outputs = Locked(0)
    // Results and failed results of the artworks done; previews report from the workers.
    let counted = Locked((results: 0, failed: 0))
    @Sendable func report(_ done: Int) {
      let (results, failed) = counted.withLock { $0 }
      progress?(
        BatchProgress(
          artworksDone: done, artworks: files.count, outputs: outputs.withLock { $0 }, results: results,
          failed: failed, elapsed: MonotonicClock.seconds() - start))
    }
    /// Hands the artwork on (or keeps it), counted for the progress line; false stops the run.
    func finished(_ artwork: ArtworkReport) -> Bool {
      counted.withLock {
        $0.results += artwork.results.count
        $0.failed += artwork.results.reduce(0) { $0 + ($1.failures.isEmpty ? 0 : 1) }
      }
      guard let each else {
        run.artworks.append(artwork)
        return true
      }
      if let error = each(artwork) {
        run.stoppedBy = error
        return false
      }
      return true
    }
    /// Takes one artwork's outcome, in input order; false stops the run.
    func settle(
      _ file: ArtworkFile, _ outcome: (Result<ArtworkReport, ArtworkFailure>, RenderStats),
      fingerprint: RenderCache.Fingerprint?
    ) -> Bool {
      stats = stats + outcome.1
      switch outcome.0 {
      case .success(let artwork):
        if let fingerprint { cache?.record(artwork, fingerprint) }
        return finished(artwork)
      case .failure(.output(let error)) where error.isOutputUnavailable:
        run.stoppedBy = error
        return false
      case .failure(.output(let error)):
        // The artwork is what failed; the message says which output and why.
        run.errors.append(InputError(source: file.path, message: "cannot write \(error.file): \(error.reason)"))
      case .failure(.image(let error)): run.errors.append(InputError(error))
      }
      return true
    }
    // Rendering keeps two artworks in flight: while one's previews finish, the next is read
    // and decoded on a thread of its own, so no core idles through a decode (one thread in
    // libpng and libjpeg) or an artwork's last preview. Outcomes are still taken in input
    // order, and at most two decoded images are held.
    var pending: (index: Int, file: ArtworkFile, fingerprint: RenderCache.Fingerprint?, work: Rendering)? = nil
    func settlePending() -> Bool {
      guard let (index, file, fingerprint, work) = pending else { return true }
      pending = nil
      defer { report(index + 1) }
      return settle(file, work.wait(), fingerprint: fingerprint)
    }
    func stop() -> (report: RunReport, stats: RenderStats) {
      // What is still rendering writes whole files; it is waited for, not reported.
      if let (_, _, _, work) = pending { _ = work.wait() }
      return (run, stats)
    }
    for (index, file) in files.enumerated() {
      if window > 1 && index % window == 0 {
        checked = checkInParallel(Array(files[index..<min(files.count, index + window)]))
      }
      // With the cache, the bytes read to compare are the bytes rendered from.
      var bytes: [UInt8]? = nil
      var fingerprint: RenderCache.Fingerprint? = nil
      switch cache?.lookUp(file, in: options.outputFolder, limit: options.limits.maxFileBytes) {
      case .unchanged(let kept, let print)?:
        guard settlePending() else { return stop() }
        cache?.record(kept, print)
        stats.reused += 1
        defer { report(index + 1) }
        guard finished(kept) else { return stop() }
        continue
      case .changed(let read, let print)?:
        (bytes, fingerprint) = (read, print)
      case nil: break
      }
      if window > 1 {
        defer { report(index + 1) }
        guard settle(file, checked[index % window], fingerprint: fingerprint) else { return stop() }
        continue
      }
      let read = bytes
      let work = Rendering { [renderer] in
        renderer.render(file, bytes: read) {
          outputs.withLock { $0 += 1 }
          report(index)
        }
      }
      guard settlePending() else {
        _ = work.wait()
        return stop()
      }
      pending = (index, file, fingerprint, work)
      if options.jobs < 2, !settlePending() { return stop() }
    }
    guard settlePending() else { return stop() }
    run.errors.sort { $0.source.utf8.lexicographicallyPrecedes($1.source.utf8) }
    if let cache {
      stats.filesHashed = cache.filesHashed
      stats.cacheSetAside = cache.setAside
      do { try cache.commit() } catch { run.stoppedBy = error }
    }
    return (run, stats)
  }

  /// The artwork of this run (this shard's, with `--shard`), the inputs that could not be
  /// searched or read, and the files that are not artwork.
  private func discover() -> InputDiscovery.Found {
    var found = InputDiscovery.find(
      options.inputs, excluding: options.outputFolder, excludes: options.excludes + (options.manifest?.exclude ?? []),
      ownFiles: options.manifest.map { [$0.path] } ?? [])
    guard let shard = options.shard else { return found }
    found.files = found.files.filter { shard.contains($0.stem) }
    found.errors = found.errors.filter { shard.contains($0.source) }
    found.skipped = found.skipped.filter { shard.contains($0.source) }
    return found
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
