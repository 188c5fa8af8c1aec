import ArtworkCodec
import ArtworkReport
@_spi(Support) import ArtworkSupport
import Foundation

/// One artwork's render on a thread of its own.
private typealias Rendering = ThreadWork<ArtworkOutcome>

/// What rendering or checking one artwork gave, and the work it took.
typealias ArtworkOutcome = (Result<ArtworkReport, ArtworkFailure>, RenderStats)

/// The state of one `BatchRenderer.run`: the report so far, the render cache, the progress
/// counts and the artwork still rendering. Artworks are taken in input order; each step says
/// whether the run goes on.
struct BatchRun {
  private let options: RenderOptions
  private let renderer: ArtworkRenderer
  private let files: ArtworkList
  private let each: ((ArtworkReport) -> OutputError?)?
  private var run: RunReport
  private var stats = RenderStats()
  /// Artworks unchanged since the last render into this folder keep their previews (with
  /// `--no-cache` none do, but what is made is still recorded for the next run).
  private var cache: RenderCache? = nil
  /// Checking reads headers only, so artworks go in parallel, a window at a time;
  /// rendering spreads each artwork's previews over the cores instead.
  private let window: Int
  private var checked: [ArtworkOutcome] = []
  /// Files written so far, counted by the workers as they write.
  private let outputs = Locked(0)
  /// Results and failed results of the artworks done.
  private let counted = Locked((results: 0, failed: 0))
  /// Reports the progress with the given number of artworks finished; callable from the
  /// workers.
  private let report: @Sendable (Int) -> Void
  /// The artwork rendering on its own thread while the one before finishes.
  private var pending: (index: Int, file: ArtworkFile, making: Making?, work: Rendering)? = nil

  init(
    options: RenderOptions, renderer: ArtworkRenderer, found: InputDiscovery.Found, start: Double,
    progress: (@Sendable (BatchProgress) -> Void)?, each: ((ArtworkReport) -> OutputError?)?
  ) {
    self.options = options
    self.renderer = renderer
    self.files = found.files
    self.each = each
    run = RunReport(options: options.json, artworks: [], errors: found.errors)
    run.skipped = found.skipped
    run.excluded = found.excluded
    window = options.writing.writePreviews || files.count < 2 ? 1 : 64 * options.running.jobs
    report = { [outputs, counted, total = files.count] done in
      guard let progress else { return }
      let (results, failed) = counted.withLock { $0 }
      progress(
        BatchProgress(
          artworksDone: done, artworks: total, outputs: outputs.withLock { $0 }, results: results,
          failed: failed, elapsed: MonotonicClock.seconds() - start))
    }
  }

  /// With a shard, how many artworks all shards hold.
  mutating func shardOf(_ artworks: Int?) { run.artworksInAllShards = artworks }

  /// Adds what the run says of its settings.
  mutating func note(_ notes: [String]) { run.notes += notes }

  /// Makes the output folder ready when the run writes previews, and opens the render cache
  /// in it; false stops the run.
  mutating func prepareOutput(_ overlap: InputOverlap) -> Bool {
    guard options.writing.writePreviews else { return true }
    if let refusal = overlap.refusal {
      run.stoppedBy = .writeFailed(file: options.running.outputFolder, reason: refusal)
      return false
    }
    do { try OutputFolder.prepare(options.running.outputFolder) } catch {
      run.stoppedBy = error
      return false
    }
    cache = RenderCache(
      folder: options.running.outputFolder, keys: RenderKey(options: options), reuse: options.running.useCache)
    return true
  }

  /// Renders or checks the artwork at `index`, or keeps it from the cache; false stops the run.
  mutating func take(_ file: ArtworkFile, at index: Int) -> Bool {
    if window > 1 && index % window == 0 {
      checked = checkInParallel(Array(files[index..<min(files.count, index + window)]))
    }
    // With the cache, the bytes read to compare are the bytes rendered from.
    var bytes: [UInt8]? = nil
    var making: Making? = nil
    switch cache?.lookUp(file, limit: options.reading.limits.maxFileBytes) {
    case .unchanged(let kept, let print, let outputs)?:
      guard settlePending() else { return false }
      cache?.record(kept, print, outputs: outputs)
      stats.reused += 1
      defer { report(index + 1) }
      return finished(kept)
    case .changed(let read, let print, let superseded)?:
      bytes = read
      making = Making(fingerprint: print, superseded: superseded)
    case nil: break
    }
    if window > 1 {
      defer { report(index + 1) }
      return settle(file, checked[index % window], making: making)
    }
    return render(file, at: index, bytes: bytes, making: making)
  }

  /// What the cache needs of an artwork being rendered: what to record of it, and the files
  /// an earlier render of it made.
  struct Making {
    var fingerprint: RenderCache.Fingerprint?
    var superseded: [RenderCache.Output]
  }

