/// The colour profile an artwork carries, as the report names it.
public struct EmbeddedProfile: Sendable, Equatable {
  /// The profile's description ("Display P3", "U.S. Web Coated (SWOP) v2"), or "".
  public var name: String
  /// `RGB`, `GRAY` or `CMYK`.
  public var space: String

  /// A profile as the report names it.
  public init(name: String, space: String) {
    self.name = name
    self.space = space
  }
}
