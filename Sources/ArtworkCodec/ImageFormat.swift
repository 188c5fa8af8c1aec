import CImageIO

/// The file formats artfit reads and writes. What each is (its names, extensions, library and
/// traits) is its descriptor in CImageIO's format table (`cimageio_formats.c`), read here, so
/// a format is described once for both languages; a case's raw value is its descriptor's `id`.
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
  /// Netpbm's PBM, PGM, PPM, PAM and PFM.
  case netpbm
  /// Scalable Vector Graphics, plain or gzip-compressed (SVGZ), drawn (never decoded) at each
  /// output's pixels.
  case svg
  /// PDF's first page, drawn at each output's pixels.
  case pdf

  /// The format CImageIO calls `code` (a `cimageio_format`), or nil for one it has no
  /// descriptor of: found by the descriptor's `id`, so no list maps one to the other.
  init?(cFormat code: Int32) {
    guard let descriptor = cimageio_format_of(code) else { return nil }
    self.init(rawValue: String(cString: descriptor.pointee.id))
  }

  /// The format a CImageIO reader reported in `cimageio_info.format`: always one of the
  /// table's, since only the table's readers report.
  init(reported code: Int32) {
    guard let format = Self(cFormat: code) else { preconditionFailure("CImageIO reported format \(code)") }
    self = format
  }

  /// What CImageIO's table says of a format, read once.
  struct Description: Sendable {
    /// Its `cimageio_format`.
    let code: Int32
    let name: String
    let extensions: [String]
    let library: String
    let traits: UInt32

    init(_ descriptor: cimageio_format_descriptor) {
      code = descriptor.format
      name = String(cString: descriptor.name)
      extensions = String(cString: descriptor.extensions).split(separator: " ").map(String.init)
      library = String(cString: descriptor.library)
      traits = descriptor.traits
    }
  }

  /// This format's description in CImageIO's table (every case has one: `FormatTableTests`).
  var entry: Description {
    guard let entry = Self.descriptions[self] else { preconditionFailure("CImageIO has no \(rawValue)") }
    return entry
  }

  /// The table's descriptions by the format each describes.
  private static let descriptions: [ImageFormat: Description] = {
    var found: [ImageFormat: Description] = [:]
    for index in 0..<cimageio_format_count() {
      let descriptor = cimageio_format_at(index).pointee
      if let format = ImageFormat(rawValue: String(cString: descriptor.id)) { found[format] = Description(descriptor) }
    }
    return found
  }()

  /// Whether it is drawn from a vector document rather than decoded from pixels.
  public var isVector: Bool { entry.traits & UInt32(CIMAGEIO_TRAIT_VECTOR) != 0 }

  /// Whether its reader decodes a region for less than the whole image (rows or tiles outside
  /// it are not decoded).
  public var decodesRegions: Bool { entry.traits & UInt32(CIMAGEIO_TRAIT_DECODES_REGIONS) != 0 }

  /// The name people know it by.
  public var displayName: String { entry.name }

  /// Every format artfit reads, as prose: "PNG, JPEG, WebP, TIFF, HEIF, AVIF, netpbm, SVG or
  /// PDF". Help texts and errors say it from here, so a format added is named everywhere.
  public static var namesInProse: String {
    let names = allCases.map(\.displayName)
    return names.dropLast().joined(separator: ", ") + " or " + names.last!
  }

  /// The file extensions it goes by, lowercase; the first is the one artfit writes.
  public var fileExtensions: [String] { entry.extensions }

  /// The usual file extension.
  public var fileExtension: String { fileExtensions[0] }

  /// The library that reads it, named in its errors.
  public var library: String { entry.library }
}
