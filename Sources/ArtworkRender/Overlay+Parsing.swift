import ArtworkGeometry

extension Overlay {
  /// A comma-separated list of overlays; `none` adds none.
  public static func parseSet(_ text: String) throws(ValueError) -> Set<Overlay> {
    var overlays = Set<Overlay>()
    for item in ValueText.list(text) {
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

extension RenderOptions.PreviewFormat {
  /// `png` or `jpeg` (`jpg` too), in any case.
  public static func parse(_ text: String) throws(ValueError) -> RenderOptions.PreviewFormat {
    let name = text.lowercased() == "jpg" ? "jpeg" : text.lowercased()
    guard let format = RenderOptions.PreviewFormat(rawValue: name) else {
      throw ValueError("takes png or jpeg (got '\(text)')")
    }
    return format
  }
}
