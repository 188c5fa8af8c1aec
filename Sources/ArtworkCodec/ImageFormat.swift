/// The file formats artfit reads and writes.
public enum ImageFormat: String, Sendable, Codable, CaseIterable {
  case png
  case jpeg
  case webp
  case tiff

  /// The name people know it by.
  public var displayName: String {
    switch self {
    case .png: "PNG"
    case .jpeg: "JPEG"
    case .webp: "WebP"
    case .tiff: "TIFF"
    }
  }

  /// The usual file extension.
  public var fileExtension: String {
    switch self {
    case .png: "png"
    case .jpeg: "jpg"
    case .webp: "webp"
    case .tiff: "tif"
    }
  }

  /// The library that reads it, named in its errors.
  public var library: String {
    switch self {
    case .png: "libpng"
    case .jpeg: "libjpeg"
    case .webp: "libwebp"
    case .tiff: "libtiff"
    }
  }
}
