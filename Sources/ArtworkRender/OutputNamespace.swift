import ArtworkReport

/// The names artfit gives its own files in the output folder, and the stems no artwork may
/// take because of them. An artwork's outputs go in a folder named by its stem; artfit's own
/// files are the files in those folders and at the top, each ending in one of a few
/// extensions, and the `thumbs` folder beside each artwork's previews. A stem part that is
/// one of those names (an artwork `hero/thumbs.png`, or `report.json.png`) would put a
/// folder where a file of artfit's goes, so it is renamed before anything is written:
/// outputs never overwrite each other, by construction.
enum OutputNamespace {
  /// The extensions of every file artfit writes (previews, thumbnails, crop maps, reports,
  /// pages).
  static let fileExtensions = ["png", "jpg", "jpeg", "json", "jsonl", "csv", "xml", "html"]
  /// The folders artfit makes inside an artwork's folder.
  static let folders: Set<String> = ["thumbs"]

  /// `stem` with each part that could be one of artfit's names renamed (`thumbs` →
  /// `thumbs-artwork`, `report.json` → `report-json`); other stems as they are.
  static func safeStem(_ stem: String) -> String {
    let parts = stem.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard parts.contains(where: isReserved) else { return stem }
    return parts.map(safePart).joined(separator: "/")
  }

  private static func isReserved(_ part: String) -> Bool {
    let lower = part.lowercased()
    if folders.contains(lower) { return true }
    guard let dot = lower.lastIndex(of: ".") else { return false }
    return fileExtensions.contains(String(lower[lower.index(after: dot)...]))
  }

  private static func safePart(_ part: String) -> String {
    guard isReserved(part) else { return part }
    guard let dot = part.lastIndex(of: ".") else { return part + "-artwork" }
    return part[..<dot] + "-" + part[part.index(after: dot)...]
  }
}
