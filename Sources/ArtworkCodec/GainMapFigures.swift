import CImageIO

/// What an HDR gain map's metadata says (ISO 21496-1's figures; Ultra HDR's XMP names the
/// same ones; Apple's gives its headroom alone): how far the HDR rendition reaches above SDR
/// white, and how the map's samples code the gain.
public struct GainMapFigures: Sendable, Equatable {
  /// 1 when red, green and blue share each figure, else 3.
  public var channels: Int
  /// Whether the base image is the HDR rendition (and the map takes it down to SDR).
  public var baseIsHDR: Bool
  /// Whether the gain applies in the alternate rendition's colour space (the map image's ICC
  /// profile), not the base image's.
  public var alternateColourSpace: Bool
  /// The base rendition's headroom in stops (log2 of its peak over SDR white; 0 for SDR).
  public var baseHeadroom: Double
  /// The other rendition's headroom in stops.
  public var alternateHeadroom: Double
  /// log2 of the smallest gain the map codes, per channel (red, green, blue).
  public var gainMin: [Double]
  /// log2 of the largest gain the map codes, per channel.
  public var gainMax: [Double]
  /// The map's encoding gamma, per channel.
  public var gamma: [Double]
  /// The offset added to the base rendition before the gain, per channel.
  public var baseOffset: [Double]
  /// The offset added to the alternate rendition, per channel.
  public var alternateOffset: [Double]
  /// Whether the map's codes are Apple's (a Rec. 709-encoded share of the headroom, as
  /// `appleCodesAsISO` reads them) rather than ISO 21496-1's under the figures above.
  public var appleCoded: Bool
  /// The alternate rendition's colour as the file gives it (a HEIF tone map item's colour):
  /// the colour space the gain applies in when `alternateColourSpace` says so.
  public var alternateColour: AlternateColour = .unspecified

  /// How a file describes its alternate rendition's colour.
  public enum AlternateColour: Sendable, Equatable {
    /// Not given, or given as unspecified: the base's, as libavif reads it.
    case unspecified
    /// H.273 primaries artfit knows.
    case primaries(HDRPrimaries)
    /// Given otherwise: an ICC profile, or a code artfit does not know.
    case other
  }

  /// The HDR rendition's headroom in stops: how far its highlights reach above SDR white.
  public var headroomStops: Double { baseIsHDR ? baseHeadroom : alternateHeadroom }

  /// Figures as they are written: one channel's `gainMin`, `gainMax`, `gamma` and offsets
  /// stand for all three.
  public init(
    channels: Int = 1, baseIsHDR: Bool = false, alternateColourSpace: Bool = false, baseHeadroom: Double = 0,
    alternateHeadroom: Double, gainMin: [Double], gainMax: [Double], gamma: [Double], baseOffset: [Double],
    alternateOffset: [Double], appleCoded: Bool = false
  ) {
    func three(_ values: [Double]) -> [Double] { values.count == 3 ? values : Array(repeating: values[0], count: 3) }
    self.channels = channels
    self.baseIsHDR = baseIsHDR
    self.alternateColourSpace = alternateColourSpace
    self.baseHeadroom = baseHeadroom
    self.alternateHeadroom = alternateHeadroom
    self.gainMin = three(gainMin)
    self.gainMax = three(gainMax)
    self.gamma = three(gamma)
    self.baseOffset = three(baseOffset)
    self.alternateOffset = three(alternateOffset)
    self.appleCoded = appleCoded
  }

  init?(_ f: cimageio_gain_map_figures) {
    guard f.known != 0 else { return nil }
    func three(_ t: (Double, Double, Double)) -> [Double] { [t.0, t.1, t.2] }
    channels = Int(f.channels)
    baseIsHDR = f.base_is_hdr != 0
    alternateColourSpace = f.alternate_colour_space != 0
    baseHeadroom = f.base_headroom
    alternateHeadroom = f.alternate_headroom
    gainMin = three(f.gain_min)
    gainMax = three(f.gain_max)
    gamma = three(f.gamma)
    baseOffset = three(f.base_offset)
    alternateOffset = three(f.alternate_offset)
    appleCoded = f.apple_coded != 0
    alternateColour =
      switch f.alternate_primaries {
      case 0: .unspecified
      case -1: .other
      default: .primaries(HDRPrimaries(code: f.alternate_primaries, xy: f.alternate_primaries_xy))
      }
  }
}
