@_spi(Support) import ArtworkSupport
import CImageIO

/// An SVG or PDF document, drawn at whatever pixels an output needs: a preview's source rect
/// at the preview's size, the whole at the crop map's. It is parsed once per thread that
/// draws it (librsvg and poppler documents are drawn by one thread at a time), from the bytes
/// it keeps; the geometry sees `pixelWidth` × `pixelHeight`, its intrinsic size rounded up as
/// librsvg advises, onto which the document is stretched by less than a pixel. Every document
/// is held to `ImageLimits`' vector bounds (bytes, expanded elements, seconds a parse or a
/// drawing may take), so no document spends more than they allow (`VectorBudget`).
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
  private let limits: ImageLimits
  /// Parsed documents not drawing at the moment, for the next draw on any thread.
  private let idle: Locked<[Handle]>
  /// Seconds spent parsing and drawing it so far, on every thread: the time bound is the
  /// document's, not each drawing's.
  private let spent: Locked<Double>

  /// Parses `bytes` (an SVG or a PDF) within `limits`' vector bounds; `name` labels errors.
  public init(bytes given: [UInt8], name: String, limits: ImageLimits = ImageLimits()) throws(ImageError) {
    let bytes = try Self.inflated(given, name: name, limits: limits)
    let isSVG = bytes.withUnsafeBytes(sniffFormat) == .svg
    if isSVG {
      _ = try Self.measure(bytes, name: name, limits: limits)
    } else {
      try Self.bound(bytes, name: name, limits: limits)
    }
    let references = isSVG ? SVGReferences.external(in: bytes) : []
    let (handle, info): (Handle, cimageio_vector_info)
    let started = MonotonicClock.seconds()
    do {
      (handle, info) = try Self.open(bytes, name: name, limits: limits, budget: limits.maxVectorSeconds)
    } catch .corrupt(let file, let format, let detail) where !references.isEmpty && detail.contains("Entity") {
      // librsvg names only the entity it lacks; the cause is the external declaration.
      throw .corrupt(
        file: file, format: format,
        detail: "\(detail.trimmingPrefix(while: \.isWhitespace)); it refers outside itself to "
          + "\(Self.listed(references)), which artfit does not load")
    }
    externalReferences = references
    format = ImageFormat(reported: info.format)
    intrinsicWidth = info.width
    intrinsicHeight = info.height
    pages = Int(info.pages)
    let note = cText(info.note)
    self.note = note.isEmpty ? nil : note
    self.bytes = bytes
    self.name = name
    self.limits = limits
    idle = Locked([handle])
    spent = Locked(MonotonicClock.seconds() - started)
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
    info.externalReferences = externalReferences
    return info
  }

  /// The rectangle at (`x`, `y`) of size `width` × `height` of the geometry's pixels, drawn
  /// into `size` pixels: RGB when every pixel is opaque, else straight RGBA; sRGB, untagged.
  public func draw(x: Double, y: Double, width: Double, height: Double, into size: (width: Int, height: Int))
    throws(ImageError) -> Image
  {
    let started = MonotonicClock.seconds()
    let budget = limits.maxVectorSeconds - spent.withLock { $0 }
    defer { spent.withLock { $0 += MonotonicClock.seconds() - started } }
    guard budget > 0 else {
      throw .overBudget(file: name, format: format, budget: .seconds(limit: limits.maxVectorSeconds))
    }
    let parked = idle.withLock { $0.popLast() }
    let handle: Handle
    if let parked {
      handle = parked
    } else {
      handle = try Self.open(bytes, name: name, limits: limits, budget: budget).handle
    }
    defer { idle.withLock { $0.append(handle) } }
    let left = budget - (MonotonicClock.seconds() - started)
    var error = cimageio_error()
    var channels: Int32 = 4
    var status: Int32 = 0
    var samples = [UInt8](unsafeUninitializedCapacity: size.width * size.height * 4) { buffer, count in
      status = cimageio_vector_draw(
        handle.pointer, Double(pixelWidth), Double(pixelHeight), x, y, width, height, UInt32(size.width),
        UInt32(size.height), max(left, 0.001), buffer.baseAddress, &channels, &error)
      count = status == 0 ? size.width * size.height * Int(channels) : 0
    }
    guard status == 0 else {
      if status == Int32(CIMAGEIO_OVER_BUDGET.rawValue) {
        throw .overBudget(file: name, format: format, budget: .seconds(limit: limits.maxVectorSeconds))
      }
      throw imageError(status: status, error: error, file: name, format: format)
    }
    samples.shrinkToFit()
    return Image(
      width: size.width, height: size.height, layout: channels == 3 ? .rgb : .rgba, storage: .uint8(samples))
  }

  /// What the artwork's warning says of the references it did not load.
  public var referencesWarning: String? { Self.referencesWarning(externalReferences) }

  /// What the artwork's warning says of `references`, which were not loaded.
  public static func referencesWarning(_ references: [String]) -> String? {
    references.isEmpty
      ? nil
      : "it refers outside itself to \(listed(references)), not loaded: an SVG is drawn from its own "
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

  /// Parses `bytes`; a parse that took longer than `budget` seconds is refused (it cannot be
  /// stopped, but the byte and element bounds before it keep it to seconds).
  private static func open(_ bytes: [UInt8], name: String, limits: ImageLimits, budget: Double) throws(ImageError) -> (
    handle: Handle, info: cimageio_vector_info
  ) {
    var info = cimageio_vector_info()
    var error = cimageio_error()
    var pointer: OpaquePointer? = nil
    let started = MonotonicClock.seconds()
    let status = bytes.withUnsafeBufferPointer {
      cimageio_vector_open($0.baseAddress, $0.count, &pointer, &info, &error)
    }
    let format = bytes.withUnsafeBytes(sniffFormat) ?? .svg
    guard status == 0, let pointer else { throw imageError(status: status, error: error, file: name, format: format) }
    let handle = Handle(pointer)
    if MonotonicClock.seconds() - started > budget {
      throw .overBudget(file: name, format: format, budget: .seconds(limit: limits.maxVectorSeconds))
    }
    return (handle, info)
  }

  /// An SVGZ's document, inflated within the byte bound (a small file may inflate without end);
  /// any other document as it is.
  static func inflated(_ bytes: [UInt8], name: String, limits: ImageLimits) throws(ImageError) -> [UInt8] {
    guard bytes.withUnsafeBufferPointer({ cimageio_svg_is_compressed($0.baseAddress, $0.count) }) != 0 else {
      return bytes
    }
    var error = cimageio_error()
    var out: UnsafeMutablePointer<UInt8>? = nil
    var size = 0
    let status = bytes.withUnsafeBufferPointer {
      cimageio_svg_inflate($0.baseAddress, $0.count, max(0, limits.maxVectorBytes), &out, &size, &error)
    }
    defer { cimageio_free(out) }
    if status == Int32(CIMAGEIO_LIMIT.rawValue) {
      throw .overBudget(file: name, format: .svg, budget: .inflated(limit: limits.maxVectorBytes))
    }
    guard status == 0, let out else { throw imageError(status: status, error: error, file: name, format: .svg) }
    return Array(UnsafeBufferPointer(start: out, count: size))
  }

  /// Refuses a document of more bytes than the bound.
  private static func bound(_ bytes: [UInt8], name: String, limits: ImageLimits) throws(ImageError) {
    guard bytes.count > limits.maxVectorBytes else { return }
    let format = bytes.withUnsafeBytes(sniffFormat) ?? .svg
    throw .overBudget(file: name, format: format, budget: .bytes(bytes.count, limit: limits.maxVectorBytes))
  }

  /// Bounds an SVG's bytes and expanded elements before librsvg builds it; what the pass found.
  private static func measure(_ bytes: [UInt8], name: String, limits: ImageLimits) throws(ImageError)
    -> cimageio_svg_measure_info
  {
    try bound(bytes, name: name, limits: limits)
    var measured = cimageio_svg_measure_info()
    var error = cimageio_error()
    let status = bytes.withUnsafeBufferPointer {
      cimageio_svg_measure($0.baseAddress, $0.count, UInt64(limits.maxVectorElements), &measured, &error)
    }
    guard status == 0 else { throw imageError(status: status, error: error, file: name, format: .svg) }
    if measured.elements > UInt64(limits.maxVectorElements) {
      throw .overBudget(file: name, format: .svg, budget: .elements(limit: limits.maxVectorElements))
    }
    return measured
  }
}

