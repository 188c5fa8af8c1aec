/// How hard the PNG writer works to make files small: 0 stores, 1 is the fastest, 9 the
/// smallest. Not zlib's levels: 1 is artfit's own deflate (a Huffman code made for each band of
/// rows, runs of a byte as matches, the bands compressed in parallel), 2...9 libdeflate's
/// levels 1, 3, 5, 6, 7, 8, 10 and 12, each step slower and smaller on the benchmark's
/// previews; 9 is smaller than zlib's level 9.
public struct PNGEffort: RawRepresentable, Hashable, Sendable {
  /// The level, 0...9.
  public let rawValue: Int

  /// `nil` outside 0...9.
  public init?(rawValue: Int) {
    guard Self.range.contains(rawValue) else { return nil }
    self.rawValue = rawValue
  }

  /// The levels there are.
  public static let range = 0...9
  /// Stored blocks: no compression, no filters.
  public static let stored = PNGEffort(rawValue: 0)!
  /// The fastest: previews, which are looked at and thrown away.
  public static let fastest = PNGEffort(rawValue: 1)!
  /// Nearly the smallest at 0.7 of its time: files that ship in an app.
  public static let assets = PNGEffort(rawValue: 8)!
  /// The smallest.
  public static let smallest = PNGEffort(rawValue: 9)!
}
