import Dispatch

/// Renders one artwork: probe, solve every screen, decode once, resample each group once,
/// composite overlays, encode and write each preview, and the crop map.
struct ArtworkRenderer {
  let options: RenderOptions
  let painter: OverlayPainter
  let workspaces = PreviewWorkspaces()

  init(options: RenderOptions) {
    self.options = options
    painter = OverlayPainter(overlays: options.overlays)
  }

  /// The artwork's report, or the error that stopped it; and the work done.
  func render(_ file: ArtworkFile, onOutput: @Sendable () -> Void) -> (Result<ArtworkReport, ImageError>, RenderStats) {
    var stats = RenderStats()
    let info: ImageInfo
    do {
      info = try timed(&stats.probe) { try ImageDecoder.probe(file: file.path, limits: options.limits) }
    } catch {
      return (.failure(error as! ImageError), stats)
    }
    let source = Size(Double(info.width), Double(info.height))
    let settings = options.settings(for: file)
    let findFocus = options.autoFocus && settings.focus == nil

    /// Every screen and mode solved on `content` (the whole source, or what lies inside
    /// baked-in bars), in the whole source's pixels.
    func solve(content: Rect, focus: FocusRegion?) -> [TargetResult] {
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

    // Trimming and auto-focus need pixels before the geometry. Trimming reads them at full
    // size; auto-focus alone at the size the previews need (a small copy for check).
    var decoded: (image: Image, shrink: Int)? = nil
    if options.trimBars || findFocus {
      var shrink = 1
      if !options.trimBars && info.format == .jpeg {
        shrink =
          options.writePreviews
          ? (options.linear
            ? 1
            : PreviewPlan(
              stem: file.stem, results: solve(content: Rect.of(source), focus: nil), overlays: painter,
              format: options.format
            ).jpegShrink())
          : 8
      }
      do {
        let image = try timed(&stats.decode) {
          try ImageDecoder.decode(file: file.path, shrink: shrink, limits: options.limits)
        }
        decoded = (image, shrink)
      } catch {
        return (.failure(error as! ImageError), stats)
      }
    }
    // Found on a shrunk decode, the bars are as exact as one decoded pixel.
    var bars = decoded.flatMap { EmbeddedBars.detect(in: $0.image)?.scaled(by: Double($0.shrink)) }
    let trim = options.trimBars ? bars ?? .zero : .zero
    let content = Rect(
      x: trim.left, y: trim.top, width: source.width - trim.left - trim.right,
      height: source.height - trim.top - trim.bottom)
    let focus = findFocus ? decoded.flatMap { AutoFocus.region(in: $0.image) } : settings.focus
    let results = solve(content: content, focus: focus)
    var report = ArtworkReport(
      file: file, width: info.width, height: info.height, focus: focus, embeddedBars: bars, results: results)
    guard options.writePreviews else { return (.success(report), stats) }

    let plan = PreviewPlan(stem: file.stem, results: results, overlays: painter, format: options.format)
    if decoded == nil {
      let shrink = info.format == .jpeg && !options.linear ? plan.jpegShrink() : 1
      do {
        let image = try timed(&stats.decode) {
          try ImageDecoder.decode(file: file.path, shrink: shrink, limits: options.limits)
        }
        decoded = (image, shrink)
        bars = EmbeddedBars.detect(in: image)?.scaled(by: Double(shrink))
        report.embeddedBars = bars
      } catch {
        return (.failure(error as! ImageError), stats)
      }
    }
    guard let (decodedImage, shrink) = decoded else { preconditionFailure("decoded above") }
    let image = decodedImage.droppingOpaqueAlpha()
    // Geometry is in full-size source pixels; the decoded image may be 1/shrink of it.
    let toDecoded = 1 / Double(shrink)

    let shared = Locked((stats: RenderStats(), failure: ImageError?.none))
    let workers = min(options.jobs, plan.groups.count)
    let resample = ResampleOptions(kernel: options.kernel, linear: options.linear, threads: 1)
    // Largest groups first, each taken by whichever worker is free: the cores finish together.
    let cost = plan.groups.map { group in
      group.previews.reduce(0) {
        $0 + plan.previews[$1].placement.canvas.width * plan.previews[$1].placement.canvas.height
      }
    }
    let order = plan.groups.indices.sorted { (cost[$0], $1) > (cost[$1], $0) }
    let next = Locked(0)
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      var local = RenderStats()
      let workspace = workspaces.take()
      defer { workspaces.giveBack(workspace) }
      while true {
        let claimed = next.withLock { value -> Int in
          defer { value += 1 }
          return value
        }
        guard claimed < order.count else { break }
        let groupIndex = order[claimed]
        // A full or read-only output folder fails every later write too.
        if case .outputUnavailable = shared.withLock({ $0.failure }) { break }
        let group = plan.groups[groupIndex]
        let picture = timed(&local.resample) {
          Resampler.resample(image, from: group.sourceRect.scaled(by: toDecoded), to: group.size, options: resample)
        }
        for previewIndex in group.previews {
          let preview = plan.previews[previewIndex]
          do {
            try write(preview, picture: picture, icc: image.iccProfile, workspace: workspace, stats: &local)
            for _ in 0...preview.copies.count { onOutput() }
          } catch {
            shared.withLock { if $0.failure == nil { $0.failure = error as? ImageError } }
          }
        }
      }
      shared.withLock { $0.stats = $0.stats + local }
    }
    stats = stats + shared.withLock { $0.stats }
    if let failure = shared.withLock({ $0.failure }) { return (.failure(failure), stats) }

    for index in report.results.indices { report.results[index].preview = plan.resultPaths[index] }
    do {
      report.cropMap = try drawCropMap(image, source: source, results: results, stem: file.stem, stats: &stats)
    } catch {
      return (.failure(error as! ImageError), stats)
    }
    return (.success(report), stats)
  }