extension VectorDocument {
  /// The header of the vector document at `path` (its first bytes `head`), within the same
  /// bounds as a drawing, so a file `check` passes is one `render` draws.
  static func probe(file path: String, head: [UInt8], fileSize: Int, limits: ImageLimits) throws(ImageError)
    -> ImageInfo
  {
    if fileSize > limits.maxVectorBytes {
      let format = head.withUnsafeBytes(sniffFormat) ?? .svg
      throw .overBudget(file: path, format: format, budget: .bytes(fileSize, limit: limits.maxVectorBytes))
    }
    let bytes = fileSize > head.count ? try FileBytes.read(path, limit: limits.maxFileBytes) : head
    return try probe(bytes: bytes, name: path, limits: limits)
  }

  /// The size of the SVG or PDF `bytes`. An SVG is measured in one streaming pass, then its
  /// root element alone is handed to librsvg for the size, so the document is never built; a
  /// size that a stylesheet could change, an external entity, an encoding other than UTF-8, or
  /// malformed XML (for librsvg's own words) takes the whole document.
  static func probe(bytes given: [UInt8], name: String, limits: ImageLimits) throws(ImageError) -> ImageInfo {
    let bytes = try inflated(given, name: name, limits: limits)
    guard bytes.withUnsafeBytes(sniffFormat) == .svg else {
      return try VectorDocument(bytes: bytes, name: name, limits: limits).info
    }
    let measured = try measure(bytes, name: name, limits: limits)
    guard measured.well_formed != 0, measured.needs_whole == 0, measured.root_end > 0, measured.root_end < bytes.count
    else { return try VectorDocument(bytes: bytes, name: name, limits: limits).info }
    let rootName = cText(measured.root_name)
    let end = measured.root_end + (measured.root_empty != 0 ? 2 : 1)
    let root = Array(bytes[..<min(end, bytes.count)]) + Array((measured.root_empty != 0 ? "" : "</\(rootName)>").utf8)
    var info = try VectorDocument(bytes: root, name: name, limits: limits).info
    info.externalReferences = SVGReferences.external(in: bytes)
    return info
  }
}

extension Array {
  /// Lets the array give back capacity it no longer uses (a drawing packed to RGB).
  fileprivate mutating func shrinkToFit() { if capacity > count + count / 2 { self = Array(self) } }
}
