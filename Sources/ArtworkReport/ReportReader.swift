import ArtworkCodec
import ArtworkGeometry
@_spi(Support) import ArtworkSupport
import Foundation

/// Reads a report.json (version 1 or 2) back into a RunReport, so the reports of `--shard` runs
/// can be joined and written again. The result objects carry every figure the writers print;
/// targets are found again in the catalog by slug (raw canvases by their name).
public enum ReportReader {
  /// A report that cannot be read: the file and what is wrong with it.
  public struct Failure: Error, CustomStringConvertible {
    /// The report's path.
    public var file: String
    /// What is wrong with it.
    public var message: String
    /// Whether it is a merge's set of reports that lacks some of the run's shards (the rest
    /// may be merged on purpose, marked partial).
    public var isIncompleteSet = false
    /// "path: message".
    public var description: String { "\(file): \(message)" }
  }

  /// The versions of report.json this artfit reads: its own and every earlier one.
  static let readableVersions = 1...RunReport.reportVersion
  static let versionMessage = "only report.json versions 1 and 2 can be read"

  /// The report.json at `path`, whole; `ReportFileReader` reads one artwork at a time.
  public static func read(_ path: String) throws(Failure) -> RunReport {
    let data: [UInt8]
    switch SettingsFile.read(path) {
    case .success(let bytes): data = bytes
    case .failure(let failure): throw Failure(file: path, message: "cannot read the report: \(failure.reason)")
    }
    do {
      return try report(JSONParser.parse(data))
    } catch let error as Failure {
      throw Failure(file: path, message: error.message)
    } catch {
      throw Failure(file: path, message: "not valid JSON: \(error)")
    }
  }

  static func report(_ root: JSONValue) throws(Failure) -> RunReport {
    let top = try Fields(root, "the report")
    guard readableVersions.contains(try top.integer(.version)) else { throw fail(versionMessage) }
    var artworks: [ArtworkReport] = []
    for item in try top.array(.artworks) { artworks.append(try artwork(item)) }
    var errors: [InputError] = []
    for item in try top.array(.errors) {
      let fields = try Fields(item, "an error")
      errors.append(InputError(source: try fields.string(.source), message: try fields.string(.message)))
    }
    var report = RunReport(options: try top.value(.options), artworks: artworks, errors: errors)
    if case .object(let summary)? = top.members[ReportKey.summary.text] {
      report.usedBaseline = summary.contains { $0.0 == ReportKey.baselined.text }
    }
    return report
  }

  package static func artwork(_ value: JSONValue, catalog: TargetCatalog = Catalog.builtIn) throws(Failure)
    -> ArtworkReport
  {
    let fields = try Fields(value, "an artwork")
    let source = try fields.string(.source)
    var focus: FocusRegion? = nil
    if case .object = try fields.value(.focus) {
      let f = try Fields(try fields.value(.focus), "a focus")
      focus = FocusRegion(
        x: try f.fraction(.x), y: try f.fraction(.y), width: try f.fraction(.w), height: try f.fraction(.h),
        origin: FocusRegion.Origin(rawValue: try f.string(.origin)) ?? .manifest)
    }
    var bars: Insets? = nil
    if case .object = try fields.value(.embeddedBars) {
      let b = try Fields(try fields.value(.embeddedBars), "embedded bars")
      bars = Insets(
        top: try b.number(.top), left: try b.number(.left), bottom: try b.number(.bottom), right: try b.number(.right))
    }
    var results: [ReportedResult] = []
    for item in try fields.array(.results) { results.append(try result(item, of: source, catalog: catalog)) }
    var artwork = ArtworkReport(
      file: ArtworkFile(
        path: source, stem: try fields.string(.stem),
        relativePath: try fields.optionalString(.relativePath)),
      width: try fields.integer(.width),
      height: try fields.integer(.height), focus: focus, embeddedBars: bars,
      cropMap: try fields.optionalString(.cropMap),
      results: results)
    // What the writer computed from exact placements; the results read back carry rounded ones.
    if let safe = fields.members[ReportKey.safeEverywhere.text] {
      if case .object = safe {
        let r = try Fields(safe, "safe_everywhere")
        artwork.safeEverywhere = Rect(
          x: try r.number(.x), y: try r.number(.y), width: try r.number(.w), height: try r.number(.h))
      } else {
        artwork.safeEverywhere = nil
      }
    }
    // Reports of version 1 say neither the format nor the rest.
    if case .string(let name)? = fields.members[ReportKey.format.text] {
      guard let format = ImageFormat(rawValue: name) else {
        throw fail("\(source): format \"\(name)\", which this artfit does not read")
      }
      artwork.format = format
    }
    if case .bool(let vector)? = fields.members[ReportKey.vector.text] { artwork.vector = vector }
    if case .integer(let images)? = fields.members[ReportKey.images.text] { artwork.images = images }
    if let hdr = fields.members[ReportKey.hdr.text] { artwork.hdr = try ArtworkHDR.read(hdr, of: source) }
    if fields.members[ReportKey.layers.text] != nil {
      artwork.layers = []
      for item in try fields.array(.layers) { artwork.layers?.append(try ArtworkLayer.read(item, of: source)) }
    }
    // Reports of artfit before colour management have neither member.
    if case .object? = fields.members[ReportKey.profile.text] {
      let p = try Fields(try fields.value(.profile), "a profile")
      artwork.profile = EmbeddedProfile(name: try p.string(.name), space: try p.string(.space))
    }
    if fields.members[ReportKey.warnings.text] != nil {
      for item in try fields.array(.warnings) { artwork.warnings.append(try warning(item, of: source)) }
    }
    return artwork
  }

