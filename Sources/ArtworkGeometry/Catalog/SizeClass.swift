/// UIKit's horizontal or vertical size class.
public enum SizeClass: String, Sendable, Hashable, Codable {
  /// The compact size class.
  case compact
  /// The regular size class.
  case regular
}

/// The size classes of a screen or window in one orientation.
public struct SizeClasses: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The horizontal size class.
  public var width: SizeClass
  /// The vertical size class.
  public var height: SizeClass

  /// A pair of size classes, horizontal then vertical.
  public init(_ width: SizeClass, _ height: SizeClass) {
    self.width = width
    self.height = height
  }

  /// Reads the HIG's wording: "Compact width, regular height".
  public init?(higText: String) {
    let words = higText.lowercased()
    guard let comma = words.firstIndex(of: ",") else { return nil }
    let first = words[..<comma]
    let second = words[words.index(after: comma)...]
    guard first.hasSuffix("width"), second.hasSuffix("height") else { return nil }
    func kind(_ text: Substring) -> SizeClass? {
      text.contains("compact") ? .compact : text.contains("regular") ? .regular : nil
    }
    guard let width = kind(first), let height = kind(second) else { return nil }
    self.init(width, height)
  }

  /// Apple's short form: `wC/hR` is compact width, regular height.
  public var description: String {
    "w\(width == .compact ? "C" : "R")/h\(height == .compact ? "C" : "R")"
  }
}
