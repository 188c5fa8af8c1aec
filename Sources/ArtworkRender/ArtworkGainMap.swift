import ArtworkCodec
@_spi(Support) import ArtworkSupport

/// The gain map stage of an artwork's read. Every command reads the map, because its
/// highlights are reported. On an HDR base the map is applied once to draw the SDR rendition
/// it describes, when pixels are looked at, and every decode takes that rendition.
struct ArtworkGainMap {
  /// The map as read, or why it could not be; nil when the file has none. On an HDR base it is
  /// the map turned round, from the rendition up to the base.
  var outcome: GainMapImage.Outcome? = nil
  /// Whether the file's base image is HDR and its map is applied to draw the SDR rendition.
  var appliesHDRBase = false
  /// That rendition, when pixels are looked at.
  var rendition: Image? = nil
  /// The rendition's ICC profile, which the artwork's colour is read in.
  var renditionProfile: [UInt8]? = nil

  /// The stage for `info` (the file's header) and `encoded` (its bytes, nil for a check that
  /// reads the header only); `threads` draw the rendition.
  static func read(
    info: ImageInfo, encoded: EncodedImage?, path: String, drawsPixels: Bool, threads: Int, limits: ImageLimits,
    stats: inout RenderStats
  ) throws(ImageError) -> ArtworkGainMap {
    var stage = ArtworkGainMap()
    guard info.gainMap != nil else { return stage }
    stage.outcome = MonotonicClock.timed(&stats.decode) {
      GainMapImage.read(info: info, bytes: encoded?.bytes, path: path, limits: limits)
    }
    guard case .read(let map)? = stage.outcome, map.figures.baseIsHDR else { return stage }
    switch Result(catching: { () throws(HDRBase.Unapplied) in try HDRBase(map, info: info, name: path) }) {
    case .success(let base):
      stage.outcome = .read(base.upward)
      stage.appliesHDRBase = true
      stage.renditionProfile = base.profile
      if drawsPixels, let encoded {
        stage.rendition = try MonotonicClock.timed(&stats.decode) { () throws(ImageError) in
          // Dispatch narrows a nested concurrentPerform (check runs --jobs artworks at a time) to the cores left.
          base.rendition(of: try encoded.decode(shrink: 1, region: nil, cmyk: nil, scans: nil), threads: threads)
        }
      }
    case .failure(let unapplied):
      stage.outcome = .unread(unapplied.reason)
    }
    return stage
  }
}
