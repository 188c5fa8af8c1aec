import ArtworkCodec
import ArtworkGeometry
import ArtworkPixels
import ArtworkReport
@_spi(Support) import ArtworkSupport

/// Renders one artwork as a pipeline of stages over its `ArtworkContext`: read (the bytes
/// once, the header once), look (the pixels that bars and auto-focus need before the
/// geometry), solve (every screen and mode), draw (previews and the crop map,
/// `PreviewDrawing`). Each stage returns what it found; the report is assembled once, at the
/// end, from those results.
struct ArtworkRenderer {
  let options: RenderOptions
  let painter: OverlayPainter
  let colours = ColourCache()
  private let drawing: PreviewDrawing

  init(options: RenderOptions) {
    self.options = options
    painter = OverlayPainter(overlays: options.drawing.overlays)
    drawing = PreviewDrawing(options: options, painter: painter, workspaces: PreviewWorkspaces())
  }

  /// The artwork's report, or the failure that stopped it; and the work done. `bytes`, when
  /// the caller has read the file already (to fingerprint it), are the file's bytes: it is not
  /// read again.
  func render(_ file: ArtworkFile, bytes: [UInt8]? = nil, onOutput: @Sendable () -> Void) -> (
    Result<ArtworkReport, ArtworkFailure>, RenderStats
  ) {
    var stats = RenderStats()
    let result = Result { () throws(ArtworkFailure) in
      let context = try ArtworkContext.read(file, given: bytes, options: options, colours: colours, stats: &stats)
      let looked = try look(context, stats: &stats)
      let results = solve(context, content: looked.content, focus: looked.focus)
      let drawn =
        options.writing.writePreviews
        ? try draw(context, looked: looked, results: results, stats: &stats, onOutput: onOutput) : nil
      return report(context, looked: looked, results: results, drawn: drawn)
    }
    return (result, stats)
  }

  /// The stages a run's verdicts rest on (read, look, solve), without drawing: the focus and
  /// every result, as `render` finds them with these options.
  func verdicts(_ file: ArtworkFile) throws(ArtworkFailure) -> (focus: FocusRegion?, results: [TargetResult]) {
    var stats = RenderStats()
    let context = try ArtworkContext.read(file, given: nil, options: options, colours: colours, stats: &stats)
    let looked = try look(context, stats: &stats)
    return (looked.focus, solve(context, content: looked.content, focus: looked.focus))
  }

  /// Bars baked into the artwork, side by side ("top 140 px, bottom 140 px"), and what the run
  /// did with them.
  private func barsWarning(_ bars: Insets) -> ArtworkWarning {
    let sides = [("top", bars.top), ("bottom", bars.bottom), ("left", bars.left), ("right", bars.right)]
      .filter { $0.1 > 0 }.map { "\($0.0) \(Int($0.1)) px" }.joined(separator: ", ")
    let done =
      options.solving.trimBars ? "solved on the content inside them" : "solved on the whole source, bars included"
    return ArtworkWarning(
      .embeddedBars,
      "bars baked in (\(sides)); Apple advises against baking letterbox or pillarbox bars into artwork; \(done)")
  }

  /// What the artwork's file holds beyond the image artfit draws (more images, a gain map,
  /// HDR), for a run writing `previews` (nil when it writes none).
  static func contentWarnings(
    _ context: ArtworkContext, previews: RenderOptions.PreviewFormat?
  ) -> [ArtworkWarning] {
    let info = context.info
    var warnings: [ArtworkWarning] = []
    if info.images > 1 { warnings.append(ArtworkWarning(.images, info.imagesWarning)) }
    if let note = info.readerNote { warnings.append(ArtworkWarning(.container, note)) }
    if let kind = info.gainMap {
      let headroom = info.gainMapFigures.map { String(format: " (%.2f stops of headroom)", $0.headroomStops) } ?? ""
      let drawn =
        context.gainMap.appliesHDRBase
        ? " taking its HDR base image down to SDR, applied: that SDR rendition is drawn"
        : ", which is not applied: the SDR image is drawn"
      var applied = drawn
      if context.carriedGainMap != nil {
        applied =
          (context.gainMap.appliesHDRBase ? drawn + ", and the map" : "")
          + ", carried into each JPEG preview (Ultra HDR; the crop map and thumbnails are SDR)"
      } else if case .unread(let why)? = context.gainMap.outcome {
        applied += "; \(why)" + (previews != nil ? ", so the previews are SDR" : "")
      } else if let previews, let why = GainMapCarrier.whyNot(previews) {
        applied += "; \(why)"
      }
      warnings.append(ArtworkWarning(.gainMap, "it carries \(kind.name) gain map\(headroom)\(applied)"))
    }
    if let hdr = info.hdr, !context.gainMap.appliesHDRBase {
      warnings.append(
        ArtworkWarning(.hdr, "\(hdr.name) HDR content, tone-mapped to SDR (reference white 203 cd/m²)"))
    }
    return warnings
  }

