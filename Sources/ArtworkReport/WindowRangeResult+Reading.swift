import ArtworkGeometry
@_spi(Support) import ArtworkSupport

extension WindowRangeResult {
  /// A result's range read back from report.json (`writeSummary`): the windows' sets hold their
  /// counts alone. `failures` are the result's own, matched by check; `placement` gives the mode,
  /// the gravity and the source.
  static func summary(
    _ value: JSONValue, failures: [CheckFailure], placement: Placement, of source: String
  ) throws(ReportReader.Failure) -> WindowRangeResult {
    let what = "the window range of a result of \(source)"
    let fields = try ReportReader.Fields(value, what)
    func window(_ text: String?) throws(ReportReader.Failure) -> WindowSize? {
      guard let text else { return nil }
      guard let window = WindowSize(text: text) else {
        throw ReportReader.fail("\(what) names a window \"\(text)\", not WxH in whole points")
      }
      return window
    }
    guard let smallest = try window(fields.string(.smallest)), let largest = try window(fields.string(.largest))
    else { throw ReportReader.fail("\(what) has no smallest or largest window") }
    let insets = try ReportReader.Fields(try fields.value(.safeArea), "the safe area of \(what)")
    guard
      let range = WindowRange(
        smallest: (smallest.width, smallest.height), largest: (largest.width, largest.height),
        scale: try fields.integer(.scale),
        safeInsets: Insets(
          top: try insets.number(.top), left: try insets.number(.left), bottom: try insets.number(.bottom),
          right: try insets.number(.right)))
    else { throw ReportReader.fail("\(what) is no range of windows (smallest, largest, scale 1 to 3, safe area)") }
    let worsts = try ReportReader.Fields(try fields.value(.worst), "the worst windows of \(what)")
    func worst(_ key: ReportKey) throws(ReportReader.Failure) -> Worst? {
      if case .null = worsts.members[key.text] ?? .null { return nil }
      let item = try ReportReader.Fields(try worsts.value(key), "\"\(key.text)\" of \(what)")
      guard let at = try window(item.string(.window)) else { return nil }
      return Worst(value: try item.fraction(.value), window: at)
    }
    func sizes(_ key: ReportKey) throws(ReportReader.Failure) -> (WindowSizes, AspectBounds?)? {
      if case .null = fields.members[key.text] ?? .null { return nil }
      let item = try ReportReader.Fields(try fields.value(key), "\"\(key.text)\" of \(what)")
      let sizes = WindowSizes(count: try item.integer(.windows))
      guard let narrowest = try window(item.optionalString(.narrowestKept)),
        let widest = try window(item.optionalString(.widestKept))
      else { return (sizes, nil) }
      return (sizes, AspectBounds(narrowest: narrowest, widest: widest))
    }
    guard let cropLoss = try worst(.cropLoss), let bars = try worst(.barsFraction),
      let safeCropLoss = try worst(.safeCropLoss)
    else { throw ReportReader.fail("\(what) lacks a worst crop loss, bars or safe crop loss") }
    var failed: [Failure] = []
    for item in try fields.array(.failures) {
      let entry = try ReportReader.Fields(item, "a failure of \(what)")
      let check = try entry.string(.check)
      guard let failure = failures.first(where: { $0.check.name == check }) else {
        throw ReportReader.fail("\(what) names a failed check \"\(check)\" the result does not have")
      }
      failed.append(
        Failure(
          failure: failure, window: try window(entry.optionalString(.window)), windows: try entry.integer(.windows)))
    }
    let safe = try ReportReader.Fields(try fields.value(.safeEverywhere), "the safe region of \(what)")
    let safeEverywhere = Rect(
      x: try safe.number(.x), y: try safe.number(.y), width: try safe.number(.w), height: try safe.number(.h))
    let focusCut = try sizes(.focusCut)
    let overCropLimit = try sizes(.overCropLimit)
    return WindowRangeResult(
      range: range, source: placement.source, mode: placement.requestedMode, gravity: placement.gravity, focus: nil,
      decidedByAspect: try fields.bool(.decidedByAspect), cropLoss: cropLoss, barsFraction: bars,
      safeCropLoss: safeCropLoss, focusLoss: try worst(.focusLoss), focusCut: focusCut?.0, focusKept: focusCut?.1,
      overCropLimit: overCropLimit?.0, withinCropLimit: overCropLimit?.1, safeEverywhere: safeEverywhere,
      failures: failed)
  }
}
