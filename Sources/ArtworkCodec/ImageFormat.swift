/// The file formats artfit reads and writes.
public enum ImageFormat: String, Sendable, Codable, CaseIterable {
  /// PNG.
  case png
  /// JPEG.
  case jpeg
  /// WebP, lossy or lossless, still or animated.
  case webp
  /// TIFF.
  case tiff
  /// HEIF with HEVC (HEIC) or another codec but AV1.
  case heif
  /// HEIF with AV1.
  case avif
  /// Scalable Vector Graphics, drawn (never decoded) at each output's pixels.
  case svg
  /// PDF's first page, drawn at each output's pixels.
  case pdf

  /// Whether it is drawn from a vector document rather than decoded from pixels.
  public var isVector: Bool { self == .svg || self == .pdf }

  /// The name people know it by.
  public var displayName: String {
    switch self {
    case .png: "PNG"
    case .jpeg: "JPEG"
    case .webp: "WebP"
    case .tiff: "TIFF"
    case .heif: "HEIF"
    case .avif: "AVIF"
    case .svg: "SVG"
    case .pdf: "PDF"
    }
  }

  /// Every format artfit reads, as prose: "PNG, JPEG, WebP, TIFF, HEIF, AVIF, SVG or PDF". Help
  /// texts and errors say it from here, so a format added is named everywhere.
  public static var namesInProse: String {
    let names = allCases.map(\.displayName)
    return names.dropLast().joined(separator: ", ") + " or " + names.last!
  }

  /// The usual file extension.
  public var fileExtension: String {
    switch self {
    case .png: "png"
    case .jpeg: "jpg"
    case .webp: "webp"
    case .tiff: "tif"
    case .heif: "heic"
    case .avif: "avif"
    case .svg: "svg"
    case .pdf: "pdf"
    }
  }

  /// The library that reads it, named in its errors.
  public var library: String {
    switch self {
    case .png: "libpng"
    case .jpeg: "libjpeg"
    case .webp: "libwebp"
    case .tiff: "libtiff"
    case .heif, .avif: "libheif"
    case .svg: "librsvg"
    case .pdf: "poppler"
    }
  }
}
