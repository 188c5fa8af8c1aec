import ArtworkCodec
import ArtworkGeometry
@_spi(Support) import ArtworkSupport

/// Everything artfit found for one artwork.
public struct ArtworkReport: Sendable {
  /// The artwork's path and the stem its outputs are named by.
  public var file: ArtworkFile
  /// The artwork's width in pixels, upright (after EXIF orientation); a vector's rounded up.
  public var width: Int
  /// The artwork's height in pixels, upright.
  public var height: Int
  /// The file's format, when known (a report of version 1 does not say).
  public var format: ImageFormat?
  /// Whether the artwork is a vector drawing (drawn at each screen's pixels), not pixels.
  public var vector = false
  /// How many images the file holds (an animation's frames); the first is checked.
  public var images = 1
  /// The HDR the artwork carries (a gain map, PQ or HLG); nil for SDR.
  public var hdr: ArtworkHDR?
  /// A layered image's layers, front first; nil for an artwork of one picture.
  public var layers: [ArtworkLayer]?
  /// The region that must stay visible (manifest, `--focus` or `--auto-focus`), when known.
  public var focus: FocusRegion?
  /// The gravity the run set for this artwork's fills (command line or manifest); nil when it
  /// left it to the focus (`focus` with a focus region, else `center`) or is not known (a
  /// report read back).
  public var requestedGravity: Gravity?
  /// Baked-in letterbox/pillarbox bars in source pixels, when pixels were read and found some.
  public var embeddedBars: Insets?
  /// The source region inside the safe area on every result (`SafeEverywhere`), or nil.
  public var safeEverywhere: Rect?
  /// The colour profile the artwork carries, when it is usable; nil for untagged artwork.
  public var profile: EmbeddedProfile?
  /// What artfit noticed and worked around, such as an unusable colour profile.
  public var warnings: [ArtworkWarning] = []
  /// The crop map's path relative to the output folder, when one was written.
  public var cropMap: String?
  /// The artwork on each screen, with where its previews went.
  public var results: [ReportedResult]

  /// An artwork's report; the region safe everywhere is computed from `results`.
  public init(
    file: ArtworkFile, width: Int, height: Int, focus: FocusRegion?, embeddedBars: Insets? = nil,
    cropMap: String? = nil, results: [ReportedResult]
  ) {
    self.file = file
    self.width = width
    self.height = height
    self.focus = focus
    self.embeddedBars = embeddedBars
    self.cropMap = cropMap
    self.results = results
    safeEverywhere = SafeEverywhere.region(results.map(\.result))
  }

  /// The same artwork with the paths of its outputs (crop map, previews) passed through
  /// `move`: the report as seen from another folder (a merge's, the contact sheet's pages).
  public func movingOutputs(_ move: (String) -> String) -> ArtworkReport {
    var artwork = self
    artwork.cropMap = cropMap.map(move)
    for index in artwork.results.indices { artwork.results[index].preview = artwork.results[index].preview.map(move) }
    return artwork
  }

  /// The artwork object of report.json.
  package func write(to json: inout JSONStream) {
    json.beginObject()
    writeFile(to: &json)
    writeFindings(to: &json)
    json.key(.cropMap)
    json.string(cropMap)
    json.key(.results)
    json.beginArray()
    for index in results.indices {  // by index: no copy of each result
      results[index].write(to: &json)
      json.buffer.flushIfFull()
    }
    json.endArray()
    json.endObject()
  }

  /// The source, its size, format and frames.
  private func writeFile(to json: inout JSONStream) {
    json.key(.source)
    json.string(file.path)
    json.key(.stem)
    json.string(file.stem)
    json.key(.relativePath)
    json.string(file.relativePath)
    json.key(.width)
    json.integer(width)
    json.key(.height)
    json.integer(height)
    if let format {
      json.key(.format)
      json.plain(format.rawValue)
      json.key(.vector)
      json.bool(vector)
    }
    if images > 1 {
      json.key(.images)
      json.integer(images)
    }
    if let hdr {
      json.key(.hdr)
      hdr.write(to: &json)
    }
    if let layers {
      json.key(.layers)
      json.beginArray()
      for layer in layers { layer.write(to: &json) }
      json.endArray()
    }
  }

  /// What artfit found in the artwork: the focus, the baked-in bars, the region safe
  /// everywhere, the colour profile and the warnings.
  private func writeFindings(to json: inout JSONStream) {
    json.key(.focus)
    if let f = focus {
      json.beginObject(inline: true)
      writeRectMembers(Rect(x: f.x, y: f.y, width: f.width, height: f.height), places: 4, to: &json)
      json.key(.origin)
      json.plain(f.origin.rawValue)
      json.endObject()
    } else {
      json.null()
    }
    json.key(.embeddedBars)
    if let bars = embeddedBars {
      json.beginObject(inline: true)
      json.key(.top)
      json.compact(bars.top, 4)
      json.key(.bottom)
      json.compact(bars.bottom, 4)
      json.key(.left)
      json.compact(bars.left, 4)
      json.key(.right)
      json.compact(bars.right, 4)
      json.endObject()
    } else {
      json.null()
    }
    json.key(.safeEverywhere)
    if let safe = safeEverywhere { writeRect(safe, to: &json) } else { json.null() }
    json.key(.profile)
    if let profile {
      json.beginObject(inline: true)
      json.key(.name)
      json.string(profile.name)
      json.key(.space)
      json.string(profile.space)
      json.endObject()
    } else {
      json.null()
    }
    json.key(.warnings)
    json.beginArray()
    for warning in warnings {
      json.beginObject(inline: true)
      json.key(.kind)
      json.plain(warning.kind.rawValue)
      json.key(.message)
      json.string(warning.message)
      json.endObject()
    }
    json.endArray()
  }
}

