import ArtworkReport

extension Manifest {
  /// An `artworks` key of the manifest that matches none of a run's artworks, and the
  /// artwork path (relative to the manifest) nearest to it, if any: a typo (`./a.png`,
  /// `Hero.png`) would otherwise be ignored in silence.
  public struct UnmatchedKey: Sendable, Equatable {
    /// The key as written.
    public var key: String
    /// The nearest artwork path, by edit distance.
    public var nearest: String?

    /// The warning a run prints.
    public func message(manifest: String) -> String {
      "manifest \(manifest): the artworks key \"\(key)\" matches no artwork"
        + (nearest.map { "; did you mean \"\($0)\"?" } ?? "")
    }
  }

  /// The keys of `artworks` that match none of `files`. Only a run over every artwork the
  /// manifest can reach says so: a shard or an excluded file is not a typo.
  public func unmatchedKeys(among files: some Collection<ArtworkFile>) -> [UnmatchedKey] {
    let paths = files.compactMap { relativePath(of: $0.path) }
    return artworks.compactMap { entry -> UnmatchedKey? in
      guard !paths.contains(where: { Manifest.matches(entry.pattern, $0) }) else { return nil }
      let nearest = paths.min { Self.distance(entry.pattern, $0) < Self.distance(entry.pattern, $1) }
      return UnmatchedKey(key: entry.pattern, nearest: nearest)
    }
  }

  /// Levenshtein distance between two strings, by characters.
  static func distance(_ a: String, _ b: String) -> Int {
    let (a, b) = (Array(a), Array(b))
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var row = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = row
    }
    return previous[b.count]
  }
}
