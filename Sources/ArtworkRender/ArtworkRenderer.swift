import ArtworkCodec
import ArtworkGeometry
import ArtworkPixels
import ArtworkReport
@_spi(Support) import ArtworkSupport
import Dispatch
import Foundation
import Synchronization

/// Renders one artwork: probe, solve every screen, decode once, resample each group once,
/// composite overlays, encode and write each preview, and the crop map.
struct ArtworkRenderer {
  let options: RenderOptions
  let painter: OverlayPainter
  let workspaces = PreviewWorkspaces()
  let colours = ColourCache()

  init(options: RenderOptions) {
    self.options = options
    painter = OverlayPainter(overlays: options.overlays)
  }

  /// The artwork's report, or the failure that stopped it; and the work done. `bytes`, when
  /// the caller has read the file already (to fingerprint it), are the file's bytes: it is not
  /// read again.
  func render(_ file: ArtworkFile, bytes: [UInt8]? = nil, onOutput: @Sendable () -> Void) -> (
    Result<ArtworkReport, ArtworkFailure>, RenderStats
  ) {
    var stats = RenderStats()
    let result = Result { () throws(ArtworkFailure) in
      try render(file, bytes: bytes, stats: &stats, onOutput: onOutput)
    }
    return (result, stats)
  }

  /// What the file holds beyond the image artfit draws: more images, a gain map, HDR.
  static func contentWarnings(_ info: ImageInfo) -> [ArtworkWarning] {
    var warnings: [ArtworkWarning] = []
    if info.images > 1 { warnings.append(ArtworkWarning(.images, info.imagesWarning)) }
    if let gainMap = info.gainMap {
      warnings.append(
        ArtworkWarning(
          .gainMap, "it carries \(gainMap.name) HDR gain map, which is not applied: the SDR image is drawn"))
    }
    if let hdr = info.hdr {
      warnings.append(
        ArtworkWarning(.hdr, "\(hdr.name) HDR content, tone-mapped to SDR (reference white 203 cd/m²)"))
    }
    return warnings
  }

  private func render(
    _ file: ArtworkFile, bytes: [UInt8]?, stats: inout RenderStats, onOutput: @Sendable () -> Void
  ) throws(ArtworkFailure) -> ArtworkReport {
    let info = try probe(file, bytes: bytes, stats: &stats)
    let source = Size(Double(info.width), Double(info.height))
    let settings = options.settings(for: file)
    let findFocus = options.autoFocus && settings.focus == nil
    // A check that looks at no pixels takes a vector's size from its probe, never building it.
    let drawsPixels = options.writePreviews || options.trimBars || findFocus
    let document = info.format.isVector && drawsPixels ? try open(file, bytes: bytes, stats: &stats) : nil
    let colour = ArtworkColour(info: info, choice: options.profile, intent: options.intent, cache: colours)

    // Trimming and auto-focus need pixels before the geometry.
    var decoded: DecodedSource? = nil
    if let document, options.trimBars || findFocus {
      decoded = try drawWorking(document, file: file, stats: &stats)
    } else if options.trimBars || findFocus {
      let shrink = shrinkBeforeSolving(file, info: info, source: source, settings: settings)
      decoded = try decode(file, bytes: bytes, shrink: shrink, colour: colour, stats: &stats)
    }
    let bars = decoded?.bars
    let content = options.trimBars ? Rect.of(source).inset(by: bars ?? .zero) : Rect.of(source)
    let focus = findFocus ? decoded.flatMap { AutoFocus.region(in: $0.image) } : settings.focus
    let results = solve(source: source, content: content, focus: focus, settings: settings)
    var report = ArtworkReport(
      file: file, width: info.width, height: info.height, focus: focus, embeddedBars: bars,
      results: results.map { ReportedResult($0) })
    report.requestedGravity = settings.gravity
    describe(&report, info: info, colour: colour, document: document)
    guard options.writePreviews else { return report }

    let plan = PreviewPlan(stem: file.stem, results: results, overlays: painter, format: options.format)
    let picture: PictureSource
    if let document {
      picture = .vector(document)
    } else if let decoded {
      picture = .decoded(decoded.image.droppingOpaqueAlpha(), shrink: decoded.shrink, origin: nil)
    } else {
      let shrink = info.shrinksOnLoad && !options.linear ? plan.loadShrink() : 1
      let mapShrink = Self.cropMapShrink(info)
      if info.format == .jpeg, mapShrink > 1,
        let region = plan.sourceRegion(
          shrink: shrink, decoded: PixelSize((info.width + shrink - 1) / shrink, (info.height + shrink - 1) / shrink),
          kernel: options.kernel)
      {
        try renderFromRegion(
          region, shrink: shrink, mapShrink: mapShrink, plan: plan, results: results, file: file, bytes: bytes,
          report: &report, colour: colour, stats: &stats, onOutput: onOutput)
        return report
      }
      let whole = try decode(file, bytes: bytes, shrink: shrink, colour: colour, stats: &stats)
      report.embeddedBars = whole.bars
      picture = .decoded(whole.image.droppingOpaqueAlpha(), shrink: whole.shrink, origin: nil)
    }
    try renderPictures(
      plan, from: picture, results: results, file: file, report: &report, colour: colour, stats: &stats,
      onOutput: onOutput)
    return report
  }

