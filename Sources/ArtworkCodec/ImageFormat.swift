/// The file formats artfit reads and writes.
public enum ImageFormat: String, Sendable, Codable, CaseIterable {
  case png
  case jpeg

  /// The name people know it by.
  public var displayName: String { self == .png ? "PNG" : "JPEG" }
  /// The usual file extension.
  public var fileExtension: String { self == .png ? "png" : "jpg" }
}
