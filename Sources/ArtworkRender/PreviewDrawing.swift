import ArtworkCodec
import ArtworkGeometry
import ArtworkPixels
import ArtworkReport
@_spi(Support) import ArtworkSupport
import Dispatch
import Foundation
import Synchronization

/// The drawing stage: an artwork's previews (each resample group once, composited with the
/// overlays, encoded, written atomically with its thumbnail) and its crop map, from one picture
/// source. It returns the files it wrote; the report is assembled by the caller.
struct PreviewDrawing {
  let options: RenderOptions
  let painter: OverlayPainter
  let workspaces: PreviewWorkspaces

  /// What drawing gave: each result's preview, the crop map, and whether a decode was made
  /// here (its bars are then the report's).
  struct Drawn {
    var previews: [String]
    var cropMap: String?
    var decodedHere = false
    /// The bars the decode made here found.
    var bars: Insets? = nil
  }

  /// The previews and the crop map of `plan`, all from `picture`.
  func draw(
    _ plan: PreviewPlan, from picture: PictureSource, results: [TargetResult], safeEverywhere: Rect?,
    context: ArtworkContext, stats: inout RenderStats, onOutput: @Sendable () -> Void
  ) throws(ArtworkFailure) -> Drawn {
    try renderPreviews(
      plan, from: picture, colour: context.colour, gainMap: context.carriedGainMap, stats: &stats, onOutput: onOutput)
    let map = try drawCropMap(
      picture, source: context.source, results: results, safeEverywhere: safeEverywhere, stem: context.file.stem,
      colour: context.colour, stats: &stats)
    return Drawn(previews: plan.resultPaths, cropMap: map)
  }

  /// A JPEG whose previews read only part of it: that part is decoded for the previews while,
  /// on another core, the whole is decoded at 1/`mapShrink` for the crop map and the bars.
  func drawFromRegion(
    _ region: ImageRegion, shrink: Int, mapShrink: Int, plan: PreviewPlan, results: [TargetResult],
    safeEverywhere: Rect?, context: ArtworkContext, stats: inout RenderStats, onOutput: @Sendable () -> Void
  ) throws(ArtworkFailure) -> Drawn {
    // A progressive file's scans are parted between the two decodes, which then take about
    // one entropy decode's time between them instead of one each.
    let parts = context.encoded.flatMap { JPEGScanSplit(bytes: $0.bytes, limits: options.reading.limits)?.parts }
    // The map goes to a thread of its own and the previews stay on this one, not inside a
    // concurrentPerform of two: Dispatch gives a nested concurrentPerform only its share of the
    // cores (one of two), and the previews' resample and encode should have every core the
    // map's decode leaves free. ThreadWork starts at once, where a global queue's worker might
    // not while every worker waits, and the two halves of a split decode wait for each other.
    let map = ThreadWork { () -> Result<(String, Insets?, RenderStats), ArtworkFailure> in
      var local = RenderStats()
      return Result { () throws(ArtworkFailure) -> (String, Insets?, RenderStats) in
        let whole = try context.decode(shrink: mapShrink, scans: parts?.1, stats: &local)
        let path = try drawCropMap(
          .decoded(whole.image.droppingOpaqueAlpha(), shrink: mapShrink, origin: nil), source: context.source,
          results: results, safeEverywhere: safeEverywhere, stem: context.file.stem, colour: context.colour,
          stats: &local)
        return (path, whole.bars, local)
      }
    }
    var local = RenderStats()
    let previews = Result { () throws(ArtworkFailure) -> RenderStats in
      let part = try context.decode(shrink: shrink, region: region, scans: parts?.0, stats: &local)
      try renderPreviews(
        plan, from: .decoded(part.image.droppingOpaqueAlpha(), shrink: shrink, origin: region),
        colour: context.colour, gainMap: context.carriedGainMap, stats: &local, onOutput: onOutput)
      return local
    }
    // The whole decode's error first: it read all of the file, the region decode only part.
    let (path, bars, mapStats) = try map.wait().get()
    stats = stats + (try previews.get()) + mapStats
    return Drawn(previews: plan.resultPaths, cropMap: path, decodedHere: true, bars: bars)
  }

