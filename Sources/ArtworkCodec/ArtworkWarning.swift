/// Something artfit noticed in an artwork and worked around, such as an unusable colour
/// profile: the artwork is still checked and drawn, and the warning says how.
public struct ArtworkWarning: Sendable, Hashable, CustomStringConvertible {
  /// What the warning is about, by the name report.json gives it.
  public enum Kind: String, CaseIterable, Sendable, Hashable {
    /// The embedded colour profile could not be used; the artwork was taken as sRGB.
    case profile
    /// The file holds more than one image (an animation's frames); the first is used.
    case images
    /// The file carries an HDR gain map: carried into JPEG previews, or else not applied (the
    /// SDR image is drawn), saying why.
    case gainMap = "gain_map"
    /// HDR content (PQ or HLG) was tone-mapped to SDR.
    case hdr
    /// An SVG refers to files or URLs outside itself, which were not loaded.
    case externalReference = "external_reference"
    /// The vector library warned while reading the document (librsvg's or poppler's words).
    case document
    /// The file's container was read as tolerant readers read it (a detail a strict reader
    /// refuses read past, a clean aperture's half-pixel edges rounded): what, in words.
    case container
    /// Letterbox or pillarbox bars are baked into the artwork (`embedded_bars` has them).
    case embeddedBars = "embedded_bars"
  }

  /// What the warning is about.
  public var kind: Kind
  /// The warning in words, naming what was done instead.
  public var message: String

  /// A warning of `kind` saying `message`.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