  /// What the report says of the file beyond its geometry: its format, images and profile,
  /// and the warnings its colour, content and references give.
  private func describe(
    _ report: inout ArtworkReport, info: ImageInfo, colour: ArtworkColour, document: VectorDocument?
  ) {
    report.format = info.format
    report.vector = info.format.isVector
    report.images = info.images
    report.profile = colour.profile.map { EmbeddedProfile(name: $0.name, space: $0.space.rawValue) }
    if let problem = colour.problem {
      report.warnings.append(ArtworkWarning(.profile, "\(problem); treated as untagged sRGB"))
    }
    report.warnings += Self.contentWarnings(info)
    if let refused = VectorDocument.referencesWarning(document?.externalReferences ?? info.externalReferences) {
      report.warnings.append(ArtworkWarning(.externalReference, refused))
    }
    if let note = document?.note { report.warnings.append(ArtworkWarning(.document, note)) }
  }

  /// The previews and the crop map, all from one source; `results` are the report's, as solved.
  private func renderPictures(
    _ plan: PreviewPlan, from source: PictureSource, results: [TargetResult], file: ArtworkFile,
    report: inout ArtworkReport, colour: ArtworkColour, stats: inout RenderStats, onOutput: @Sendable () -> Void
  ) throws(ArtworkFailure) {
    try renderPreviews(plan, from: source, colour: colour, stats: &stats, onOutput: onOutput)
    for index in report.results.indices { report.results[index].preview = plan.resultPaths[index] }
    report.cropMap = try drawCropMap(
      source, source: Size(Double(report.width), Double(report.height)), results: results,
      safeEverywhere: report.safeEverywhere, stem: file.stem, colour: colour, stats: &stats)
  }

  /// The vector document of the SVG or PDF `file` (from `bytes` when it was read already).
  private func open(_ file: ArtworkFile, bytes: [UInt8]?, stats: inout RenderStats) throws(ArtworkFailure)
    -> VectorDocument
  {
    do {
      return try MonotonicClock.timed(&stats.probe) { () throws(ImageError) in
        let data: [UInt8]
        if let bytes { data = bytes } else { data = try FileBytes.read(file.path, limit: options.limits.maxFileBytes) }
        return try VectorDocument(bytes: data, name: file.path, limits: options.limits)
      }
    } catch { throw .image(error) }
  }

