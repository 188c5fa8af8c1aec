@_spi(Support) import ArtworkSupport
import CImageIO

/// An SVG or PDF document, drawn at whatever pixels an output needs: a preview's source rect
/// at the preview's size, the whole at the crop map's. It is parsed once per thread that
/// draws it (librsvg and poppler documents are drawn by one thread at a time), from the bytes
/// it keeps; the geometry sees `pixelWidth` × `pixelHeight`, its intrinsic size rounded up as
/// librsvg advises, onto which the document is stretched by less than a pixel.
public final class VectorDocument: Sendable {
  /// `svg` or `pdf`.
  public let format: ImageFormat
  /// The intrinsic size: an SVG's in CSS px, a PDF crop box's in points after `/Rotate`.
  public let intrinsicWidth: Double
  /// The intrinsic height, in the same units as the width.
  public let intrinsicHeight: Double
  /// How many pages a PDF holds (its first is drawn); 1 for an SVG.
  public let pages: Int
  /// The library's first warning while parsing, when it gave one.
  public let note: String?
  /// What an SVG refers to outside itself, none of which is loaded (`SVGReferences`).
  public let externalReferences: [String]
  private let bytes: [UInt8]
  private let name: String
  /// Parsed documents not drawing at the moment, for the next draw on any thread.
  private let idle: Locked<[Handle]>

  /// Parses `bytes` (an SVG or a PDF); `name` labels errors.
  public init(bytes: [UInt8], name: String) throws(ImageError) {
    let isSVG = bytes.withUnsafeBytes(sniffFormat) == .svg
    let references = isSVG ? SVGReferences.external(in: bytes) : []
    let (handle, info): (Handle, cimageio_vector_info)
    do {
      (handle, info) = try Self.open(bytes, name: name)
    } catch .corrupt(let file, let format, let detail) where !references.isEmpty && detail.contains("Entity") {
      // librsvg names only the entity it lacks; the cause is the external declaration.
      throw .corrupt(
        file: file, format: format,
        detail: "\(detail.trimmingPrefix(while: \.isWhitespace)); it refers outside itself to "
          + "\(Self.listed(references)), which artfit does not load")
    }
    externalReferences = references
    format = ImageFormat(info.format)
    intrinsicWidth = info.width
    intrinsicHeight = info.height
    pages = Int(info.pages)
    let note = cText(info.note)
    self.note = note.isEmpty ? nil : note
    self.bytes = bytes
    self.name = name
    idle = Locked([handle])
  }

  /// The width the geometry works in: the intrinsic width rounded up (a thousandth of a pixel
  /// over a whole number is taken as noise), at least 1.
  public var pixelWidth: Int { Self.pixels(intrinsicWidth) }
  /// The height the geometry works in, rounded up as the width is.
  public var pixelHeight: Int { Self.pixels(intrinsicHeight) }

  static func pixels(_ side: Double) -> Int { max(1, Int(min((side - 0.001).rounded(.up), 1e9))) }

  /// What a probe reports: the geometry's size, alpha (a document may leave pixels
  /// transparent), 8-bit sRGB.
  public var info: ImageInfo {
    var info = ImageInfo(
      format: format, width: pixelWidth, height: pixelHeight, storedWidth: pixelWidth, storedHeight: pixelHeight,
      orientation: .up, bitDepth: 8, hasAlpha: true, layout: .rgba, isInterlaced: false)
    info.images = pages
    return info
  }

  /// The rectangle at (`x`, `y`) of size `width` × `height` of the geometry's pixels, drawn
  /// into `size` pixels: RGB when every pixel is opaque, else straight RGBA; sRGB, untagged.
  public func draw(x: Double, y: Double, width: Double, height: Double, into size: (width: Int, height: Int))
    throws(ImageError) -> Image
  {
    let parked = idle.withLock { $0.popLast() }
    let handle: Handle
    if let parked { handle = parked } else { handle = try Self.open(bytes, name: name).handle }
    defer { idle.withLock { $0.append(handle) } }
    var error = cimageio_error()
    var channels: Int32 = 4
    var status: Int32 = 0
    var samples = [UInt8](unsafeUninitializedCapacity: size.width * size.height * 4) { buffer, count in
      status = cimageio_vector_draw(
        handle.pointer, Double(pixelWidth), Double(pixelHeight), x, y, width, height, UInt32(size.width),
        UInt32(size.height), buffer.baseAddress, &channels, &error)
      count = status == 0 ? size.width * size.height * Int(channels) : 0
    }
    guard status == 0 else { throw imageError(status: status, error: error, file: name, format: format) }
    samples.shrinkToFit()
    return Image(
      width: size.width, height: size.height, layout: channels == 3 ? .rgb : .rgba, storage: .uint8(samples))
  }

  /// What the artwork's warning says of the references it did not load.
  public var referencesWarning: String? {
    externalReferences.isEmpty
      ? nil
      : "it refers outside itself to \(Self.listed(externalReferences)), not loaded: an SVG is drawn from its own "
        + "bytes (embed images as data: URLs)"
  }

  /// Up to three references, quoted, and how many more.
  static func listed(_ references: [String]) -> String {
    let shown = references.prefix(3).map { "\"\($0.count > 80 ? String($0.prefix(77)) + "..." : $0)\"" }
    let more = references.count > 3 ? " and \(references.count - 3) more" : ""
    return shown.joined(separator: ", ") + more
  }

  /// The whole document drawn into `size` pixels.
  public func draw(into size: (width: Int, height: Int)) throws(ImageError) -> Image {
    try draw(x: 0, y: 0, width: Double(pixelWidth), height: Double(pixelHeight), into: size)
  }

  /// A parsed document, freed with its last reference.
  private final class Handle: @unchecked Sendable {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
    deinit { cimageio_vector_free(pointer) }
  }

  private static func open(_ bytes: [UInt8], name: String) throws(ImageError) -> (
    handle: Handle, info: cimageio_vector_info
  ) {
    var info = cimageio_vector_info()
    var error = cimageio_error()
    var pointer: OpaquePointer? = nil
    let status = bytes.withUnsafeBufferPointer {
      cimageio_vector_open($0.baseAddress, $0.count, &pointer, &info, &error)
    }
    guard status == 0, let pointer else {
      let format = bytes.withUnsafeBytes(sniffFormat) ?? .svg
      throw imageError(status: status, error: error, file: name, format: format)
    }
    return (Handle(pointer), info)
  }
}

extension VectorDocument {
  /// The header of the vector document at `path` (its first bytes `head`): the whole file is
  /// parsed, nothing drawn.
  static func probe(file path: String, head: [UInt8], fileSize: Int, limits: ImageLimits) throws(ImageError)
    -> ImageInfo
  {
    let bytes = fileSize > head.count ? try FileBytes.read(path, limit: limits.maxFileBytes) : head
    return try VectorDocument(bytes: bytes, name: path).info
  }
}

extension Array {
  /// Lets the array give back capacity it no longer uses (a drawing packed to RGB).
  fileprivate mutating func shrinkToFit() { if capacity > count + count / 2 { self = Array(self) } }
}
