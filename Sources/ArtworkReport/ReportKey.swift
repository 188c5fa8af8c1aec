@_spi(Support) import ArtworkSupport

/// The member names of report.json (and of `artfit fit --json`'s result object), written
/// and read from this one list.
struct ReportKey {
  /// Static text: the writer copies it without building a String per member.
  let name: StaticString

  init(_ name: StaticString) { self.name = name }

  var text: String { name.description }

  static let artworks = ReportKey("artworks")
  static let bars = ReportKey("bars")
  static let barsFraction = ReportKey("bars_fraction")
  static let baselined = ReportKey("baselined")
  static let bottom = ReportKey("bottom")
  static let boxing = ReportKey("boxing")
  static let canvas = ReportKey("canvas")
  static let check = ReportKey("check")
  static let crop = ReportKey("crop")
  static let cropLoss = ReportKey("crop_loss")
  static let cropMap = ReportKey("crop_map")
  static let cropPx = ReportKey("crop_px")
  static let embeddedBars = ReportKey("embedded_bars")
  static let errors = ReportKey("errors")
  static let failed = ReportKey("failed")
  static let failures = ReportKey("failures")
  static let family = ReportKey("family")
  static let focus = ReportKey("focus")
  static let focusDivided = ReportKey("focus_divided")
  static let focusLoss = ReportKey("focus_loss")
  static let focusVisible = ReportKey("focus_visible")
  static let format = ReportKey("format")
  static let gainMap = ReportKey("gain_map")
  static let generator = ReportKey("generator")
  static let gravity = ReportKey("gravity")
  static let h = ReportKey("h")
  static let hdr = ReportKey("hdr")
  static let hdrHighlightsKept = ReportKey("hdr_highlights_kept")
  static let headroomStops = ReportKey("headroom_stops")
  static let highlights = ReportKey("highlights")
  static let height = ReportKey("height")
  static let images = ReportKey("images")
  static let kind = ReportKey("kind")
  static let left = ReportKey("left")
  static let limit = ReportKey("limit")
  static let maskLoss = ReportKey("mask_loss")
  static let message = ReportKey("message")
  static let mode = ReportKey("mode")
  static let name = ReportKey("name")
  static let options = ReportKey("options")
  static let orientation = ReportKey("orientation")
  static let origin = ReportKey("origin")
  static let passed = ReportKey("passed")
  static let placement = ReportKey("placement")
  static let placementPx = ReportKey("placement_px")
  static let preview = ReportKey("preview")
  static let profile = ReportKey("profile")
  static let reason = ReportKey("reason")
  static let relativePath = ReportKey("relative_path")
  static let requestedMode = ReportKey("requested_mode")
  static let results = ReportKey("results")
  static let right = ReportKey("right")
  static let safeCropLoss = ReportKey("safe_crop_loss")
  static let safeEverywhere = ReportKey("safe_everywhere")
  static let scale = ReportKey("scale")
  static let sizeClass = ReportKey("size_class")
  static let skipped = ReportKey("skipped")
  static let slug = ReportKey("slug")
  static let source = ReportKey("source")
  static let space = ReportKey("space")
  static let stem = ReportKey("stem")
  static let summary = ReportKey("summary")
  static let target = ReportKey("target")
  static let top = ReportKey("top")
  static let transfer = ReportKey("transfer")
  static let value = ReportKey("value")
  static let vector = ReportKey("vector")
  static let version = ReportKey("version")
  static let w = ReportKey("w")
  static let warnings = ReportKey("warnings")
  static let width = ReportKey("width")
  static let x = ReportKey("x")
  static let y = ReportKey("y")
}

extension JSONStream {
  /// Writes the name of a report member.
  mutating func key(_ key: ReportKey) { self.key(key.name) }
}
