import ArtworkCodec
import ArtworkGeometry
import ArtworkPixels
import ArtworkReport
@_spi(Support) import ArtworkSupport

/// One artwork as the renderer's stages see it: the file, its settings, its bytes (read once),
/// its header (probed once), its colour and its vector document. Made by `read`, the first
/// stage; every later stage reads it and returns what it found, and the report is assembled
/// from those results at the end (`ArtworkRenderer`).
struct ArtworkContext {
  let file: ArtworkFile
  let settings: ArtworkSettings
  /// The whole file, opened for its probe and decodes, when a stage looks at pixels; nil for a
  /// check, which reads the header only.
  let encoded: EncodedImage?
  let info: ImageInfo
  let colour: ArtworkColour
  /// An SVG's or PDF's document, when pixels are drawn from it.
  let document: VectorDocument?
  let limits: ImageLimits
  /// Whether auto-focus looks for this artwork's focus (asked for, and none set for it).
  let findsFocus: Bool
  /// An image stack's layers, front first; nil for an artwork of one file.
  let layers: [ImageStackComposite.Layer]?
  /// The file's HDR gain map as read (or why not), and on an HDR base the SDR rendition its
  /// map draws, which every decode takes.
  var gainMap = ArtworkGainMap()
  /// The gain map the previews carry; nil when no previews are drawn, their format cannot
  /// carry one, or there is none to carry.
  var carriedGainMap: GainMapCarrier? = nil

  /// Where the artwork's HDR highlights lie, when it has a gain map artfit reads.
  var highlights: HDRHighlights? = nil

  /// The source's size in pixels, as the geometry sees it.
  var source: Size { Size(Double(info.width), Double(info.height)) }

  /// The first stage: the file read once (whole when pixels will be looked at, only its
  /// header otherwise, or `given` when the cache read it already) and its header probed once
  /// from what was read; a vector's document opened when pixels will be drawn from it.
  static func read(
    _ file: ArtworkFile, given: [UInt8]?, options: RenderOptions, colours: ColourCache, stats: inout RenderStats
  ) throws(ArtworkFailure) -> ArtworkContext {
    let settings = options.settings(for: file)
    let findsFocus = options.solving.autoFocus && settings.focus == nil
    let drawsPixels = options.writing.writePreviews || options.solving.trimBars || findsFocus
    let limits = options.reading.limits
    do {
      var bytes = given
      var layers: [ImageStackComposite.Layer]? = nil
      if ImageStackLayout.isStack(file.path) {
        // A stack is drawn from its layers whatever the command (its size and alpha are the
        // composite's), and read on as the PNG of that composite.
        let stack = try MonotonicClock.timed(&stats.decode) { () throws(ImageError) in
          try ImageStackComposite.compose(ImageStackLayout.read(file.path), limits: limits)
        }
        bytes = try ImageEncoder.png(stack.image, name: file.path)
        layers = stack.layers
      } else if bytes == nil && drawsPixels {
        bytes = try MonotonicClock.timed(&stats.decode) { () throws(ImageError) in
          try FileBytes.read(file.path, limit: limits.maxFileBytes)
        }
      }
      let encoded = bytes.map { EncodedImage(bytes: $0, name: file.path, limits: limits) }
      let info = try MonotonicClock.timed(&stats.probe) { () throws(ImageError) in
        if let encoded { return try encoded.probe() }
        return try ImageDecoder.probe(file: file.path, limits: limits)
      }
      // Every command reads the map (its highlights are reported); only previews carry it.
      let gainMap = try ArtworkGainMap.read(
        info: info, encoded: encoded, path: file.path, drawsPixels: drawsPixels, threads: options.running.jobs,
        limits: limits, stats: &stats)
      var colourInfo = info
      if let profile = gainMap.renditionProfile { colourInfo.iccProfile = profile }
      // A check that looks at no pixels takes a vector's size from its probe, never building it.
      var document: VectorDocument? = nil
      if info.format.isVector, drawsPixels, let bytes = encoded?.bytes {
        document = try MonotonicClock.timed(&stats.probe) { () throws(ImageError) in
          try VectorDocument(bytes: bytes, name: file.path, limits: limits)
        }
      }
      var context = ArtworkContext(
        file: file, settings: settings, encoded: encoded, info: info,
        colour: ArtworkColour(
          info: colourInfo, choice: options.drawing.profile, intent: options.drawing.intent, cache: colours),
        document: document, limits: limits, findsFocus: findsFocus, layers: layers)
      context.gainMap = gainMap
      if case .read(let image)? = gainMap.outcome {
        let source = PixelSize(info.width, info.height)
        context.highlights = HDRHighlights(image, source: source)
        if options.writing.writePreviews {
          context.carriedGainMap = GainMapCarrier(image, format: options.writing.format, source: source)
        }
      }
      return context
    } catch { throw .image(error) }
  }

  /// The whole source at 1/`shrink`, or only `region` of that (and then no bars), from the
  /// bytes read once, through the file's one decoder.
  func decode(
    shrink: Int, region: ImageRegion? = nil, scans: JPEGScanSplit.Part? = nil, stats: inout RenderStats
  ) throws(ArtworkFailure) -> DecodedSource {
    if let rendition = gainMap.rendition {
      // Drawn at full size: only a JPEG shrinks on load, and a JPEG has no HDR base.
      precondition(shrink == 1, "an HDR base decoded at 1/\(shrink)")
      let image = region.map { rendition.cropped(to: $0) } ?? rendition
      return DecodedSource(image: image, shrink: 1, bars: region == nil ? EmbeddedBars.detect(in: image) : nil)
    }
    guard let encoded else { preconditionFailure("a decode of an artwork read for its header only") }
    let image: Image
    do {
      image = try MonotonicClock.timed(&stats.decode) { () throws(ImageError) in
        try encoded.decode(shrink: shrink, region: region, cmyk: colour.cmykDecode, scans: scans)
      }
    } catch { throw .image(error) }
    let bars = region == nil ? EmbeddedBars.detect(in: image)?.scaled(by: Double(shrink)) : nil
    return DecodedSource(image: image, shrink: shrink, bars: bars)
  }

  /// The vector drawn whole at the crop map's size, for the bars and auto-focus: they look at
  /// pixels, and that size holds what they find (a decode's are found at 1/8 or more).
  func drawWorking(_ document: VectorDocument, stats: inout RenderStats) throws(ArtworkFailure) -> DecodedSource {
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
}

/// A decode and what was found in it.
struct DecodedSource {
  var image: Image
  /// The DCT scale it was decoded at (1, 2, 4 or 8).
  var shrink: Int
  /// Baked-in bars in full-size source pixels; found on a shrunk decode, as exact as one
  /// decoded pixel.
  var bars: Insets?
}