/// A whole run: its options, every artwork's results, and the inputs that failed.
public struct RunReport: Sendable {
  /// The options of the run, as report.json's `options` object records them.
  public var options: JSONValue
  /// Every artwork read, in the order of the inputs.
  public var artworks: [ArtworkReport]
  /// The inputs that could not be read, each with why.
  public var errors: [InputError]
  /// Files under the inputs that are not artwork, in path order.
  public var skipped: [SkippedFile] = []
  /// Files and folders `--exclude` and the manifest's `exclude` left out.
  public var excluded = 0
  /// What the run says of its settings rather than of an artwork: a manifest entry that
  /// matches no artwork, with the nearest name.
  public var notes: [String] = []
  /// With a shard, how many artworks all shards hold together.
  public var artworksInAllShards: Int? = nil
  /// Why the run stopped early when the output folder could take no more (disk full,
  /// read-only, quota): every later write would have failed too.
  public var stoppedBy: OutputError?

  /// A run's report from its parts; the counts follow from them.
  public init(options: JSONValue, artworks: [ArtworkReport], errors: [InputError], stoppedBy: OutputError? = nil) {
    self.options = options
    self.artworks = artworks
    self.errors = errors
    self.stoppedBy = stoppedBy
  }

  /// Whether a baseline was applied (`--baseline`): the summary then counts what it excused.
  public var usedBaseline = false

  /// The counts of the whole report.
  public var tally: RunTally {
    var tally = RunTally()
    for artwork in artworks { tally.count(artwork) }
    tally.errors = errors
    tally.skipped = skipped
    tally.excluded = excluded
    tally.usedBaseline = usedBaseline
    tally.stoppedBy = stoppedBy
    return tally
  }

  /// How many results the artworks have between them.
  public var resultCount: Int { artworks.reduce(0) { $0 + $1.results.count } }
  /// The failing results a baseline excused.
  public var baselinedCount: Int { tally.baselined }
  /// The results whose failures no baseline excuses.
  public var failedCount: Int { tally.failed }
  /// What `artfit` exits with for this report: the output folder giving out first, then an
  /// input error, then a failure no baseline excuses, else success.
  public var exitStatus: ExitStatus { tally.exitStatus }

  /// The version of report.json this artfit writes (`shared/design/contract.md`); it reads
  /// every version up to it.
  public static let reportVersion = 2

  /// report.json as UTF-8, as the file holds it (compact, keys in the contract's order).
  public func jsonBytes() -> [UInt8] {
    var json = JSONStream(compact: true)
    write(to: &json)
    return json.bytes
  }

  func write(to json: inout JSONStream) {
    Self.writeHead(options: options, to: &json)
    for index in artworks.indices { artworks[index].write(to: &json) }
    Self.writeTail(tally, to: &json)
  }

  /// report.json up to the artworks array, opened.
  static func writeHead(options: JSONValue, to json: inout JSONStream) {
    json.beginObject()
    json.key(.version)
    json.integer(reportVersion)
    json.key(.generator)
    json.string(ArtfitVersion.generator)
    json.key(.options)
    json.value(options)
    json.key(.artworks)
    json.beginArray()
  }

  /// report.json after the artworks: the array closed, the errors, the files skipped and the
  /// summary.
  static func writeTail(_ tally: RunTally, to json: inout JSONStream) {
    json.endArray()
    writeSources(.errors, tally.errors.map { ($0.source, $0.message) }, saying: .message, to: &json)
    writeSources(.skipped, tally.skipped.map { ($0.source, $0.reason) }, saying: .reason, to: &json)
    json.key(.summary)
    json.beginObject(inline: true)
    json.key(.artworks)
    json.integer(tally.artworks)
    json.key(.results)
    json.integer(tally.results)
    json.key(.failed)
    json.integer(tally.failed)
    if tally.usedBaseline {
      json.key(.baselined)
      json.integer(tally.baselined)
    }
    json.key(.errors)
    json.integer(tally.errors.count)
    json.key(.skipped)
    json.integer(tally.skipped.count)
    json.endObject()
    json.endObject()
  }

  /// An array of `{"source", <saying>}` objects under `key` (the errors, the files skipped).
  private static func writeSources(
    _ key: ReportKey, _ items: [(source: String, text: String)], saying: ReportKey, to json: inout JSONStream
  ) {
    json.key(key)
    json.beginArray()
    for item in items {
      json.beginObject(inline: true)
      json.key(.source)
      json.string(item.source)
      json.key(saying)
      json.string(item.text)
      json.endObject()
    }
    json.endArray()
  }
}
