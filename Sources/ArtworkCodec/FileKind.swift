/// What a file is, by its first bytes (its name only where the bytes cannot say): artwork
/// artfit reads, an image in a format it does not read, or something that is not artwork.
/// Discovery gives every file one of the three, so none is passed over in silence.
public enum FileKind: Sendable, Equatable {
  /// A format artfit decodes.
  case artwork(ImageFormat)
  /// An image artfit cannot read: `name` says the format, `advice` what to hand over instead.
  case unreadImage(name: String, advice: String)
  /// Not artwork (a note, a design source, an archive): why, in a few words.
  case notArtwork(String)

  /// "a GIF image", "an SVG image": the format's name with its article, for messages.
  public static func named(_ format: String) -> String {
    let vowelSound = "AEIOUaeiou".contains(format.first ?? "x") || format.hasPrefix("SVG")
    return (vowelSound ? "an " : "a ") + format
  }

  /// How many leading bytes `of(head:name:)` needs: room for an SVG's prolog (a doctype with
  /// entity declarations) before its `<svg` element.
  public static let headLength = 4096

  /// The extensions of formats artfit reads; a file with one of them is artwork whatever its
  /// bytes (a damaged or misnamed one is then an input error naming its cause).
  public static let artworkExtensions: Set<String> = [
    "png", "jpg", "jpeg", "webp", "tif", "tiff", "heic", "heif", "hif", "avif", "svg", "pdf",
  ]

  /// What the file whose first bytes are `head` (up to `headLength`) and whose name is
  /// `name` is.
  public static func of(head: [UInt8], name: String) -> FileKind {
    let ext = fileExtension(of: name)
    // Camera RAW is TIFF-structured, so it is named before the TIFF decoder could take it.
    if let raw = cameraRaw(head, ext: ext) { return raw }
    if let format = head.withUnsafeBytes(sniffFormat) { return .artwork(format) }
    if let image = unreadImage(head, ext: ext) { return image }
    if let named = imageExtensions[ext] {
      return .unreadImage(
        name: named, advice: "its name says \(named) but its bytes are not one; re-export it as PNG or JPEG")
    }
    if head.isEmpty { return .notArtwork("an empty file") }
    return .notArtwork(looksLikeText(head) ? "not an image (text)" : "not an image")
  }

  /// The extension of the last component of `path`, lowercased; "" when it has none.
  public static func fileExtension(of path: String) -> String {
    let name = path.split(separator: "/").last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return name[name.index(after: dot)...].lowercased()
  }

  /// Image formats artfit does not read, recognised by their signatures.
  static func unreadImage(_ head: [UInt8], ext: String) -> FileKind? {
    func at(_ offset: Int, _ bytes: [UInt8]) -> Bool {
      head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
    }
    func ascii(_ offset: Int, _ text: String) -> Bool { at(offset, Array(text.utf8)) }
    if ascii(0, "8BPS") {
      return .unreadImage(
        name: "Photoshop document (\(at(4, [0, 2]) ? "PSB" : "PSD"))",
        advice: "artfit reads its flattened export; save a PNG or TIFF")
    }
    if ascii(0, "GIF87a") || ascii(0, "GIF89a") {
      return .unreadImage(name: "GIF image", advice: "artfit does not read GIF; export a PNG")
    }
    if ascii(0, "BM") && head.count >= 26 && at(6, [0, 0, 0, 0]) {
      return .unreadImage(name: "BMP image", advice: "artfit does not read BMP; export a PNG")
    }
    if at(0, [0xFF, 0x0A]) || at(0, [0, 0, 0, 0x0C]) && ascii(4, "JXL ") {
      return .unreadImage(name: "JPEG XL image", advice: "artfit does not read JPEG XL; export a PNG or JPEG")
    }
    if at(0, [0, 0, 0, 0x0C]) && ascii(4, "jP  ") || at(0, [0xFF, 0x4F, 0xFF, 0x51]) {
      return .unreadImage(name: "JPEG 2000 image", advice: "artfit does not read JPEG 2000; export a PNG or JPEG")
    }
    if at(0, [0x76, 0x2F, 0x31, 0x01]) {
      return .unreadImage(name: "OpenEXR image", advice: "artfit does not read HDR masters; export a PNG")
    }
    if at(0, [0, 0, 1, 0]) && ["ico", "cur"].contains(ext) || at(0, [0, 0, 2, 0]) && ext == "cur" {
      return .unreadImage(name: "icon (ICO)", advice: "artfit does not read icon files; export a PNG")
    }
    if ascii(4, "ftyp") {
      let brand = String(decoding: head.dropFirst(8).prefix(4), as: UTF8.self)
      if brand == "crx " { return .unreadImage(name: "camera RAW (CR3)", advice: rawAdvice) }
    }
    if let raw = cameraRaw(head, ext: ext) { return raw }
    return nil
  }

  /// A TIFF-structured camera RAW (DNG, CR2, NEF, …): by its extension, or Canon's "CR" mark.
  static func cameraRaw(_ head: [UInt8], ext: String) -> FileKind? {
    func at(_ offset: Int, _ bytes: [UInt8]) -> Bool {
      head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
    }
    let tiff =
      at(0, [0x49, 0x49, 0x2A, 0]) || at(0, [0x4D, 0x4D, 0, 0x2A]) || at(0, [0x49, 0x49, 0x2B, 0])
      || at(0, [0x4D, 0x4D, 0, 0x2B])
    guard tiff, at(8, Array("CR".utf8)) || rawExtensions.contains(ext) else { return nil }
    return .unreadImage(name: "camera RAW (\(ext.isEmpty ? "TIFF-based" : ext.uppercased()))", advice: rawAdvice)
  }

  private static let rawAdvice = "artfit reads developed images; export a PNG, JPEG or TIFF from the RAW"
  private static let rawExtensions: Set<String> = [
    "dng", "cr2", "nef", "nrw", "arw", "srf", "sr2", "orf", "rw2", "raf", "pef", "3fr", "iiq", "erf", "kdc",
  ]

  /// Extensions that promise an image, and the format each names.
  private static let imageExtensions: [String: String] = [
    "png": "PNG", "jpg": "JPEG", "jpeg": "JPEG", "heic": "HEIF", "heif": "HEIF", "avif": "AVIF",
    "webp": "WebP", "tif": "TIFF", "tiff": "TIFF", "svg": "SVG", "pdf": "PDF", "psd": "PSD", "psb": "PSB",
    "gif": "GIF", "bmp": "BMP", "jxl": "JPEG XL", "jp2": "JPEG 2000", "exr": "OpenEXR", "ico": "ICO",
  ]

  /// Printable UTF-8 with line breaks and no NUL: a note, a licence, JSON.
  private static func looksLikeText(_ head: [UInt8]) -> Bool {
    // The head may end inside a character: its last three bytes are not judged.
    !head.contains(0) && String(validating: head.dropLast(min(3, head.count)), as: UTF8.self) != nil
  }
}
