/// What a file's header says, read without decoding pixels.
public struct ImageInfo: Sendable, Equatable {
  /// The file's format, from its bytes rather than its name.
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
  /// What the reader read past or rounded in the file's container, as tolerant readers do (a
  /// clean aperture's half-pixel edges rounded down): said as a warning.
  public var readerNote: String? = nil
  /// How many images the file holds (an animated WebP's frames, a TIFF's pages, a HEIF
  /// collection's top-level images); artfit reads the first (a HEIF's primary).
  public var images = 1

  /// Whether a decode can deliver it at 1/2, 1/4 or 1/8 of its size (`shrink`): a JPEG
  /// through libjpeg's DCT scaling, a WebP that is not an animation through libwebp's scaler.
  public var shrinksOnLoad = false

  /// What a warning says of a file holding more than one image: how many, and which is used.
  public var imagesWarning: String { format.reader.imagesWarning(images) }

  /// How many of the file's bytes a probe of its first ones needed to finish (a JPEG's MPF
  /// images lie after its pixels); 0 when it had enough.
  var needsBytes = 0

  /// HDR content (PQ or HLG) that the decode tone-maps to SDR through its profile's curves.
  public var hdr: HDRTransfer? = nil
  /// The HDR content's colour primaries, with `hdr`.
  public var hdrPrimaries: HDRPrimaries? = nil
  /// An HDR gain map the file carries beside its SDR image; artfit draws the SDR image.
  public var gainMap: GainMap? = nil
  /// What the gain map's metadata says, when the file gives it whole and in range.
  public var gainMapFigures: GainMapFigures? = nil
  /// Why the gain map's figures, read whole, are not believed (`GainMapFigures.problem`).
  public var gainMapFiguresProblem: String? = nil
  /// Where the gain map's own image lies in the file's bytes (a JPEG's MPF image), when known.
  public var gainMapImage: Range<Int>? = nil
  /// What an SVG refers to outside itself, none of which is loaded (`SVGReferences`).
  public var externalReferences: [String] = []

  /// The HDR transfer functions, by their ITU-T H.273 codes.
  public enum HDRTransfer: Int, Sendable, Equatable {
    /// SMPTE ST 2084.
    case pq = 16
    /// ITU-R BT.2100 hybrid log-gamma.
    case hlg = 18

    /// Its usual name.
    public var name: String { self == .pq ? "PQ" : "HLG" }
  }

  /// Whose gain map.
  public enum GainMap: Int, Sendable, Equatable {
    /// Apple's (an auxiliary image in HEIC, a second image in a JPEG's MPF).
    case apple = 1
    /// ISO 21496-1's (a `tmap` item in HEIF; Ultra HDR's in a JPEG's MPF).
    case iso = 2

    /// Its usual name.
    public var name: String { self == .apple ? "Apple's HDR" : "an ISO 21496-1 (Ultra HDR)" }
  }

  /// CMYK as a JPEG stores it.
  public enum CMYKStorage: Sendable, Equatable {
    /// 255 is full ink.
    case plain
    /// 0 is full ink, as Adobe writes (its APP14 marker says so).
    case inverted
  }
}
