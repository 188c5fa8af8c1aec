import ArtworkCodec

/// An artwork's HDR gain map (ISO 21496-1's, or Apple's recoded as ISO's) decoded and turned
/// upright with its image, and the figures that say what its codes mean: read once, for the
/// HDR highlights every command reports (`HDRHighlights`) and for the JPEG previews that carry
/// it (`GainMapCarrier`).
struct GainMapImage: Sendable {
  /// Whether an artwork's gain map could be read, and what stops it when it could not.
  enum Outcome: Sendable {
    case read(GainMapImage)
    case unread(String)
  }

  /// The map, upright, as stored: 8-bit gray or RGB.
  let map: Image
  /// What its codes mean.
  let figures: GainMapFigures

  /// `info`'s gain map, read from `bytes` (the whole file) when the run read it, else from the
  /// file at `path` (a JPEG's map's own bytes; a HEIF's whole file); nil when the file has no
  /// gain map.
  static func read(info: ImageInfo, bytes: [UInt8]?, path: String, limits: ImageLimits) -> Outcome? {
    guard let kind = info.gainMap else { return nil }
    // A JPEG's map is found by its Multi-Picture list (and its figures with it): without the
    // list, that is the cause.
    if info.format == .jpeg, info.gainMapImage == nil {
      return .unread("its map image is not in the file's Multi-Picture list")
    }
    guard let figures = info.gainMapFigures else {
      if let problem = info.gainMapFiguresProblem { return .unread("its figures are out of range: \(problem)") }
      return .unread(
        kind == .apple
          ? "its headroom is in neither its XMP (HDRGainMap:HDRGainMapHeadroom) nor its maker note (tags 33 and 48), "
            + "where artfit reads it"
          : "its figures cannot be read")
    }
    // A map has no more pixels than its picture (maps are the picture's size or smaller):
    // refused before a larger one is decoded.
    var mapLimits = limits
    let picture = max(1, info.width * info.height)
    mapLimits.maxPixels = limits.maxPixels > 0 ? min(limits.maxPixels, picture) : picture
    let decoded: Image
    do throws(ImageError) {
      decoded = try mapImage(info: info, bytes: bytes, path: path, limits: mapLimits)
    } catch .unusable(_, _, let reason) {
      return .unread(reason)
    } catch .tooLarge(_, let width, let height, _) {
      return .unread("its map (\(width) x \(height)) has more pixels than its picture (\(info.width) x \(info.height))")
    } catch {
      return .unread("its map image cannot be read (\(error.message))")
    }
    guard decoded.bitDepth == 8, decoded.layout == .gray || decoded.layout == .rgb else {
      return .unread("its map image is not 8-bit gray or RGB")
    }
    guard figures.appleCoded else { return .read(GainMapImage(map: decoded, figures: figures)) }
    // Apple's codes (a map with only Apple's headroom to say what they mean) read as the ISO
    // codes of the same gain: a map of Apple's type with ISO's figures (iOS 18's) is ISO's.
    let table = GainMapFigures.appleCodesAsISO(headroomStops: figures.alternateHeadroom)
    guard case .uint8(var samples) = decoded.storage else { preconditionFailure("8-bit") }
    for index in samples.indices { samples[index] = table[Int(samples[index])] }
    let map = Image(
      width: decoded.width, height: decoded.height, layout: decoded.layout, storage: .uint8(samples),
      iccProfile: decoded.iccProfile)
    var isoFigures = figures
    isoFigures.appleCoded = false
    return .read(GainMapImage(map: map, figures: isoFigures))
  }

  /// The map image, upright: a JPEG's from its byte range (`info.gainMapImage`), decoded as
  /// stored and turned as the image is (its own EXIF orientation is not its picture's); a
  /// HEIF's from its item.
  private static func mapImage(
    info: ImageInfo, bytes: [UInt8]?, path: String, limits: ImageLimits
  ) throws(ImageError) -> Image {
    let name = path + " (its gain map)"
    guard let range = info.gainMapImage else {
      let file: [UInt8]
      if let bytes { file = bytes } else { file = try FileBytes.read(path, limit: limits.maxFileBytes) }
      return try ImageDecoder.decodeGainMapItem(data: file, name: name, limits: limits)
    }
    let mapBytes: [UInt8]
    if let bytes {
      mapBytes = Array(bytes[min(range.lowerBound, bytes.count)..<min(range.upperBound, bytes.count)])
    } else {
      mapBytes = try FileBytes.read(path, range: range)
    }
    return try ImageDecoder.decodeAsStored(data: mapBytes, name: name, limits: limits).applying(info.orientation)
  }

  /// The same map read the other way (`GainMapFigures.reversed`): from the alternate
  /// rendition back to the base.
  func reversed() -> GainMapImage { GainMapImage(map: map, figures: figures.reversed()) }
}
