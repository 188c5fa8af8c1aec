import ArtworkCodec

/// An artwork's ISO 21496-1 gain map decoded and turned upright with its image, and the
/// figures that say what its codes mean: read once, for the HDR highlights every command
/// reports (`HDRHighlights`) and for the JPEG previews that carry it (`GainMapCarrier`).
struct GainMapImage: Sendable {
  /// Whether an artwork's gain map could be read, and why not when it could not.
  enum Outcome: Sendable {
    case read(GainMapImage)
    case unread(String)
  }

  /// The map, upright, as stored: 8-bit gray or RGB.
  let map: Image
  /// What its codes mean.
  let figures: GainMapFigures

  /// `info`'s gain map, read from `bytes` (the whole file) when the run read it, else from the
  /// file at `path` (only the map's own bytes); nil when the file has no gain map.
  static func read(info: ImageInfo, bytes: [UInt8]?, path: String, limits: ImageLimits) -> Outcome? {
    guard let kind = info.gainMap else { return nil }
    guard kind == .iso, let figures = info.gainMapFigures else {
      return .unread("Apple's gain map is not carried into the previews (its math is not ISO 21496-1's)")
    }
    guard !figures.baseIsHDR else {
      return .unread("a map whose base image is the HDR rendition is not carried into the previews")
    }
    guard let range = info.gainMapImage else {
      return .unread("its map image is not in the file's Multi-Picture list, so the previews are SDR")
    }
    let decoded: Image
    do throws(ImageError) {
      let mapBytes: [UInt8]
      if let bytes {
        mapBytes = Array(bytes[min(range.lowerBound, bytes.count)..<min(range.upperBound, bytes.count)])
      } else {
        mapBytes = try FileBytes.read(path, range: range)
      }
      decoded = try ImageDecoder.decode(data: mapBytes, name: path + " (its gain map)", limits: limits)
        .applying(info.orientation)
    } catch {
      return .unread("its map image cannot be read (\(error.message)), so the previews are SDR")
    }
    guard decoded.bitDepth == 8, decoded.layout == .gray || decoded.layout == .rgb else {
      return .unread("its map image is not 8-bit gray or RGB, so the previews are SDR")
    }
    return .read(GainMapImage(map: decoded, figures: figures))
  }
}