  /// A result, its target looked up in `catalog` (the run's, when the reader could load it).
  static func result(_ value: JSONValue, of source: String, catalog: TargetCatalog = Catalog.builtIn) throws(Failure)
    -> ReportedResult
  {
    let fields = try Fields(value, "a result of \(source)")
    let slug = try fields.string(.slug)
    let name = try fields.string(.target)
    guard let orientation = ScreenOrientation(rawValue: try fields.string(.orientation)),
      let mode = FitMode(rawValue: try fields.string(.mode)),
      let gravity = try fields.optionalString(.gravity).map(Gravity.init(rawValue:)) ?? .center,
      let boxing = Boxing(rawValue: try fields.string(.boxing))
    else { throw fail("\(source): a result has an unknown orientation, mode, gravity or boxing") }
    let requested = try fields.optionalString(.requestedMode).flatMap(FitMode.init(rawValue:)) ?? mode
    let scale = try fields.number(.scale)
    let canvas = try Fields(try fields.value(.canvas), "a canvas")
    let target: Target
    if let known = catalog.all.first(where: { $0.slug == slug })
      ?? (try? TargetSelection.resolve([name], in: catalog))?.first
    {
      target = known
    } else {
      target = try standIn(
        fields, name: name, slug: slug, canvas: canvas, scale: scale, orientation: orientation, of: source)
    }
    var screen = Screen(target: target, orientation: orientation, scale: scale)
    if let text = try fields.optionalString(.window) {
      guard let window = WindowSize(text: text) else {
        throw fail("\(source): a result's window \"\(text)\" is not WxH in whole points")
      }
      screen = screen.at(window)
    }
    let barFields = try Fields(try fields.value(.bars), "bars")
    let placementRect = try rect(fields.value(.placement))
    let crop = try rect(fields.value(.crop))
    var visible: Bool? = nil
    if case .bool(let flag) = try fields.value(.focusVisible) { visible = flag }
    var divided: Bool? = nil
    if case .bool(let flag)? = fields.members[ReportKey.focusDivided.text] { divided = flag }
    let placement = Placement(
      requestedMode: requested, mode: mode, gravity: gravity, source: Size(crop.width, crop.height),
      canvas: PixelSize(try canvas.integer(.w), try canvas.integer(.h)),
      scaleFactor: crop.width > 0 ? placementRect.width / crop.width : 0,
      imageRect: placementRect, crop: crop,
      renderedImageRect: try pixelRect(fields.value(.placementPx)), renderedCrop: try pixelRect(fields.value(.cropPx)),
      boxing: boxing,
      bars: Bars(
        top: try barFields.integer(.top), bottom: try barFields.integer(.bottom), left: try barFields.integer(.left),
        right: try barFields.integer(.right)),
      barsFraction: try fields.fraction(.barsFraction), cropLoss: try fields.fraction(.cropLoss),
      safeCropLoss: try fields.fraction(.safeCropLoss), safeArea: screen.safeArea, visibleSafeSource: crop,
      focus: nil, focusVisible: visible, focusLoss: try fields.optionalFraction(.focusLoss), focusDivided: divided,
      maskLoss: try fields.optionalFraction(.maskLoss))
    var failures: [CheckFailure] = []
    for item in try fields.array(.failures) { failures.append(try failure(item, of: source, placement: placement)) }
    var windows: WindowRangeResult?
    if let range = fields.members[ReportKey.windowRange.text], range != .null {
      windows = try WindowRangeResult.summary(range, failures: failures, placement: placement, of: source)
    }
    var result = ReportedResult(
      TargetResult(screen: screen, placement: placement, failures: failures, windows: windows),
      preview: try fields.optionalString(.preview))
    if case .bool(true)? = fields.members[ReportKey.baselined.text] { result.baselined = true }
    result.hdrHighlightsKept = try fields.optionalFraction(.hdrHighlightsKept)
    if fields.members[ReportKey.layersOutsideSafe.text] != nil {
      result.layersOutsideSafe = []
      for item in try fields.array(.layersOutsideSafe) {
        let share: Double? =
          switch item {
          case .integer(let whole): Double(whole)
          case .number(let real): real
          default: nil
          }
        guard let share, (0...1).contains(share) else {
          throw fail("\(source): \"layers_outside_safe\" holds something other than a share from 0 to 1")
        }
        result.layersOutsideSafe?.append(share)
      }
    }
    return result
  }

