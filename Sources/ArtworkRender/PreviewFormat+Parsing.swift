import ArtworkGeometry

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
