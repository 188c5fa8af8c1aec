import ArtworkCodec
@_spi(Support) import ArtworkSupport

/// The HDR an artwork carries, as report.json says it: a gain map beside its SDR image
/// (whose, and how many stops of headroom its metadata gives), or HDR content (PQ or HLG)
/// tone-mapped to SDR. An SDR artwork has none.
public struct ArtworkHDR: Sendable, Equatable {
  /// "apple" or "iso" (ISO 21496-1 and Ultra HDR), when the artwork carries a gain map.
  public var gainMap: String?
  /// The HDR rendition's headroom in stops, when the gain map's metadata gives it.
  public var headroomStops: Double?
  /// "pq" or "hlg", for HDR content tone-mapped to SDR.
  public var transfer: String?
  /// The share (0...1) of the artwork the gain map brightens by at least one stop: its HDR
  /// highlights; nil when artfit does not read the map.
  public var highlights: Double?

  /// An HDR record from its figures, as report.json holds them.
  public init(gainMap: String? = nil, headroomStops: Double? = nil, transfer: String? = nil, highlights: Double? = nil)
  {
    self.gainMap = gainMap
    self.headroomStops = headroomStops
    self.transfer = transfer
    self.highlights = highlights
  }

  /// What a file's header says; nil for SDR.
  public init?(_ info: ImageInfo) {
    guard info.gainMap != nil || info.hdr != nil else { return nil }
    gainMap = info.gainMap.map { $0 == .apple ? "apple" : "iso" }
    headroomStops = info.gainMapFigures?.headroomStops
    transfer = info.hdr.map { $0 == .pq ? "pq" : "hlg" }
  }

  /// "HDR: an ISO 21496-1 gain map, 5.62 stops of headroom", for the contact sheet.
  public var summary: String {
    var parts: [String] = []
    if let gainMap { parts.append(gainMap == "apple" ? "Apple gain map" : "ISO 21496-1 gain map") }
    if let headroomStops { parts.append(String(format: "%.2f stops of headroom", headroomStops)) }
    if let highlights { parts.append(String(format: "highlights over %.1f%% of it", highlights * 100)) }
    if let transfer { parts.append(transfer.uppercased()) }
    return "HDR: " + parts.joined(separator: ", ")
  }

  /// The `hdr` object of report.json.
  package func write(to json: inout JSONStream) {
    json.beginObject(inline: true)
    if let gainMap {
      json.key(.gainMap)
      json.plain(gainMap)
      json.key(.headroomStops)
      if let headroomStops { json.compact(headroomStops, 4) } else { json.null() }
      if let highlights {
        json.key(.highlights)
        json.compact(Reported.fraction(highlights), 4)
      }
    }
    if let transfer {
      json.key(.transfer)
      json.plain(transfer)
    }
    json.endObject()
  }

  /// The `hdr` object read back.
  static func read(_ value: JSONValue, of source: String) throws(ReportReader.Failure) -> ArtworkHDR {
    let fields = try ReportReader.Fields(value, "the hdr of \(source)")
    let gainMap = try fields.optionalString(.gainMap)
    let transfer = try fields.optionalString(.transfer)
    guard gainMap.map({ ["apple", "iso"].contains($0) }) ?? true, transfer.map({ ["pq", "hlg"].contains($0) }) ?? true
    else { throw ReportReader.fail("\(source): an hdr of a kind this artfit does not know") }
    return ArtworkHDR(
      gainMap: gainMap, headroomStops: try fields.optionalNumber(.headroomStops), transfer: transfer,
      highlights: try fields.optionalFraction(.highlights))
  }
}