  /// A failure: an object in version 2, its message alone in version 1.
  static func failure(_ value: JSONValue, of source: String, placement: Placement) throws(Failure) -> CheckFailure {
    if case .string(let message) = value {
      guard let failure = CheckFailure(version1: message, placement: placement) else {
        throw fail("\(source): a failure report.json version 1 never wrote: \"\(message)\"")
      }
      return failure
    }
    let fields = try Fields(value, "a failure of \(source)")
    let name = try fields.string(.check)
    guard let check = CheckFailure.Check(rawValue: name) else {
      throw fail("\(source): a failure of check \"\(name)\", which this artfit does not know")
    }
    switch check {
    case .cropLoss:
      guard let value = try fields.optionalFraction(.value), let limit = try fields.optionalFraction(.limit) else {
        throw fail("\(source): a crop_loss failure needs its value and limit")
      }
      return .cropLoss(value: value, limit: limit)
    case .focus:
      guard let loss = try fields.optionalFraction(.value) else {
        throw fail("\(source): a focus failure needs its value")
      }
      return .focusOutside(loss: loss)
    case .focusUnknown:
      return .focusUnknown
    case .focusDivided:
      return .focusDivided
    case .iconAlpha:
      return .alphaRefused
    case .layeredBackground:
      return .backgroundNotOpaque
    case .iconSize:
      guard let failure = CheckFailure(sizeRefusedMessage: try fields.string(.message)) else {
        throw fail("\(source): an icon_size failure's message does not name the artwork's and the slot's sizes")
      }
      return failure
    }
  }

  /// A warning: an object in version 2; in version 1, whose only warning was the colour
  /// profile's, its message alone.
  static func warning(_ value: JSONValue, of source: String) throws(Failure) -> ArtworkWarning {
    if case .string(let message) = value { return ArtworkWarning(.profile, message) }
    let fields = try Fields(value, "a warning of \(source)")
    let name = try fields.string(.kind)
    guard let kind = ArtworkWarning.Kind(rawValue: name) else {
      throw fail("\(source): a warning of kind \"\(name)\", which this artfit does not know")
    }
    return ArtworkWarning(kind, try fields.string(.message))
  }

  static func rect(_ value: JSONValue) throws(Failure) -> Rect {
    let f = try Fields(value, "a rect")
    return Rect(x: try f.number(.x), y: try f.number(.y), width: try f.number(.w), height: try f.number(.h))
  }

  static func pixelRect(_ value: JSONValue) throws(Failure) -> PixelRect {
    let f = try Fields(value, "a pixel rect")
    return PixelRect(x: try f.integer(.x), y: try f.integer(.y), width: try f.integer(.w), height: try f.integer(.h))
  }

