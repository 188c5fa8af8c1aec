/// What a designer lays over their canvas: each distinct part of the source that some screens
/// show, the part of it those screens show inside their safe area, and the part safe on all.
public struct Template: Sendable {
  /// A part of the source that one or more results show.
  public struct Region: Sendable {
    /// The visible source region, in source pixels (the whole source under fit).
    public var rect: Rect
    /// The part of `rect` inside the safe area of every one of `results`, or nil when their
    /// safe parts do not meet.
    public var safe: Rect?
    /// The results that show this region, in catalog order.
    public var results: [TargetResult]
  }

  /// The source's size in pixels.
  public let source: Size
  /// Distinct visible regions, in the order of their first result.
  public let regions: [Region]
  /// The source region inside the safe area on every result (`SafeEverywhere`).
  public let safeEverywhere: Rect?
  /// How many results the template stands for.
  public let resultCount: Int

  /// Groups `results` by the source region they show, to a tenth of a pixel as report.json
  /// records it, so regions that differ by rounding noise are one.
  public init(source: Size, results: [TargetResult]) {
    self.source = source
    var regions: [Region] = []
    var index: [[Double]: Int] = [:]
    for result in results {
      let crop = result.placement.crop
      let key = [crop.x, crop.y, crop.width, crop.height].map { ($0 * 10).rounded() }
      if let at = index[key] {
        regions[at].results.append(result)
      } else {
        index[key] = regions.count
        regions.append(Region(rect: crop, safe: nil, results: [result]))
      }
    }
    for i in regions.indices { regions[i].safe = SafeEverywhere.region(regions[i].results) }
    self.regions = regions
    safeEverywhere = SafeEverywhere.region(results)
    resultCount = results.count
  }
}
