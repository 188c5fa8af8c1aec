import ArtworkCodec
import ArtworkPixels

/// An artwork whose base image is the HDR rendition and whose gain map takes it down to SDR
/// (ISO 21496-1's backward direction, as libavif writes it): artfit draws the SDR rendition
/// the map describes, in the colour space the gain applies in (the base's primaries, or the
/// alternate's where the figures say so), and reports and carries the map the other way,
/// from that rendition up to the HDR base, as for an artwork whose base is SDR.
struct HDRBase: Sendable {
  /// The base's HDR transfer (PQ or HLG).
  let transfer: ImageInfo.HDRTransfer
  /// The map as the file gives it: HDR to SDR.
  let map: GainMapImage
  /// The SDR rendition's ICC profile: the colour space the gain applies in, the sRGB transfer.
  let profile: [UInt8]
  /// The base's light into the colour space the gain applies in (row-major 3×3), nil when it
  /// is the base's own.
  let conversion: [Double]?

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
    let space = try Self.gainSpace(map, base: primaries)
    do throws(ImageError) {
      profile = try space.sdrRenditionProfile(name: name)
      conversion = try space.conversion(from: primaries, name: name)
    } catch {
      throw Unapplied(reason: error.message)
    }
    self.transfer = transfer
    self.map = map
  }

  /// The colour space ISO 21496-1 applies the gain in: the base's, or the alternate's where
  /// the figures say so (the base's too when the alternate's are left unspecified, as libavif
  /// reads them). An alternate given as an ICC profile reaches the map image as its profile.
  private static func gainSpace(_ map: GainMapImage, base: HDRPrimaries) throws(Unapplied) -> GainColourSpace {
    guard map.figures.alternateColourSpace else { return .primaries(base) }
    switch map.figures.alternateColour {
    case .unspecified: return .primaries(base)
    case .primaries(let alternate): return .primaries(alternate)
    case .other:
      guard let icc = map.map.iccProfile else {
        throw Unapplied(
          reason: "its map applies in the SDR rendition's colour space, which the file gives neither as primaries "
            + "artfit knows (an H.273 code in its tone map item's colour) nor as an ICC profile")
      }
      return .profile(icc)
    }
  }

  /// The map the other way: from the SDR rendition up to the HDR base, what previews carry
  /// and the highlights read. The rendition is drawn in the colour space the gain applies in,
  /// so the map turned round applies in its new base's.
  var upward: GainMapImage {
    var figures = map.figures.reversed()
    figures.alternateColourSpace = false
    figures.alternateColour = .unspecified
    return GainMapImage(map: map.map, figures: figures)
  }

  /// `base` (the decoded HDR signal, upright) as its SDR rendition, tagged with `profile`,
  /// drawn by up to `threads` threads.
  func rendition(of base: Image, threads: Int) -> Image {
    GainMapRendition.sdr(
      base: base, light: transfer.relativeLight(points: 1 << base.bitDepth), conversion: conversion, map: map.map,
      figures: map.figures, profile: profile, threads: threads)
  }
}
