@_spi(Support) import ArtworkSupport

/// Profiles read and transforms built, kept for a run: the artworks of a batch mostly share a
/// handful of profiles, and building a transform costs more than converting a preview.
public final class ColourCache: Sendable, CustomReflectable {
  private struct TransformKey: Hashable {
    var source: ColourProfile?
    var input: String
    var target: ColourProfile?
    var intent: RenderingIntent
  }

  /// Past this many entries a cache starts over, so a folder of unique profiles stays bounded.
  private static let limit = 64
  private let profiles = Locked([UInt64: [([UInt8], Result<ColourProfile, ProfileError>)]]())
  private let transforms = Locked([TransformKey: Result<ColourTransform, ProfileError>]())

  /// An empty cache; share one across a batch.
  public init() {}

  /// What it holds is a cache, not part of the value that owns it: a cache key written out
  /// from that value (`CanonicalText`) sees nothing here.
  public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .class) }

  /// `bytes` read as a profile, or why not.
  public func profile(_ bytes: [UInt8]) -> Result<ColourProfile, ProfileError> {
    let key = ContentHash.value64(bytes)
    if let known = profiles.withLock({ $0[key]?.first(where: { $0.0 == bytes })?.1 }) { return known }
    let read = Result { () throws(ProfileError) in try ColourProfile(reading: bytes, fingerprint: key) }
    profiles.withLock { entries in
      if entries.count >= Self.limit { entries = [:] }
      entries[key, default: []].append((bytes, read))
    }
    return read
  }

  /// A transform from gray or RGB pixels in `source` (nil: sRGB) to RGB in `target`.
  public func transform(
    from source: ColourProfile?, layout: ChannelLayout, bitDepth: Int, to target: ColourProfile?,
    intent: RenderingIntent
  ) -> Result<ColourTransform, ProfileError> {
    let key = TransformKey(source: source, input: "\(layout)/\(bitDepth)", target: target, intent: intent)
    return cached(key) { () throws(ProfileError) in
      try ColourTransform(from: source, layout: layout, bitDepth: bitDepth, to: target, intent: intent)
    }
  }

  /// A transform from 8-bit CMYK in `source` to RGB in `target`.
  public func transform(
    cmykFrom source: ColourProfile, inverted: Bool, to target: ColourProfile?, intent: RenderingIntent
  ) -> Result<ColourTransform, ProfileError> {
    let key = TransformKey(source: source, input: inverted ? "cmyk-inverted" : "cmyk", target: target, intent: intent)
    return cached(key) { () throws(ProfileError) in
      try ColourTransform(cmykFrom: source, inverted: inverted, to: target, intent: intent)
    }
  }

  private func cached(
    _ key: TransformKey, _ make: () throws(ProfileError) -> ColourTransform
  ) -> Result<ColourTransform, ProfileError> {
    if let known = transforms.withLock({ $0[key] }) { return known }
    let made = Result(catching: make)
    transforms.withLock { entries in
      if entries.count >= Self.limit { entries = [:] }
      entries[key] = made
    }
    return made
  }
}