  /// What the look stage found: the pixels decoded before the geometry (kept for the
  /// previews), the bars baked into them, the part of the source inside those bars and the
  /// focus.
  private struct Looked {
    var decoded: DecodedSource?
    var bars: Insets?
    var content: Rect
    var focus: FocusRegion?
  }

  /// The look stage: trimming and auto-focus need pixels before the geometry; without them
  /// nothing is decoded here.
  private func look(_ context: ArtworkContext, stats: inout RenderStats) throws(ArtworkFailure) -> Looked {
    let whole = Rect.of(context.source)
    guard options.solving.trimBars || context.findsFocus else {
      return Looked(decoded: nil, bars: nil, content: whole, focus: context.settings.focus)
    }
    let decoded: DecodedSource
    let shrink = shrinkBeforeSolving(context)
    if let document = context.document {
      decoded = try context.drawWorking(document, stats: &stats)
    } else {
      decoded = try context.decode(shrink: shrink, stats: &stats)
    }
    var focus = context.settings.focus
    if context.findsFocus {
      // The focus is the artwork's own: found on the decode its size alone chooses, whatever
      // the command and the screens (a second, small decode when the previews need another).
      let focusShrink = focusShrink(context)
      let image =
        context.document != nil || shrink == focusShrink
        ? decoded.image : try context.decode(shrink: focusShrink, stats: &stats).image
      focus = AutoFocus.region(in: image)
    }
    return Looked(
      decoded: decoded, bars: decoded.bars,
      content: options.solving.trimBars ? whole.inset(by: decoded.bars ?? .zero) : whole, focus: focus)
  }

  /// The shrink-on-load auto-focus looks at: a function of the artwork's size alone.
  private func focusShrink(_ context: ArtworkContext) -> Int {
    guard context.info.shrinksOnLoad else { return 1 }
    return AutoFocus.loadShrink(width: context.info.width, height: context.info.height)
  }

  /// The shrink-on-load of a decode made before the geometry is known: full size to find bars;
  /// for auto-focus alone, what the previews will need (`check`, which draws none, takes
  /// auto-focus's own).
  private func shrinkBeforeSolving(_ context: ArtworkContext) -> Int {
    guard !options.solving.trimBars, context.info.shrinksOnLoad else { return 1 }
    guard options.writing.writePreviews else { return focusShrink(context) }
    guard !options.drawing.linear else { return 1 }
    let results = solve(context, content: Rect.of(context.source), focus: nil)
    return PreviewPlan(stem: context.file.stem, results: results, overlays: painter, format: options.writing.format)
      .loadShrink()
  }

  /// The solve stage: every screen and mode solved on `content` (the whole source, or what
  /// lies inside baked-in bars), in the whole source's pixels.
  private func solve(_ context: ArtworkContext, content: Rect, focus: FocusRegion?) -> [TargetResult] {
    let source = context.source
    let settings = context.settings
    let gravity = Gravity.given(settings.gravity, focus: focus)
    let solvedFocus = content == Rect.of(source) ? focus : focus?.within(content, of: source)
    let pixels = PixelSize(context.info.width, context.info.height)
    var results: [TargetResult] = []
    for screen in settings.screens {
      for mode in settings.modes {
        var result = TargetResult.solve(
          source: Size(content.width, content.height), screen: screen, mode: mode, gravity: gravity,
          focus: solvedFocus, checks: settings.checks)
        if content.x != 0 || content.y != 0 {
          result.placement = result.placement.shifted(dx: content.x, dy: content.y)
        }
        // A slot that refuses alpha refuses the channel itself, as its store does: the header says.
        if screen.target.refusesAlpha && context.info.hasAlpha { result.failures.append(.alphaRefused) }
        // An icon slot takes a picture at its own sizes; a vector is drawn at any.
        if let sizes = screen.target.exactSizes, !context.info.format.isVector, !sizes.contains(pixels) {
          result.failures.append(.sizeRefused(pixels, takes: sizes))
        }
        // The system draws a layered image over anything; Xcode refuses a see-through back.
        if context.layers?.last?.coversOpaque == false { result.failures.append(.backgroundNotOpaque) }
        results.append(result)
      }
    }
    return results
  }

