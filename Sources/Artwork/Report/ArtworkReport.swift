/// Everything artfit found for one artwork.
public struct ArtworkReport: Sendable {
  public var file: ArtworkFile
  public var width: Int
  public var height: Int
  public var focus: FocusRegion?
  /// Baked-in letterbox/pillarbox bars in source pixels, when pixels were read and found some.
  public var embeddedBars: Insets?
  /// The crop map's path relative to the output folder, when one was written.
  public var cropMap: String?
  public var results: [TargetResult]

  public init(file: ArtworkFile, width: Int, height: Int, focus: FocusRegion?, embeddedBars: Insets? = nil,
              cropMap: String? = nil, results: [TargetResult]) {
    self.file = file
    self.width = width
    self.height = height
    self.focus = focus
    self.embeddedBars = embeddedBars
    self.cropMap = cropMap
    self.results = results
  }

  public var json: JSONValue {
    .object([
      ("source", .string(file.path)),
      ("stem", .string(file.stem)),
      ("width", .integer(width)),
      ("height", .integer(height)),
      ("focus", focus.map { f in
        .object([
          ("x", .rounded(f.x, 4)), ("y", .rounded(f.y, 4)), ("w", .rounded(f.width, 4)), ("h", .rounded(f.height, 4)),
          ("origin", .string(f.origin.rawValue)),
        ])
      } ?? .null),
      ("embedded_bars", embeddedBars.map { bars in
        .object([
          ("top", .compact(bars.top)), ("bottom", .compact(bars.bottom)),
          ("left", .compact(bars.left)), ("right", .compact(bars.right)),
        ])
      } ?? .null),
      ("crop_map", cropMap.map(JSONValue.string) ?? .null),
      ("results", .array(results.map(\.json))),
    ])
  }
}

/// A whole run: its options, every artwork's results, and the inputs that failed.
public struct RunReport: Sendable {
  public var options: JSONValue
  public var artworks: [ArtworkReport]
  public var errors: [InputError]
  /// Why the run stopped early when the output folder could take no more (disk full,
  /// read-only, quota): every later write would have failed too.
  public var stoppedBy: ImageError?

  public init(options: JSONValue, artworks: [ArtworkReport], errors: [InputError], stoppedBy: ImageError? = nil) {
    self.options = options
    self.artworks = artworks
    self.errors = errors
    self.stoppedBy = stoppedBy
  }

  public var resultCount: Int { artworks.reduce(0) { $0 + $1.results.count } }
  public var failedCount: Int { artworks.reduce(0) { $0 + $1.results.filter { !$0.passed }.count } }

  /// The contract's exit status: 3 when inputs failed, else 1 when a check failed, else 0;
  /// and 4, beyond the contract, when outputs could not be written at all.
  public var exitStatus: Int32 { stoppedBy != nil ? 4 : !errors.isEmpty ? 3 : failedCount > 0 ? 1 : 0 }

  /// report.json, version 1.
  public var json: JSONValue {
    .object([
      ("version", .integer(1)),
      ("generator", .string(ArtfitVersion.generator)),
      ("options", options),
      ("artworks", .array(artworks.map(\.json))),
      ("errors", .array(errors.map { .object([("source", .string($0.source)), ("message", .string($0.message))]) })),
      ("summary", .object([
        ("artworks", .integer(artworks.count)), ("results", .integer(resultCount)),
        ("failed", .integer(failedCount)), ("errors", .integer(errors.count)),
      ])),
    ])
  }
}
