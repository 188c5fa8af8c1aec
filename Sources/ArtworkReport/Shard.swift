@_spi(Support) import ArtworkSupport

/// One of N deterministic slices of a batch (`--shard I/N`), so CI jobs can split a large
/// asset library. An artwork's slice comes from a hash of its path below the input folder,
/// so it stays in the same slice when other files come and go.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
  /// 1...count.
  public let index: Int
  /// How many slices the batch is cut into.
  public let count: Int

  /// Slice `index` of `count`, or nil unless 1 ≤ `index` ≤ `count`.
  public init?(index: Int, count: Int) {
    guard count >= 1, (1...count).contains(index) else { return nil }
    self.index = index
    self.count = count
  }

  /// Parses "I/N".
  public init?(parsing text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
    self.init(index: index, count: count)
  }

  /// "I/N", as `--shard` takes it.
  public var description: String { "\(index)/\(count)" }

  /// Whether the artwork or input named `key` belongs to this slice.
  public func contains(_ key: String) -> Bool {
    Int(fnv1a(key.utf8) % UInt64(count)) == index - 1
  }
}