  /// Two artworks in flight: while one's previews finish, the next is read and decoded on a
  /// thread of its own, so no core idles through a decode (one thread in libpng and libjpeg)
  /// or an artwork's last preview. Outcomes are still taken in input order, and at most two
  /// decoded images are held.
  private mutating func render(
    _ file: ArtworkFile, at index: Int, bytes: [UInt8]?, making: Making?
  ) -> Bool {
    let work = Rendering { [renderer, outputs, report] in
      renderer.render(file, bytes: bytes) {
        outputs.withLock { $0 += 1 }
        report(index)
      }
    }
    guard settlePending() else {
      _ = work.wait()
      return false
    }
    pending = (index, file, making, work)
    return options.running.jobs >= 2 || settlePending()
  }

  /// The run's report once every artwork is taken: errors in path order, the cache written.
  mutating func finish() -> (report: RunReport, stats: RenderStats) {
    guard settlePending() else { return stop() }
    run.errors.sort { $0.source.utf8.lexicographicallyPrecedes($1.source.utf8) }
    if let cache {
      // The folder holds this run: what earlier runs made for artworks it does not draw goes.
      Self.remove(cache.outputsOfArtworksNotTaken(), keeping: [], in: options.running.outputFolder)
      stats.filesHashed = cache.filesHashed
      stats.cacheSetAside = cache.setAside
      do { try cache.commit() } catch { run.stoppedBy = error }
    }
    return (run, stats)
  }

  /// The run's report where it stopped; what is still rendering writes whole files, and is
  /// waited for, not reported.
  func stop() -> (report: RunReport, stats: RenderStats) {
    if let (_, _, _, work) = pending { _ = work.wait() }
    return (run, stats)
  }

  /// Takes the artwork rendering on its own thread, if any; false stops the run.
  private mutating func settlePending() -> Bool {
    guard let (index, file, making, work) = pending else { return true }
    pending = nil
    defer { report(index + 1) }
    return settle(file, work.wait(), making: making)
  }

  /// Takes one artwork's outcome, in input order; false stops the run.
  private mutating func settle(_ file: ArtworkFile, _ outcome: ArtworkOutcome, making: Making?) -> Bool {
    stats = stats + outcome.1
    let failure: ArtworkFailure
    switch outcome.0 {
    case .success(let artwork):
      if let cache, let making, let outputs = cache.outputs(of: artwork) {
        Self.remove(making.superseded, keeping: outputs, in: options.running.outputFolder)
        if let fingerprint = making.fingerprint { cache.record(artwork, fingerprint, outputs: outputs) }
      }
      return finished(artwork)
    case .failure(let error): failure = error
    }
    // What an earlier render of it made is stale now: the report names none of it.
    if let making { Self.remove(making.superseded, keeping: [], in: options.running.outputFolder) }
    switch failure {
    case .output(let error) where error.isOutputUnavailable:
      run.stoppedBy = error
      return false
    case .output(let error):
      // The artwork is what failed; the message says which output and why.
      run.errors.append(InputError(source: file.path, message: "cannot write \(error.file): \(error.reason)"))
    case .image(let error): run.errors.append(InputError(error))
    }
    return true
  }

  /// Removes the files an earlier render of an artwork made that its new render did not
  /// make again (a target or format no longer asked for), so the folder holds what a fresh
  /// run would. Only a file still as that render left it is removed: never one put there since.
  private static func remove(
    _ superseded: [RenderCache.Output], keeping outputs: [RenderCache.Output], in folder: String
  ) {
    guard !superseded.isEmpty else { return }
    let kept = Set(outputs.map(\.path))
    for old in superseded where !kept.contains(old.path) {
      let path = folder + "/" + old.path
      if FileIdentity.of(path) == old.identity { unlink(path) }
    }
  }

  /// Hands the artwork on (or keeps it), counted for the progress line; false stops the run.
  private mutating func finished(_ artwork: ArtworkReport) -> Bool {
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

  /// Every file checked, `--jobs` at a time, each outcome at its file's index.
  private func checkInParallel(_ files: [ArtworkFile]) -> [ArtworkOutcome] {
    let jobs = options.running.jobs
    let slots = Locked([ArtworkOutcome?](repeating: nil, count: files.count))
    DispatchQueue.concurrentPerform(iterations: jobs) { [renderer] worker in
      var done: [(Int, ArtworkOutcome)] = []
      for index in stride(from: worker, to: files.count, by: jobs) {
        done.append((index, renderer.render(files[index]) {}))
      }
      slots.withLock { for (index, outcome) in done { $0[index] = outcome } }
    }
    return slots.withLock { $0 }.map { $0! }
  }
}