  private func write(
    _ preview: PreviewPlan.Preview, picture: Image, icc: [UInt8]?, workspace: PreviewWorkspace,
    stats: inout RenderStats
  ) throws {
    let p = preview.placement
    // Moved out of the workspace first, so the canvas holds the only reference and reuses it.
    let storage = workspace.canvasStorage
    workspace.canvasStorage = []
    var canvas = Canvas(size: p.canvas, background: options.background, reusing: consume storage)
    defer { workspace.canvasStorage = canvas.releaseStorage() }
    timed(&stats.overlay) {
      let origin = p.mode == .fit ? (p.renderedPlacement.x, p.renderedPlacement.y) : (0, 0)
      canvas.draw(picture, at: origin)
      let focus = p.focus.map { $0.scaled(by: p.scaleFactor).offsetBy(dx: p.placement.x, dy: p.placement.y) }
      painter.paint(&canvas, screen: preview.screen, focus: focus)
    }
    let files = [preview.path] + preview.copies
    let paths = try files.map { try OutputFolder.path($0, in: options.outputFolder) }
    try encode(canvas.image(iccProfile: icc), to: paths, pngWriter: workspace.pngWriter, stats: &stats)
    stats.outputs += paths.count
    if options.thumbnails { try writeThumbnail(canvas, for: files, stats: &stats) }
  }

  /// Encodes a preview in the chosen format and writes it to each of `paths`.
  private func encode(_ image: Image, to paths: [String], pngWriter: PNGWriter, stats: inout RenderStats) throws {
    switch options.format {
    case .png:
      let start = now()
      try pngWriter.withPNG(of: image, level: options.pngLevel, name: paths[0]) { bytes throws(ImageError) in
        let encoded = now()
        stats.encode += encoded - start
        defer { stats.write += now() - encoded }
        for path in paths { try AtomicFile.write(bytes, to: path) }
        stats.outputBytes += bytes.count * paths.count
      }
    case .jpeg:
      let bytes = try timed(&stats.encode) {
        try ImageEncoder.jpeg(image, quality: options.jpegQuality, name: paths[0])
      }
      try timed(&stats.write) { for path in paths { try AtomicFile.write(bytes, to: path) } }
      stats.outputBytes += bytes.count * paths.count
    }
  }

  /// A small JPEG of the preview for the contact sheet (at most 240 px on its long side),
  /// written for each of the preview's files.
  private func writeThumbnail(_ canvas: Canvas, for previews: [String], stats: inout RenderStats) throws {
    let size = canvas.size
    let factor = 240 / Double(max(size.width, size.height))
    let thumb = PixelSize(
      max(1, Int((Double(size.width) * factor).rounded())), max(1, Int((Double(size.height) * factor).rounded())))
    let paths = try previews.map { try OutputFolder.path(HTMLWriter.thumbnailPath(for: $0), in: options.outputFolder) }
    let small = timed(&stats.overlay) {
      Resampler.resample(canvas.image(), to: thumb, options: ResampleOptions(kernel: .box, threads: 1))
    }
    let bytes = try timed(&stats.encode) { try ImageEncoder.jpeg(small, quality: 80, name: paths[0]) }
    try timed(&stats.write) { for path in paths { try AtomicFile.write(bytes, to: path) } }
  }

  /// The whole source, at most 1024 px on its long side, with the visible rect of every
  /// fill result outlined in its family's colour.
  private func drawCropMap(
    _ image: Image, source: Size, results: [TargetResult], stem: String, stats: inout RenderStats
  ) throws -> String {
    let longSide = Double(max(image.width, image.height))
    let factor = min(1, 1024 / longSide)
    let size = PixelSize(
      max(1, Int((Double(image.width) * factor).rounded())), max(1, Int((Double(image.height) * factor).rounded())))
    let small = timed(&stats.resample) {
      Resampler.resample(image, to: size, options: ResampleOptions(kernel: options.kernel, threads: options.jobs))
    }
    var canvas = Canvas(size: size, background: RGB(128, 128, 128))
    canvas.draw(small, at: (0, 0))
    let toMap = Double(size.width) / source.width
    var drawn = Set<[Double]>()
    for result in results where result.placement.mode == .fill && result.placement.boxing == .crop {
      let crop = result.placement.crop.scaled(by: toMap)
      guard drawn.insert([crop.x, crop.y, crop.width, crop.height]).inserted else { continue }
      let colour = CropMapColours.colour(for: result.screen.target.family)
      for side in painter.frame(crop.insetBy(1), width: 2) { canvas.fill(side, colour, opacity: 0.85) }
    }
    let path = stem + "/crop-map.png"
    let bytes = try ImageEncoder.png(canvas.image(), level: options.pngLevel, name: path)
    try AtomicFile.write(bytes, to: OutputFolder.path(path, in: options.outputFolder))
    return path
  }
}

/// Outline colours of the crop map, by family (the contact sheet shows the legend).
public enum CropMapColours {
  public static func colour(for family: Family) -> RGB {
    switch family {
    case .iphone, .ipod: RGB(255, 59, 48)
    case .ipad: RGB(10, 132, 255)
    case .tv: RGB(52, 199, 89)
    case .video: RGB(191, 90, 242)
    case .split: RGB(255, 159, 10)
    case .custom: RGB(255, 255, 255)
    }
  }
}

extension Rect {
  /// The rect shrunk by `amount` on every side.
  func insetBy(_ amount: Double) -> Rect {
    Rect(x: x + amount, y: y + amount, width: max(0, width - 2 * amount), height: max(0, height - 2 * amount))
  }
}