  /// The draw stage: picks where the previews' pixels come from (the vector, the decode the
  /// look stage made, a region of a JPEG, or a whole decode at the previews' shrink) and
  /// hands them to `PreviewDrawing`.
  private func draw(
    _ context: ArtworkContext, looked: Looked, results: [TargetResult], stats: inout RenderStats,
    onOutput: @Sendable () -> Void
  ) throws(ArtworkFailure) -> PreviewDrawing.Drawn {
    let plan = PreviewPlan(stem: context.file.stem, results: results, overlays: painter, format: options.writing.format)
    let safe = SafeEverywhere.region(results)
    let info = context.info
    if let document = context.document {
      return try drawing.draw(
        plan, from: .vector(document), results: results, safeEverywhere: safe, context: context, stats: &stats,
        onOutput: onOutput)
    }
    if let decoded = looked.decoded {
      return try drawing.draw(
        plan, from: .decoded(decoded.image.droppingOpaqueAlpha(), shrink: decoded.shrink, origin: nil),
        results: results, safeEverywhere: safe, context: context, stats: &stats, onOutput: onOutput)
    }
    let shrink = info.shrinksOnLoad && !options.drawing.linear ? plan.loadShrink() : 1
    let mapShrink = Self.cropMapShrink(info)
    // A region pays when the crop map's whole decode shrinks on load (a DCT scale) beside it.
    if info.format.decodesRegions, info.shrinksOnLoad, mapShrink > 1,
      let region = plan.sourceRegion(
        shrink: shrink, decoded: PixelSize((info.width + shrink - 1) / shrink, (info.height + shrink - 1) / shrink),
        kernel: options.drawing.kernel)
    {
      return try drawing.drawFromRegion(
        region, shrink: shrink, mapShrink: mapShrink, plan: plan, results: results, safeEverywhere: safe,
        context: context, stats: &stats, onOutput: onOutput)
    }
    let whole = try context.decode(shrink: shrink, stats: &stats)
    var drawn = try drawing.draw(
      plan, from: .decoded(whole.image.droppingOpaqueAlpha(), shrink: whole.shrink, origin: nil),
      results: results, safeEverywhere: safe, context: context, stats: &stats, onOutput: onOutput)
    drawn.bars = whole.bars
    drawn.decodedHere = true
    return drawn
  }

  /// The DCT scale of a whole decode made only for the crop map (at most 1024 px on its long
  /// side) and the bars: the smallest that still gives the map all its pixels; 1 when the
  /// source is too small for any, and a region decode would not pay.
  private static func cropMapShrink(_ info: ImageInfo) -> Int {
    let longSide = max(info.width, info.height)
    return [8, 4, 2].first { (longSide + $0 - 1) / $0 >= CropMapSize.longSide } ?? 1
  }

  /// The report, assembled once from what every stage found.
  private func report(
    _ context: ArtworkContext, looked: Looked, results: [TargetResult], drawn: PreviewDrawing.Drawn?
  ) -> ArtworkReport {
    let info = context.info
    var report = ArtworkReport(
      file: context.file, width: info.width, height: info.height, focus: looked.focus,
      embeddedBars: drawn?.decodedHere == true ? drawn?.bars : looked.bars, cropMap: drawn?.cropMap,
      results: results.indices.map { ReportedResult(results[$0], preview: drawn?.previews[$0]) })
    report.requestedGravity = context.settings.gravity
    report.format = info.format
    report.vector = info.format.isVector
    report.images = info.images
    report.hdr = ArtworkHDR(info)
    if let layers = context.layers {
      let reported = layers.map(ArtworkLayer.init)
      report.layers = reported
      for index in report.results.indices {
        let placement = results[index].placement
        let safe = placement.maskedSafeSource ?? placement.visibleSafeSource
        report.results[index].layersOutsideSafe = reported.map { $0.outsideShare(of: safe) }
      }
    }
    if let highlights = context.highlights {
      report.hdr?.highlights = highlights.share
      let region = looked.focus?.rect(in: context.source) ?? Rect.of(context.source)
      for index in report.results.indices {
        report.results[index].hdrHighlightsKept = highlights.kept(in: results[index].placement.crop, of: region)
      }
    }
    let colour = context.colour
    report.profile = colour.profile.map { EmbeddedProfile(name: $0.name, space: $0.space.rawValue) }
    if let problem = colour.problem {
      report.warnings.append(ArtworkWarning(.profile, "\(problem); treated as untagged sRGB"))
    }
    let previews = options.writing.writePreviews ? options.writing.format : nil
    report.warnings += Self.contentWarnings(context, previews: previews)
    if let bars = report.embeddedBars { report.warnings.append(barsWarning(bars)) }
    let document = context.document
    if let refused = VectorDocument.referencesWarning(document?.externalReferences ?? info.externalReferences) {
      report.warnings.append(ArtworkWarning(.externalReference, refused))
    }
    if let note = document?.note { report.warnings.append(ArtworkWarning(.document, note)) }
    return report
  }
}
