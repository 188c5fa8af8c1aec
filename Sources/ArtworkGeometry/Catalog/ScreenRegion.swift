/// A part of the screen that artwork cannot simply use: hidden by hardware, or split by it.
public struct ScreenRegion: Sendable, Hashable {
  /// What the region does to artwork under it.
  public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Nothing shows there: a notch, the Dynamic Island, a camera hole, a Mac's camera housing.
    case occlusion
    /// Content shows but reads badly across it: a fold or a hinge.
    case division
  }

  /// The region's outline, as the overlays draw it (checks use its rect).
  public enum Shape: String, Sendable, Hashable, Codable, CaseIterable {
    /// A notch hanging from the top edge, its inner corners rounded (iPhone X through 14).
    case notch
    /// A capsule: the Dynamic Island (iPhone 14 Pro and later).
    case island
    /// A round camera hole (an ellipse inside its rect).
    case hole
    /// A Mac's camera housing: a band hanging from the top edge, its lower corners rounded.
    case housing
    /// A fold across a foldable display: a line or a band.
    case fold
    /// A plain rectangle.
    case rect
  }

  /// Whether it hides or divides.
  public var kind: Kind
  /// How it is drawn.
  public var shape: Shape
  /// Where it sits, in the target's points (portrait for a device held both ways); nil when
  /// the region is known to exist but its place is not: it is then neither drawn nor checked.
  public var rect: Rect?

  /// A region of `kind` and `shape` at `rect`.
  public init(_ kind: Kind, _ shape: Shape, rect: Rect?) {
    self.kind = kind
    self.shape = shape
    self.rect = rect
  }
}
