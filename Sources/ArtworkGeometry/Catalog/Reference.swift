/// A source the catalog's figures come from.
public struct Reference: Sendable, Hashable {
  /// The source's title.
  public var title: String
  /// A URL, or a repository and path.
  public var location: String
}
