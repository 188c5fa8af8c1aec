/// What a file's header says, read without decoding pixels.
public struct ImageInfo: Sendable, Equatable {
  public var format: ImageFormat
  /// Width after the EXIF orientation is applied (what artfit treats as the source).
  public var width: Int
  /// Height after the EXIF orientation is applied.
  public var height: Int
  /// Width as stored in the file.
  public var storedWidth: Int
  /// Height as stored in the file.
  public var storedHeight: Int
  /// EXIF orientation, 1...8 (1 when absent).
  public var orientation: ExifOrientation
  /// Bits per sample as stored (1, 2, 4, 8 or 16).
  public var bitDepth: Int
  /// Whether the decoded image will carry alpha.
  public var hasAlpha: Bool
  /// The channel layout a decode delivers.
  public var layout: ChannelLayout
  /// Adam7-interlaced PNG or progressive JPEG.
  public var isInterlaced: Bool
  /// How a JPEG stores CMYK (or YCCK), which a decode turns into RGB; nil for other files.
  public var cmyk: CMYKStorage? = nil
  /// The embedded ICC profile, byte for byte, when the file carries one.
  public var iccProfile: [UInt8]? = nil
  /// Why the file's profile was dropped while reading (libpng refuses a malformed iCCP chunk;
  /// libjpeg, ICC_PROFILE markers out of sequence).
  public var droppedProfile: String? = nil
  /// How many images the file holds (an animated WebP's frames); artfit reads the first.
  public var images = 1

  /// Whether a decode can deliver it at 1/2, 1/4 or 1/8 of its size (`shrink`): a JPEG
  /// through libjpeg's DCT scaling, a WebP that is not an animation through libwebp's scaler.
  public var shrinksOnLoad = false

  /// CMYK as a JPEG stores it.
  public enum CMYKStorage: Sendable, Equatable {
    /// 255 is full ink.
    case plain
    /// 0 is full ink, as Adobe writes (its APP14 marker says so).
    case inverted
  }
}
