import ArtworkCodec
import ArtworkPixels

/// An artwork whose base image is the HDR rendition and whose gain map takes it down to SDR
/// (ISO 21496-1's backward direction, as libavif writes it): artfit draws the SDR rendition
/// the map describes, in the base's primaries, and reports and carries the map the other
/// way, from that rendition up to the HDR base, as for an artwork whose base is SDR.
struct HDRBase: Sendable {
  /// The base's HDR transfer (PQ or HLG).
  let transfer: ImageInfo.HDRTransfer
  /// The map as the file gives it: HDR to SDR.
  let map: GainMapImage
  /// The SDR rendition's ICC profile: the base's primaries, the sRGB transfer.
  let profile: [UInt8]

  /// Why a map on an HDR base cannot be applied.
  struct Unapplied: Error {
    let reason: String
  }

  /// `map`'s base (`info`, the file `name`) as artfit draws it, or why it cannot.
  init(_ map: GainMapImage, info: ImageInfo, name: String) throws(Unapplied) {
    guard let transfer = info.hdr, let primaries = info.hdrPrimaries else {
      throw Unapplied(
        reason: "its base image is the HDR rendition, but its colour description gives no PQ or HLG transfer "
          + "to apply the map to")
    }
    guard !map.figures.alternateColourSpace else {
      throw Unapplied(
        reason: "its map applies to an HDR base in the SDR rendition's colour space, which artfit does not yet do")
    }
    do throws(ImageError) {
      profile = try primaries.sdrRenditionProfile(name: name)
    } catch {
      throw Unapplied(reason: error.message)
    }
    self.transfer = transfer
    self.map = map
  }

  /// The map the other way: from the SDR rendition up to the HDR base, what previews carry
  /// and the highlights read.
  var upward: GainMapImage { map.reversed() }

  /// `base` (the decoded HDR signal, upright) as its SDR rendition, tagged with `profile`.
  func rendition(of base: Image) -> Image {
    GainMapRendition.sdr(
      base: base, light: transfer.relativeLight(points: 1 << base.bitDepth), map: map.map, figures: map.figures,
      profile: profile)
  }
}
