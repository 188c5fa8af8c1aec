import ArtworkGeometry

extension Overlay {
  /// A comma-separated list of overlays; `none` adds none.
  public static func parseSet(_ text: String) throws(ValueError) -> Set<Overlay> {
    var overlays = Set<Overlay>()
    let items = ValueText.list(text)
    if items.count > 1 && items.contains(where: { $0.lowercased() == "none" }) {
      throw ValueError("takes none alone or a list of overlays, not both (got '\(text)')")
    }
    for item in items {
      let name = item.lowercased()
      if name == "none" { continue }
      guard let overlay = Overlay(rawValue: name) else {
        let names = Overlay.allCases.map(\.rawValue).joined(separator: ", ")
        throw ValueError("unknown overlay '\(item)'; overlays are \(names), none")
      }
      overlays.insert(overlay)
    }
    return overlays
  }
}