  /// A vector drawn whole at the crop map's size, for the bars and auto-focus: they look at
  /// pixels, and that size holds what they find (a decode's are found at 1/8 or more).
  private func drawWorking(_ document: VectorDocument, file: ArtworkFile, stats: inout RenderStats)
    throws(ArtworkFailure) -> DecodedSource
  {
    let size = PictureSource.vector(document).cropMapSize
    let image: Image
    do {
      image = try MonotonicClock.timed(&stats.decode) { () throws(ImageError) in
        try document.draw(into: (size.width, size.height))
      }
    } catch { throw .image(error) }
    let toSource = Double(document.pixelWidth) / Double(size.width)
    return DecodedSource(image: image, shrink: 1, bars: EmbeddedBars.detect(in: image)?.scaled(by: toSource))
  }

  /// A decode and what was found in it.
  private struct DecodedSource {
    var image: Image
    /// The DCT scale it was decoded at (1, 2, 4 or 8).
    var shrink: Int
    /// Baked-in bars in full-size source pixels; found on a shrunk decode, as exact as one
    /// decoded pixel.
    var bars: Insets?
  }

  private func probe(_ file: ArtworkFile, bytes: [UInt8]?, stats: inout RenderStats) throws(ArtworkFailure)
    -> ImageInfo
  {
    do {
      return try MonotonicClock.timed(&stats.probe) { () throws(ImageError) in
        if let bytes { return try ImageDecoder.probe(data: bytes, name: file.path, limits: options.limits) }
        return try ImageDecoder.probe(file: file.path, limits: options.limits)
      }
    } catch { throw .image(error) }
  }

  /// The whole source at 1/`shrink`, or only `region` of that (and then no bars); from `bytes`
  /// when the file was read already.
  private func decode(
    _ file: ArtworkFile, bytes: [UInt8]? = nil, shrink: Int, region: ImageRegion? = nil, colour: ArtworkColour,
    scans: JPEGScanSplit.Part? = nil, stats: inout RenderStats
  ) throws(ArtworkFailure) -> DecodedSource {
    let image: Image
    do {
      image = try MonotonicClock.timed(&stats.decode) { () throws(ImageError) in
        let data: [UInt8]
        if let bytes { data = bytes } else { data = try FileBytes.read(file.path, limit: options.limits.maxFileBytes) }
        return try ImageDecoder.decode(
          data: data, name: file.path, shrink: shrink, region: region, limits: options.limits,
          cmyk: colour.cmykDecode, scans: scans)
      }
    } catch { throw .image(error) }
    let bars = region == nil ? EmbeddedBars.detect(in: image)?.scaled(by: Double(shrink)) : nil
    return DecodedSource(image: image, shrink: shrink, bars: bars)
  }

  /// The DCT scale of a whole decode made only for the crop map (at most 1024 px on its long
  /// side) and the bars: the smallest that still gives the map all its pixels; 1 when the
  /// source is too small for any, and a region decode would not pay.
  private static func cropMapShrink(_ info: ImageInfo) -> Int {
    let longSide = max(info.width, info.height)
    return [8, 4, 2].first { (longSide + $0 - 1) / $0 >= CropMapSize.longSide } ?? 1
  }

