/// Where a preview's small JPEG lives, relative to the output folder: beside it in
/// `thumbs/` (`hero/iphone-16-pro-portrait-fill@3x.png` → `hero/thumbs/iphone-16-pro-portrait-fill@3x.jpg`).
/// The renderer writes it there, the cache keeps it and the contact sheet shows it.
public enum PreviewThumbnail {
  /// The thumbnail's path for the preview at `preview` (both relative to the output folder).
  public static func path(for preview: String) -> String {
    let slash = preview.lastIndex(of: "/").map { preview.index(after: $0) } ?? preview.startIndex
    let folder = String(preview[..<slash])
    var name = String(preview[slash...])
    if let dot = name.lastIndex(of: ".") { name = String(name[..<dot]) }
    return folder + "thumbs/" + name + ".jpg"
  }
}
