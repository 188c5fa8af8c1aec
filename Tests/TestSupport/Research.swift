import Foundation

/// The HIG tables committed under Research/hig-tables, read as rows of cells.
public enum Research {
  public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Research")

  public static func table(_ name: String) -> [[String]] {
    let url = folder.appendingPathComponent("hig-tables").appendingPathComponent(name)
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
  }
}