  /// A JPEG whose previews read only part of it: that part is decoded for the previews while,
  /// on another core, the whole is decoded at 1/`mapShrink` for the crop map and the bars.
  private func renderFromRegion(
    _ region: ImageRegion, shrink: Int, mapShrink: Int, plan: PreviewPlan, results: [TargetResult], file: ArtworkFile,
    bytes given: [UInt8]?, report: inout ArtworkReport, colour: ArtworkColour, stats: inout RenderStats,
    onOutput: @Sendable () -> Void
  ) throws(ArtworkFailure) {
    let source = Size(Double(report.width), Double(report.height))
    let safe = report.safeEverywhere
    let bytes: [UInt8]  // read once for both decodes
    do {
      bytes = try MonotonicClock.timed(&stats.decode) { () throws(ImageError) in
        if let given { return given }
        return try FileBytes.read(file.path, limit: options.limits.maxFileBytes)
      }
    } catch { throw .image(error) }
    // A progressive file's scans are parted between the two decodes, which then take about
    // one entropy decode's time between them instead of one each.
    let parts = JPEGScanSplit(bytes: bytes, limits: options.limits)?.parts
    // The map goes to a thread of its own and the previews stay on this one, not inside a
    // concurrentPerform of two: Dispatch gives a nested concurrentPerform only its share of the
    // cores (one of two), and the previews' resample and encode should have every core the
    // map's decode leaves free. ThreadWork starts at once, where a global queue's worker might
    // not while every worker waits, and the two halves of a split decode wait for each other.
    let map = ThreadWork { () -> Result<(String, Insets?, RenderStats), ArtworkFailure> in
      var local = RenderStats()
      return Result { () throws(ArtworkFailure) -> (String, Insets?, RenderStats) in
        let whole = try decode(file, bytes: bytes, shrink: mapShrink, colour: colour, scans: parts?.1, stats: &local)
        let path = try drawCropMap(
          .decoded(whole.image.droppingOpaqueAlpha(), shrink: mapShrink, origin: nil), source: source,
          results: results, safeEverywhere: safe, stem: file.stem, colour: colour, stats: &local)
        return (path, whole.bars, local)
      }
    }
    var local = RenderStats()
    let previews = Result { () throws(ArtworkFailure) -> RenderStats in
      let part = try decode(
        file, bytes: bytes, shrink: shrink, region: region, colour: colour, scans: parts?.0, stats: &local)
      try renderPreviews(
        plan, from: .decoded(part.image.droppingOpaqueAlpha(), shrink: shrink, origin: region), colour: colour,
        stats: &local, onOutput: onOutput)
      return local
    }
    // The whole decode's error first: it read all of the file, the region decode only part.
    let (path, bars, mapStats) = try map.wait().get()
    stats = stats + (try previews.get()) + mapStats
    report.embeddedBars = bars
    report.cropMap = path
    for index in report.results.indices { report.results[index].preview = plan.resultPaths[index] }
  }

  /// The shrink-on-load of a decode made before the geometry is known: full size to find bars;
  /// for auto-focus alone, what the previews will need (1/8 for `check`, which draws none).
  private func shrinkBeforeSolving(
    _ file: ArtworkFile, info: ImageInfo, source: Size, settings: ArtworkSettings
  ) -> Int {
    guard !options.trimBars, info.shrinksOnLoad else { return 1 }
    guard options.writePreviews else { return 8 }
    guard !options.linear else { return 1 }
    let results = solve(source: source, content: Rect.of(source), focus: nil, settings: settings)
    return PreviewPlan(stem: file.stem, results: results, overlays: painter, format: options.format).loadShrink()
  }

  /// Every screen and mode solved on `content` (the whole source, or what lies inside
  /// baked-in bars), in the whole source's pixels.
  private func solve(source: Size, content: Rect, focus: FocusRegion?, settings: ArtworkSettings) -> [TargetResult] {
    let gravity = settings.gravity ?? (focus != nil ? .focus : .center)
    let solvedFocus = content == Rect.of(source) ? focus : focus?.within(content, of: source)
    var results: [TargetResult] = []
    for screen in settings.screens {
      for mode in settings.modes {
        var result = TargetResult.solve(
          source: Size(content.width, content.height), screen: screen, mode: mode, gravity: gravity,
          focus: solvedFocus, checks: settings.checks)
        if content.x != 0 || content.y != 0 {
          result.placement = result.placement.shifted(dx: content.x, dy: content.y)
        }
        results.append(result)
      }
    }
    return results
  }