  /// Resamples each group of the plan once and writes its previews, the groups spread over
  /// `--jobs` workers, largest first, each taken by whichever worker is free, so the cores
  /// finish together. With `gainMap`, each preview is an Ultra HDR JPEG with its share of the map.
  func renderPreviews(
    _ plan: PreviewPlan, from source: PictureSource, colour: ArtworkColour, gainMap: GainMapCarrier? = nil,
    stats: inout RenderStats, onOutput: @Sendable () -> Void
  ) throws(ArtworkFailure) {
    let shared = Locked((stats: RenderStats(), failure: ArtworkFailure?.none))
    // Fewer groups than workers (one fill of one artwork): each resample takes the spare
    // cores; the pixels are the same for any number of threads.
    let workers = min(options.running.jobs, plan.groups.count)
    let resample = ResampleOptions(
      kernel: options.drawing.kernel, linear: options.drawing.linear,
      threads: max(1, options.running.jobs / max(workers, 1)))
    let order = plan.groupsLargestFirst()
    let next = Atomic<Int>(0)  // the next group in `order` to take
    let painter = colour.output == nil ? painter : painter.inColours(painter.colours.converted(colour.converted))
    let background = colour.converted(options.drawing.background)
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      var local = RenderStats()
      let workspace = workspaces.take()
      defer { workspaces.giveBack(workspace) }
      while case let claimed = next.wrappingAdd(1, ordering: .relaxed).oldValue, claimed < order.count {
        // A full or read-only output folder fails every later write too.
        if shared.withLock({ $0.failure?.stopsBatch ?? false }) { break }
        let group = plan.groups[order[claimed]]
        var picture: Image?
        do throws(ImageError) {
          picture = try MonotonicClock.timed(&local.resample) { () throws(ImageError) in
            colour.converted(
              try source.picture(
                of: group.sourceRect, size: group.size, options: resample, reusing: workspace.takePictureStorage()))
          }
        } catch {
          shared.withLock { if $0.failure == nil { $0.failure = .image(error) } }
          continue
        }
        let map = gainMap.map { carrier in
          MonotonicClock.timed(&local.resample) { carrier.picture(of: group.sourceRect, size: group.size) }
        }
        for (position, previewIndex) in group.previews.enumerated() {
          let preview = plan.previews[previewIndex]
          // The group's last preview takes the picture itself, to draw in place.
          let last = position == group.previews.count - 1
          do throws(ArtworkFailure) {
            try write(
              preview, picture: last ? picture.take()! : picture!, owned: last, painter: painter,
              background: background, gainMap: gainMap.map { ($0, map!) }, workspace: workspace, stats: &local)
            for _ in 0...preview.copies.count { onOutput() }
          } catch {
            shared.withLock { if $0.failure == nil { $0.failure = error } }
          }
        }
      }
      shared.withLock { $0.stats = $0.stats + local }
    }
    stats = stats + shared.withLock { $0.stats }
    if let failure = shared.withLock({ $0.failure }) { throw failure }
  }

  /// Composites `picture` (already in the output profile and tagged with it) with the
  /// overlays, then encodes and writes the preview and its thumbnail. An `owned` picture (no
  /// other preview draws it) that covers the canvas becomes the canvas: no background to fill,
  /// no copy, the overlays drawn in place. A shared one is drawn into the workspace's memory,
  /// which a canvas of the picture would trade for a fresh copy on its first overlay. With
  /// `gainMap` (the carrier and its picture of this group's rect), an Ultra HDR JPEG.
  private func write(
    _ preview: PreviewPlan.Preview, picture: consuming Image, owned: Bool, painter: OverlayPainter,
    background: RGB, gainMap: (carrier: GainMapCarrier, picture: Image)?, workspace: PreviewWorkspace,
    stats: inout RenderStats
  ) throws(ArtworkFailure) {
    let p = preview.placement
    let profile = picture.iccProfile
    let origin = p.mode == .fit ? (x: p.renderedImageRect.x, y: p.renderedImageRect.y) : (x: 0, y: 0)
    let covers =
      origin == (0, 0) && picture.width == p.canvas.width && picture.height == p.canvas.height
      && picture.layout == .rgb && picture.bitDepth == 8
    let adopted = owned && covers
    var canvas: Canvas
    if adopted {
      canvas = Canvas(picture: consume picture)
    } else {
      canvas = MonotonicClock.timed(&stats.overlay) {
        // Taken here, in the closure, so the canvas holds the only reference and reuses the
        // memory (a capture would be a second reference, and a copy).
        var blank = Canvas(size: p.canvas, background: background, reusing: workspace.takeCanvasStorage())
        blank.draw(picture, at: origin)
        return blank
      }
      // Drawn: an owned picture's memory is the next picture's. (Its last reference goes
      // with this call, before the next resample writes there.)
      if owned, case .uint8(let samples) = picture.storage { workspace.pictureStorage = samples }
    }
    // The memory goes back where it came from: the canvas's, or the picture's it adopted.
    defer {
      if adopted {
        workspace.pictureStorage = canvas.releaseStorage()
      } else {
        workspace.canvasStorage = canvas.releaseStorage()
      }
    }
    // What the overlays change, the gain map shows as SDR.
    let unpainted = gainMap == nil ? [] : canvas.samples
    MonotonicClock.timed(&stats.overlay) {
      let focus = p.focus.map { $0.scaled(by: p.scaleFactor).offsetBy(dx: p.imageRect.x, dy: p.imageRect.y) }
      if options.drawing.appearance == .tinted { canvas.convertToLuminance() }
      painter.paint(&canvas, screen: preview.screen, focus: focus)
    }
    let files = [preview.path] + preview.copies
    let paths = try outputPaths(files)
    if let gainMap {
      let map = MonotonicClock.timed(&stats.overlay) {
        gainMap.carrier.canvas(gainMap.picture, at: origin, size: p.canvas, before: unpainted, after: canvas.samples)
      }
      let bytes = try encoded(&stats) { () throws(ImageError) in
        try gainMap.carrier.file(
          sdr: canvas.image(iccProfile: profile), map: map, quality: options.writing.jpegQuality, name: paths[0])
      }
      try write(bytes, to: paths, stats: &stats)
      stats.outputBytes += bytes.count * paths.count
    } else {
      try encode(canvas.image(iccProfile: profile), to: paths, pngWriter: workspace.pngWriter, stats: &stats)
    }
    stats.outputs += paths.count
    if options.writing.thumbnails { try writeThumbnail(canvas, profile: profile, for: files, stats: &stats) }
  }

  /// Encodes a preview in the chosen format and writes it to each of `paths`.
  private func encode(
    _ image: Image, to paths: [String], pngWriter: PNGWriter, stats: inout RenderStats
  ) throws(ArtworkFailure) {
    switch options.writing.format {
    case .png:
      let start = MonotonicClock.seconds()
      var written: Result<Void, OutputError> = .success(())
      do throws(ImageError) {
        try pngWriter.withPNG(
          of: image, effort: options.writing.pngEffort, threads: options.running.jobs, name: paths[0]
        ) { bytes in
          let encoded = MonotonicClock.seconds()
          stats.encode += encoded - start
          defer { stats.write += MonotonicClock.seconds() - encoded }
          written = Result { () throws(OutputError) in for path in paths { try AtomicFile.write(bytes, to: path) } }
          stats.outputBytes += bytes.count * paths.count
        }
      } catch { throw .image(error) }
      do { try written.get() } catch { throw .output(error) }
    case .jpeg:
      let bytes = try encoded(&stats) { () throws(ImageError) in
        try ImageEncoder.jpeg(image, quality: options.writing.jpegQuality, name: paths[0])
      }
      try write(bytes, to: paths, stats: &stats)
      stats.outputBytes += bytes.count * paths.count
    }
  }

  /// A small JPEG of the preview for the contact sheet (at most 240 px on its long side, with
  /// the preview's profile), written for each of the preview's files.
  private func writeThumbnail(
    _ canvas: Canvas, profile: [UInt8]?, for previews: [String], stats: inout RenderStats
  ) throws(ArtworkFailure) {
    let size = canvas.size
    let factor = 240 / Double(max(size.width, size.height))
    let thumb = PixelSize(
      max(1, Int((Double(size.width) * factor).rounded())), max(1, Int((Double(size.height) * factor).rounded())))
    let paths = try outputPaths(previews.map(PreviewThumbnail.path(for:)))
    let small = MonotonicClock.timed(&stats.overlay) {
      Resampler.resample(
        canvas.image(iccProfile: profile), to: thumb, options: ResampleOptions(kernel: .box, threads: 1))
    }
    let bytes = try encoded(&stats) { () throws(ImageError) in try ImageEncoder.jpeg(small, quality: 80, name: paths[0])
    }
    try write(bytes, to: paths, stats: &stats)
  }

  /// `names` as paths inside the output folder, each checked to stay inside it and to be
  /// no input file.
  private func outputPaths(_ names: [String]) throws(ArtworkFailure) -> [String] {
    do {
      return try names.map { name throws(OutputError) in
        let path = try OutputFolder.path(name, in: options.running.outputFolder)
        if options.running.protectedOutputs.contains(name) {
          throw .writeFailed(file: path, reason: "it is one of the inputs, and artfit never writes over an input")
        }
        return path
      }
    } catch { throw .output(error) }
  }

  /// Runs an encoder, timed as encoding.
  private func encoded(_ stats: inout RenderStats, _ body: () throws(ImageError) -> [UInt8]) throws(ArtworkFailure)
    -> [UInt8]
  {
    do { return try MonotonicClock.timed(&stats.encode, body) } catch { throw .image(error) }
  }

  /// Writes `bytes` to each of `paths`, timed as writing.
  private func write(_ bytes: [UInt8], to paths: [String], stats: inout RenderStats) throws(ArtworkFailure) {
    do {
      try MonotonicClock.timed(&stats.write) { () throws(OutputError) in
        for path in paths { try AtomicFile.write(bytes, to: path) }
      }
    } catch { throw .output(error) }
  }

  /// The crop map (`CropMapDrawing`), at most 1024 px on its long side, in the previews'
  /// profile, written beside the previews.
  func drawCropMap(
    _ picture: PictureSource, source: Size, results: [TargetResult], safeEverywhere: Rect?, stem: String,
    colour: ArtworkColour, stats: inout RenderStats
  ) throws(ArtworkFailure) -> String {
    let size = picture.cropMapSize
    let small: Image
    do {
      small = try MonotonicClock.timed(&stats.resample) { () throws(ImageError) in
        colour.converted(
          try picture.picture(
            of: nil, size: size, options: ResampleOptions(kernel: options.drawing.kernel, threads: options.running.jobs)
          ))
      }
    } catch { throw .image(error) }
    let canvas = CropMapDrawing(painter: painter, colour: colour).canvas(
      small, size: size, source: source, results: results, safeEverywhere: safeEverywhere)
    let path = stem + "/crop-map.png"
    let bytes = try encoded(&stats) { () throws(ImageError) in
      try ImageEncoder.png(canvas.image(iccProfile: small.iccProfile), effort: options.writing.pngEffort, name: path)
    }
    try write(bytes, to: outputPaths([path]), stats: &stats)
    return path
  }
}
