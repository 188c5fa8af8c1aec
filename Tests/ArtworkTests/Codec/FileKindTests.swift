import Testing

@testable import ArtworkCodec

/// What a file is by its first bytes: the formats artfit reads, the image formats it names
/// and refuses, and everything else, which is not artwork.
struct FileKindTests {
  static func bytes(_ text: String, _ tail: [UInt8] = []) -> [UInt8] { Array(text.utf8) + tail }

  @Test func heifAndAVIFAreArtworkByTheirBrands() {
    let box: [UInt8] = [0, 0, 0, 0x18]
    #expect(FileKind.of(head: box + Self.bytes("ftypheic\0\0\0\0mif1heic"), name: "x") == .artwork(.heif))
    #expect(FileKind.of(head: box + Self.bytes("ftypmif1\0\0\0\0mif1heic"), name: "x") == .artwork(.heif))
    #expect(FileKind.of(head: box + Self.bytes("ftypavif\0\0\0\0avifmif1"), name: "x.heic") == .artwork(.avif))
    // Generic image brands with AV1's among the compatible ones: AVIF.
    #expect(FileKind.of(head: box + Self.bytes("ftypmif1\0\0\0\0mif1avif"), name: "x") == .artwork(.avif))
    // Canon's CR3 is an ISO box file too, and a camera RAW.
    guard
      case .unreadImage("camera RAW (CR3)", _) = FileKind.of(
        head: box + Self.bytes("ftypcrx \0\0\0\0crx isom"), name: "x")
    else {
      Issue.record("CR3 taken for artwork")
      return
    }
  }

  @Test(arguments: [
    ("<svg xmlns=\"http://www.w3.org/2000/svg\"/>", ImageFormat?.some(.svg)),
    ("\u{FEFF}<?xml version=\"1.0\"?>\n<!-- by hand -->\n<!DOCTYPE svg>\n  <svg>", .svg),
    // An internal subset holds '>' of its own (entity declarations).
    ("<?xml version=\"1.0\"?><!DOCTYPE svg [ <!ENTITY a \"<b>\"> <!ENTITY c 'd>'> ]><svg width=\"1\">", .svg),
    ("<?xml-stylesheet href=\"a.css\"?>\n<svg\n>", .svg),
    ("%PDF-1.7\n", .pdf),
    // PDF readers take the header within the first 1024 bytes.
    (String(repeating: " ", count: 600) + "%PDF-1.4\n", .pdf),
    ("<svgx/>", nil),
    ("<html><svg/></html>", nil),
    ("<!-- unclosed comment <svg/>", nil),
  ])
  func vectorDocumentsAreArtworkByTheirContent(text: String, format: ImageFormat?) {
    let kind = FileKind.of(head: Self.bytes(text), name: "art")
    if let format {
      #expect(kind == .artwork(format), "\(text)")
    } else {
      #expect(kind == .notArtwork("not an image (text)"), "\(text)")
    }
  }

  @Test func pngJPEGWebPAndTIFFAreArtworkWhateverTheName() {
    #expect(FileKind.of(head: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0], name: "hero.dat") == .artwork(.png))
    #expect(FileKind.of(head: [0xFF, 0xD8, 0xFF, 0xE0], name: "scan") == .artwork(.jpeg))
    #expect(FileKind.of(head: Self.bytes("RIFF", [1, 2, 3, 4]) + Self.bytes("WEBPVP8 "), name: "x") == .artwork(.webp))
    #expect(FileKind.of(head: [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0], name: "x.tif") == .artwork(.tiff))
    #expect(FileKind.of(head: [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8], name: "x") == .artwork(.tiff))
  }

