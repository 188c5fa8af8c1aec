/// What a file is, by its first bytes (its name only where the bytes cannot say): artwork
/// artfit reads, an image in a format it does not read, or something that is not artwork.
/// Discovery gives every file one of the three, so none is passed over in silence.
public enum FileKind: Sendable, Equatable {
  /// A format artfit decodes.
  case artwork(ImageFormat)
  /// An image artfit cannot read: `name` says the format, `advice` what to hand over instead.
  case unreadImage(name: String, advice: String)
  /// A file whose name promises an image (`name`: the format its extension names) over bytes
  /// that are no image artfit knows.
  case misnamed(name: String)
  /// Not artwork (a note, a design source, an archive): why, in a few words.
  case notArtwork(String)

  /// "a GIF image", "an SVG image": the format's name with its article, for messages.
  public static func named(_ format: String) -> String {
    let vowelSound =
      "AEIOUaeiou".contains(format.first ?? "x") || ["SVG", "SGI", "MNG"].contains { format.hasPrefix($0) }
    return (vowelSound ? "an " : "a ") + format
  }

  /// How many leading bytes `of(head:name:)` needs: room for an SVG's prolog (a doctype with
  /// entity declarations) before its `<svg` element.
  public static let headLength = 4096

  /// The extensions of formats artfit reads; a file with one of them is artwork whatever its
  /// bytes (a damaged or misnamed one is then an input error naming its cause).
  public static let artworkExtensions = Set(ImageFormat.allCases.flatMap(\.fileExtensions))

  /// What the file whose first bytes are `head` (up to `headLength`) and whose name is
  /// `name` is.
  public static func of(head: [UInt8], name: String) -> FileKind {
    let ext = fileExtension(of: name)
    // Camera RAW is TIFF-structured, so it is named before the TIFF decoder could take it.
    if let raw = cameraRaw(head, ext: ext) { return raw }
    if let format = head.withUnsafeBytes(sniffFormat) {
      // A signature is a claim: text that merely starts with one (a note "P1 fix the launch
      // screen") is a note. Binary bytes whose header fails are a damaged image, named later.
      let whole = head.count < headLength
      if head.withUnsafeBytes({ headerHolds(format, $0, whole: whole) })
        || !(textExtensions.contains(ext) || looksLikeText(head))
      {
        return .artwork(format)
      }
      return .notArtwork("not an image (text; only its first bytes look like \(format.displayName))")
    }
    if let image = unreadImage(head, ext: ext) { return image }
    if let named = imageExtensions[ext] { return .misnamed(name: named) }
    if head.isEmpty { return .notArtwork("an empty file") }
    return .notArtwork(looksLikeText(head) ? "not an image (text)" : "not an image")
  }

  /// The extension of the last component of `path`, lowercased; "" when it has none.
  public static func fileExtension(of path: String) -> String {
    let name = path.split(separator: "/").last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return name[name.index(after: dot)...].lowercased()
  }

  /// Image formats artfit does not read, recognised by their signatures (`UnreadFormat.all`).
  static func unreadImage(_ head: [UInt8], ext: String) -> FileKind? {
    let start = UnreadFormat.Head(bytes: head)
    if let format = UnreadFormat.all.first(where: { $0.matches(start, ext) }) {
      return .unreadImage(name: format.name, advice: format.advice)
    }
    if start.ascii(4, "ftyp") {
      let brand = String(decoding: head.dropFirst(8).prefix(4), as: UTF8.self)
      if brand == "crx " { return .unreadImage(name: "camera RAW (CR3)", advice: rawAdvice) }
    }
    return cameraRaw(head, ext: ext)
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

  /// Extensions that promise an image, and the format each names: those artfit reads and
  /// those it names.
  private static let imageExtensions: [String: String] = {
    var named: [String: String] = [:]
    for format in UnreadFormat.all {
      for ext in format.extensions { named[ext] = format.name.replacing(" image", with: "") }
    }
    for format in ImageFormat.allCases { for ext in format.fileExtensions { named[ext] = format.displayName } }
    return named
  }()

  /// Extensions of text: a file with one of them that starts like an image but has no image
  /// header is a note, whatever its bytes.
  static let textExtensions: Set<String> = [
    "md", "markdown", "txt", "text", "rst", "adoc", "org", "rtf", "tex", "json", "jsonl", "csv", "tsv", "yaml", "yml",
    "toml", "ini", "cfg", "conf", "log", "html", "htm", "css", "js", "strings", "sh", "py", "swift",
  ]

  /// Printable UTF-8 with line breaks and no NUL: a note, a licence, JSON.
  private static func looksLikeText(_ head: [UInt8]) -> Bool {
    // The head may end inside a character: its last three bytes are not judged.
    !head.contains(0) && String(validating: head.dropLast(min(3, head.count)), as: UTF8.self) != nil
  }
}
