import ArtworkGeometry
@_spi(Support) import ArtworkSupport

/// The data the focus editor's script solves from: the page's screens once (canvas and safe
/// insets in canvas pixels, exactly as the solver had them), then per artwork its size, the
/// content the run solved on, its focus, gravity, manifest key and results.
enum FocusEditorData {
  /// A result's mode as the script numbers it: fit, fill, auto applied as fit, as fill.
  static func modeCode(_ placement: Placement) -> Int {
    let fill = placement.mode == .fill ? 1 : 0
    return placement.requestedMode == .auto ? 2 + fill : fill
  }

  /// The `<script type="application/json">` element for `artworks` (each with results).
  static func write(_ artworks: [ArtworkReport], setup: FocusEditorSetup, to out: inout ByteBuffer) {
    var json = JSONStream(buffer: ByteBuffer(capacity: 1 << 14))
    var screenIndex: [ScreenKey: Int] = [:]
    var screens: [TargetResult] = []
    var entries: [[(Int, Int)]] = []
    for artwork in artworks {
      entries.append(
        artwork.results.map { result in
          let key = ScreenKey(result.result)
          let index = screenIndex[key] ?? screens.count
          if index == screens.count {
            screenIndex[key] = index
            screens.append(result.result)
          }
          return (index, modeCode(result.placement))
        })
    }
    json.beginObject()
    json.key("colours")
    json.beginArray()
    for family in Family.allCases {
      json.beginArray(inline: true)
      json.plain(family.rawValue)
      json.plain(CropMapColours.colour(for: family).description)
      json.endArray()
    }
    json.endArray()
    json.key("manifest")
    json.string(setup.manifestText)
    json.key("manifest_name")
    json.string(setup.manifestName)
    json.key("screens")
    json.beginArray()
    for result in screens { writeScreen(result, to: &json) }
    json.endArray()
    json.key("artworks")
    json.beginArray()
    for (artwork, results) in zip(artworks, entries) {
      writeArtwork(artwork, results: results, setup: setup, to: &json)
    }
    json.endArray()
    json.endObject()
    out.append("<script type=\"application/json\" id=\"artfit-focus-data\">")
    // `<` only ever appears inside strings, where \u003c reads the same and ends no element.
    for byte in json.bytes {
      if byte == UInt8(ascii: "<") { out.append("\\u003c") } else { out.append(byte: byte) }
    }
    out.append("</script>\n")
  }

  /// A screen as the script reads it: slug, name, family, orientation, canvas width and
  /// height, safe insets (top, left, bottom, right), and its reserved regions when it has any
  /// (kind "o" or "d", x, y, width, height in canvas pixels), then an app icon mask's exponent
  /// when it has one (its regions written, if empty, to keep the place).
  private static func writeScreen(_ result: TargetResult, to json: inout JSONStream) {
    let insets = result.screen.safeInsets
    json.beginArray()
    json.plain(result.screen.target.slug)
    json.string(result.screen.target.name)
    json.plain(result.screen.target.family.rawValue)
    json.plain(result.screen.orientation.rawValue)
    json.integer(result.placement.canvas.width)
    json.integer(result.placement.canvas.height)
    json.beginArray(inline: true)
    for value in [insets.top, insets.left, insets.bottom, insets.right] { json.exact(value) }
    json.endArray()
    // An occlusion outside the safe area changes no figure: only those inside it, and every
    // division, are the script's to know (a screen without them reads as before).
    let safe = result.screen.safeArea
    let regions = result.screen.regions.filter { region in
      region.kind == .division || region.rect.map { !$0.intersection(safe).isEmpty } == true
    }
    if !regions.isEmpty || result.screen.mask != nil {
      json.beginArray()
      for region in regions {
        guard let rect = region.rect else { continue }
        json.beginArray(inline: true)
        json.plain(region.kind == .occlusion ? "o" : "d")
        for value in [rect.x, rect.y, rect.width, rect.height] { json.exact(value) }
        json.endArray()
      }
      json.endArray()
    }
    if let mask = result.screen.mask { json.integer(mask.exponent) }
    json.endArray()
  }

  private static func writeArtwork(
    _ artwork: ArtworkReport, results: [(Int, Int)], setup: FocusEditorSetup, to json: inout JSONStream
  ) {
    let content = content(of: artwork)
    json.beginObject()
    json.key("source")
    json.string(artwork.file.path)
    json.key("key")
    json.string(setup.key(artwork.file))
    json.key("w")
    json.integer(artwork.width)
    json.key("h")
    json.integer(artwork.height)
    json.key("content")
    json.beginArray(inline: true)
    for value in [content.x, content.y, content.width, content.height] { json.exact(value) }
    json.endArray()
    json.key("focus")
    if let f = artwork.focus {
      json.beginArray(inline: true)
      for value in [f.x, f.y, f.width, f.height] { json.exact(value) }
      json.endArray()
    } else {
      json.null()
    }
    json.key("gravity")
    if let gravity = gravity(of: artwork) { json.plain(gravity.rawValue) } else { json.null() }
    json.key("results")
    json.beginArray()
    for (screen, mode) in results {
      json.beginArray(inline: true)
      json.integer(screen)
      json.integer(mode)
      json.endArray()
    }
    json.endArray()
    json.endObject()
  }

  /// What the run solved on: the whole source, or (`--trim-bars`) what lies inside the
  /// baked-in bars, whose size the results' placements carry.
  static func content(of artwork: ArtworkReport) -> Rect {
    let whole = Rect.of(Size(Double(artwork.width), Double(artwork.height)))
    guard let solved = artwork.results.first?.placement.source, solved != whole.size, let bars = artwork.embeddedBars
    else { return whole }
    return whole.inset(by: bars)
  }

  /// The gravity a drawn focus is solved with: the run's, or nil for `focus`. A report read
  /// back does not say; its fills do (a fit says none), except that a `center` without a
  /// focus may have been the default.
  static func gravity(of artwork: ArtworkReport) -> Gravity? {
    if let requested = artwork.requestedGravity { return requested == .focus ? nil : requested }
    guard let solved = artwork.results.first(where: { $0.placement.mode == .fill })?.placement.gravity,
      solved != .focus
    else { return nil }
    return solved == .center && artwork.focus == nil ? nil : solved
  }
}

/// The figures of a screen the editor solves with.
private struct ScreenKey: Hashable {
  var slug: String
  var orientation: ScreenOrientation
  var canvas: PixelSize
  var insets: Insets
  var regions: [ScreenRegion]

  init(_ result: TargetResult) {
    slug = result.screen.target.slug
    orientation = result.screen.orientation
    canvas = result.placement.canvas
    insets = result.screen.safeInsets
    regions = result.screen.regions  // the key may hold more than is written: it only tells screens apart
  }
}