  /// Resamples each group of the plan once and writes its previews, the groups spread over
  /// `--jobs` workers, largest first, each taken by whichever worker is free, so the cores
  /// finish together.
  private func renderPreviews(
    _ plan: PreviewPlan, from source: PictureSource, colour: ArtworkColour, stats: inout RenderStats,
    onOutput: @Sendable () -> Void
  ) throws(ArtworkFailure) {
    let shared = Locked((stats: RenderStats(), failure: ArtworkFailure?.none))
    // Fewer groups than workers (one fill of one artwork): each resample takes the spare
    // cores; the pixels are the same for any number of threads.
    let workers = min(options.jobs, plan.groups.count)
    let resample = ResampleOptions(
      kernel: options.kernel, linear: options.linear, threads: max(1, options.jobs / max(workers, 1)))
    let order = plan.groupsLargestFirst()
    let next = Atomic<Int>(0)  // the next group in `order` to take
    let painter = colour.output == nil ? painter : painter.inColours(painter.colours.converted(colour.converted))
    let background = colour.converted(options.background)
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
        for (position, previewIndex) in group.previews.enumerated() {
          let preview = plan.previews[previewIndex]
          // The group's last preview takes the picture itself, to draw in place.
          let last = position == group.previews.count - 1
          do throws(ArtworkFailure) {
            try write(
              preview, picture: last ? picture.take()! : picture!, owned: last, painter: painter,
              background: background, workspace: workspace, stats: &local)
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
  /// which a canvas of the picture would trade for a fresh copy on its first overlay.
  private func write(
    _ preview: PreviewPlan.Preview, picture: consuming Image, owned: Bool, painter: OverlayPainter,
    background: RGB, workspace: PreviewWorkspace, stats: inout RenderStats
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
    MonotonicClock.timed(&stats.overlay) {
      let focus = p.focus.map { $0.scaled(by: p.scaleFactor).offsetBy(dx: p.imageRect.x, dy: p.imageRect.y) }
      painter.paint(&canvas, screen: preview.screen, focus: focus)
    }
    let files = [preview.path] + preview.copies
    let paths = try outputPaths(files)
    try encode(canvas.image(iccProfile: profile), to: paths, pngWriter: workspace.pngWriter, stats: &stats)
    stats.outputs += paths.count
    if options.thumbnails { try writeThumbnail(canvas, profile: profile, for: files, stats: &stats) }
  }

  /// Encodes a preview in the chosen format and writes it to each of `paths`.
  private func encode(
    _ image: Image, to paths: [String], pngWriter: PNGWriter, stats: inout RenderStats
  ) throws(ArtworkFailure) {
    switch options.format {
    case .png:
      let start = MonotonicClock.seconds()
      var written: Result<Void, OutputError> = .success(())
      do throws(ImageError) {
        try pngWriter.withPNG(of: image, effort: options.pngEffort, threads: options.jobs, name: paths[0]) { bytes in
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
        try ImageEncoder.jpeg(image, quality: options.jpegQuality, name: paths[0])
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
        let path = try OutputFolder.path(name, in: options.outputFolder)
        if options.protectedOutputs.contains(name) {
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
  private func drawCropMap(
    _ picture: PictureSource, source: Size, results: [TargetResult], safeEverywhere: Rect?, stem: String,
    colour: ArtworkColour, stats: inout RenderStats
  ) throws(ArtworkFailure) -> String {
    let size = picture.cropMapSize
    let small: Image
    do {
      small = try MonotonicClock.timed(&stats.resample) { () throws(ImageError) in
        colour.converted(
          try picture.picture(
            of: nil, size: size, options: ResampleOptions(kernel: options.kernel, threads: options.jobs)))
      }
    } catch { throw .image(error) }
    let canvas = CropMapDrawing(painter: painter, colour: colour).canvas(
      small, size: size, source: source, results: results, safeEverywhere: safeEverywhere)
    let path = stem + "/crop-map.png"
    let bytes = try encoded(&stats) { () throws(ImageError) in
      try ImageEncoder.png(canvas.image(iccProfile: small.iccProfile), effort: options.pngEffort, name: path)
    }
    try write(bytes, to: outputPaths([path]), stats: &stats)
    return path
  }
}