  /// A target the catalog does not have (a user catalog's that could not be loaded again):
  /// what the result says of it, its canvas in the result's orientation, no safe area; the
  /// report's figures are the run's own.
  private static func standIn(
    _ fields: Fields, name: String, slug: String, canvas: Fields, scale: Double, orientation: ScreenOrientation,
    of source: String
  ) throws(Failure) -> Target {
    guard let family = Family(rawValue: try fields.string(.family)), scale > 0 else {
      throw fail("\(source): target \"\(name)\" (\(slug)) has an unknown family or scale")
    }
    let points = Size(Double(try canvas.integer(.w)) / scale, Double(try canvas.integer(.h)) / scale)
    return Target(name: name, slug: slug, family: family, points: points, scale: scale, orientations: [orientation])
  }

  static func fail(_ message: String) -> Failure { Failure(file: "", message: message) }

  /// The largest magnitude of any number a report holds: far past any canvas or artwork
  /// (pixels are counted below 2^31 a side), and within what the report writers print exactly.
  static let largestNumber = 1e12

  /// The members of one JSON object, read with the type each must have.
  struct Fields {
    let members: [String: JSONValue]
    let what: String

    init(_ value: JSONValue, _ what: String) throws(Failure) {
      guard case .object(let pairs) = value else { throw ReportReader.fail("\(what) must be an object") }
      members = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
      self.what = what
    }

    func value(_ key: ReportKey) throws(Failure) -> JSONValue {
      guard let value = members[key.text] else { throw ReportReader.fail("\(what) has no \"\(key.text)\"") }
      return value
    }

    func string(_ key: ReportKey) throws(Failure) -> String {
      guard case .string(let text) = try value(key) else {
        throw ReportReader.fail("\"\(key.text)\" of \(what) must be a string")
      }
      return text
    }

    func optionalString(_ key: ReportKey) throws(Failure) -> String? {
      if case .null = members[key.text] ?? .null { return nil }
      return try string(key)
    }

    func integer(_ key: ReportKey) throws(Failure) -> Int {
      guard case .integer(let number) = try value(key) else {
        throw ReportReader.fail("\"\(key.text)\" of \(what) must be a whole number")
      }
      try within(key, Double(number), -ReportReader.largestNumber...ReportReader.largestNumber)
      return number
    }

    /// A number no report artfit writes goes beyond (pixels, points, scales): finite, within
    /// ±`largestNumber`.
    func number(_ key: ReportKey) throws(Failure) -> Double {
      let number: Double
      switch try value(key) {
      case .integer(let whole): number = Double(whole)
      case .number(let real): number = real
      default: throw ReportReader.fail("\"\(key.text)\" of \(what) must be a number")
      }
      try within(key, number, -ReportReader.largestNumber...ReportReader.largestNumber)
      return number
    }

    func optionalNumber(_ key: ReportKey) throws(Failure) -> Double? {
      if case .null = members[key.text] ?? .null { return nil }
      return try number(key)
    }

    /// A share of something (a crop loss, a limit): 0 to 1.
    func fraction(_ key: ReportKey) throws(Failure) -> Double {
      let number = try number(key)
      try within(key, number, 0...1)
      return number
    }

    func optionalFraction(_ key: ReportKey) throws(Failure) -> Double? {
      if case .null = members[key.text] ?? .null { return nil }
      return try fraction(key)
    }

    private func within(_ key: ReportKey, _ number: Double, _ range: ClosedRange<Double>) throws(Failure) {
      guard range.contains(number) else {
        throw ReportReader.fail(
          "\"\(key.text)\" of \(what) is \(number), outside what it can be (\(range.lowerBound) to \(range.upperBound))"
        )
      }
    }

    func bool(_ key: ReportKey) throws(Failure) -> Bool {
      guard case .bool(let flag) = try value(key) else {
        throw ReportReader.fail("\"\(key.text)\" of \(what) must be true or false")
      }
      return flag
    }

    func array(_ key: ReportKey) throws(Failure) -> [JSONValue] {
      guard case .array(let items) = try value(key) else {
        throw ReportReader.fail("\"\(key.text)\" of \(what) must be an array")
      }
      return items
    }
  }
}
