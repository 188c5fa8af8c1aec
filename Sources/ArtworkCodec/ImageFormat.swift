/// The file formats artfit reads and writes.
public enum ImageFormat: String, Sendable, Codable, CaseIterable {
  case png
  case jpeg
  case webp

  /// The name people know it by.
  public var displayName: String {
    switch self {
    case .png: "PNG"
    case .jpeg: "JPEG"
    case .webp: "WebP"
    }
  }

  /// The usual file extension.
  public var fileExtension: String {
    switch self {
    case .png: "png"
    case .jpeg: "jpg"
    case .webp: "webp"
    }
  }

  /// The library that reads it, named in its errors.
  public var library: String {
    switch self {
    case .png: "libpng"
    case .jpeg: "libjpeg"
    case .webp: "libwebp"
    }
  }
}
