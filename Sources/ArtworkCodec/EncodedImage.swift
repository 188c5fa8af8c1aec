/// A file's bytes opened once for every probe and decode a render makes of them: the format
/// is sniffed once, the header read once (by the probe, when it comes first, as a render's
/// does; a decode sizes its pixels from it), and a HEIF's or AVIF's libheif context built
/// once (`FileDecoder`), where `ImageDecoder`'s one-off calls do each of those per call. Its
/// calls may come from several threads.
public final class EncodedImage: Sendable {
  /// The file's bytes.
  public let bytes: [UInt8]
  /// What errors call the file.
  public let name: String
  /// The bounds every probe and decode keeps to.
  public let limits: ImageLimits
  /// The format the first bytes say, nil when artfit reads none it could be.
  public let format: ImageFormat?
  private let decoder = FileDecoder()

  /// The file `name` whose bytes are `bytes`; nothing is read until a probe or decode.
  public init(bytes: [UInt8], name: String, limits: ImageLimits = ImageLimits()) {
    self.bytes = bytes
    self.name = name
    self.limits = limits
    format = bytes.withUnsafeBytes(sniffFormat)
  }

  /// The header, as `ImageDecoder.probe(data:name:limits:)` reads it.
  public func probe() throws(ImageError) -> ImageInfo {
    try ImageDecoder.refuseOtherFormats(bytes, name: name, sniffed: format)
    return try bytes.withUnsafeBytes { raw in
      Result { () throws(ImageError) in
        try ImageDecoder.probe(bytes: raw, name: name, limits: limits, sniffed: .some(format), decoder: decoder)
      }
    }.get()
  }

  /// The image, or `region` of it, as `ImageDecoder.decode(data:name:shrink:region:limits:cmyk:scans:)`
  /// decodes it.
  public func decode(
    shrink: Int = 1, region: ImageRegion? = nil, cmyk: ColourTransform? = nil, scans: JPEGScanSplit.Part? = nil
  ) throws(ImageError) -> Image {
    try ImageDecoder.decode(
      data: bytes, name: name, shrink: shrink, region: region, limits: limits, cmyk: cmyk, scans: scans,
      decoder: decoder)
  }
}