  @Test(arguments: [
    (bytes("8BPS", [0, 1]), "x.psd", "Photoshop document (PSD)"),
    (bytes("8BPS", [0, 2]), "x.psb", "Photoshop document (PSB)"),
    (bytes("GIF89a"), "x", "GIF image"),
    (bytes("BM", [0x36, 0, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 20)), "x.bmp", "BMP image"),
    ([0xFF, 0x0A, 1, 2], "x", "JPEG XL image"),
    ([0, 0, 0, 0x0C] + bytes("JXL \r\n"), "x", "JPEG XL image"),
    ([0, 0, 0, 0x0C] + bytes("jP  \r\n"), "x", "JPEG 2000 image"),
    ([0x76, 0x2F, 0x31, 0x01, 2, 0], "x.exr", "OpenEXR image"),
    ([0, 0, 1, 0, 1, 0], "x.ico", "icon (ICO)"),
    ([0, 0, 0, 0x18] + bytes("ftypcrx "), "x.cr3", "camera RAW (CR3)"),
    ([0x49, 0x49, 0x2A, 0, 8, 0, 0, 0], "x.dng", "camera RAW (DNG)"),
    ([0x49, 0x49, 0x2A, 0, 0x10, 0, 0, 0] + bytes("CR"), "x", "camera RAW (TIFF-based)"),
  ])
  func imageFormatsArtfitDoesNotReadAreNamed(head: [UInt8], name: String, format: String) {
    guard case .unreadImage(let found, let advice) = FileKind.of(head: head, name: name) else {
      Issue.record("\(format) was not recognised: \(FileKind.of(head: head, name: name))")
      return
    }
    #expect(found == format)
    #expect(!advice.isEmpty)
  }

  @Test func aNameThatPromisesAnImageOverBytesThatAreNotOneIsAnError() {
    guard case .unreadImage(let format, let advice) = FileKind.of(head: Self.bytes("not really"), name: "x.gif")
    else {
      Issue.record("a .gif of text should be an image error")
      return
    }
    #expect(format == "GIF" && advice.contains("its name says GIF"))
  }

  @Test func everythingElseIsNotArtworkWithAReason() {
    #expect(
      FileKind.of(head: Self.bytes("# Notes\nthe kite, final\n"), name: "notes.md")
        == .notArtwork("not an image (text)"))
    #expect(FileKind.of(head: [0x50, 0x4B, 3, 4, 0, 0, 0xC8], name: "design.sketch") == .notArtwork("not an image"))
    #expect(FileKind.of(head: [], name: "empty") == .notArtwork("an empty file"))
    #expect(FileKind.of(head: Self.bytes("<html><body>"), name: "page.html") == .notArtwork("not an image (text)"))
  }

  @Test func theArticleFollowsTheSound() {
    #expect(FileKind.named("SVG image") == "an SVG image")
    #expect(FileKind.named("OpenEXR image") == "an OpenEXR image")
    #expect(FileKind.named("GIF image") == "a GIF image")
  }
}

/// Every image format artfit names and does not read is named by its signature (exit 3 from
/// the command line, as every unread image is), never passed over as "not an image".
struct UnreadFormatTests {
  @Test(
    arguments: [
      (
        [0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x02, 0x00, 0x18, 0x00],
        "x.tga", "Targa"
      ),
      (Array("#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n".utf8), "x.hdr", "Radiance HDR"),
      (Array("#?RGBE\n".utf8), "x", "Radiance HDR"),
      ([0x0A, 0x05, 0x01, 0x08, 0, 0, 0, 0], "x.pcx", "PCX"),
      (Array("DDS ".utf8) + [124, 0, 0, 0], "x", "DirectDraw"),
      ([0x01, 0xDA, 0x00, 0x01, 0x00, 0x03], "x", "SGI"),
      ([0x59, 0xA6, 0x6A, 0x95, 0, 0, 0, 1], "x", "Sun raster"),
      ([0x8A, 0x4D, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "x", "MNG"),
      ([0x8B, 0x4A, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "x", "JNG"),
      (Array("qoif".utf8) + [0, 0, 0, 1, 0, 0, 0, 1, 4, 0], "x", "QOI"),
    ] as [([UInt8], String, String)])
  func eachIsNamed(head: [UInt8], name: String, called: String) {
    guard case .unreadImage(let format, let advice) = FileKind.of(head: head, name: name) else {
      Issue.record("\(called) is not named")
      return
    }
    #expect(format.contains(called) && advice.contains("export"), "\(format): \(advice)")
  }

  /// A file named like one but holding text is named by its extension, not skipped; a file
  /// whose extension a text format shares with none of them stays not artwork.
  @Test func namesWithoutTheirBytesAreNamedToo() {
    for ext in UnreadFormat.all.flatMap(\.extensions) {
      guard case .unreadImage = FileKind.of(head: Array("hello\n".utf8), name: "x." + ext) else {
        Issue.record(".\(ext) holding text is passed over")
        continue
      }
    }
    #expect(FileKind.of(head: Array("hello\n".utf8), name: "notes.txt") == .notArtwork("not an image (text)"))
  }
}
