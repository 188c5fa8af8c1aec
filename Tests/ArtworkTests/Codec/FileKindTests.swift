import TestSupport
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
    #expect(FileKind.of(head: Self.bytes("not really"), name: "x.gif") == .misnamed(name: "GIF"))
    #expect(FileKind.of(head: [0, 7, 2, 3, 250, 251], name: "x.tga") == .misnamed(name: "Targa (TGA)"))
  }

  @Test func everythingElseIsNotArtworkWithAReason() {
    #expect(
      FileKind.of(head: Self.bytes("# Notes\nthe kite, final\n"), name: "notes.md")
        == .notArtwork("not an image (text)"))
    #expect(FileKind.of(head: [0x50, 0x4B, 3, 4, 0, 0, 0xC8], name: "design.sketch") == .notArtwork("not an image"))
    #expect(FileKind.of(head: [], name: "empty") == .notArtwork("an empty file"))
    #expect(FileKind.of(head: Self.bytes("<html><body>"), name: "page.html") == .notArtwork("not an image (text)"))
  }

  /// How files of each format begin (several where a format has several signatures). The
  /// properties below run over all of them, and the first fails when a format is added
  /// without its own.
  static let signatures: [ImageFormat: [[UInt8]]] = [
    .png: [[0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]],
    .jpeg: [[0xFF, 0xD8, 0xFF]],
    .webp: [bytes("RIFF", [0x24, 0, 0, 0]) + bytes("WEBP"), bytes("RIFFsizeWEBP")],
    .tiff: [bytes("II*\0"), bytes("MM\0*"), bytes("II+\0")],
    .heif: [[0, 0, 0, 0x18] + bytes("ftypheic"), [0, 0, 0, 0x1C] + bytes("ftypmif1")],
    .avif: [[0, 0, 0, 0x1C] + bytes("ftypavif")],
    .netpbm: ["P1 ", "P2\n", "P3 ", "P4\t", "P5 ", "P6\n", "P7\n", "PF\n", "Pf "].map { bytes($0) },
    .svg: [bytes("<svg "), bytes("<?xml version=\"1.0\"?>\n<svg\n")],
    .pdf: [bytes("%PDF-"), bytes("%PDF-1.")],
  ]

  /// Prose of random words, lines and punctuation, no longer than a head (so a reader sees
  /// the whole note, as it sees any text file shorter than that).
  static func prose(_ generator: inout SeededGenerator) -> [UInt8] {
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
    var text: [UInt8] = []
    for _ in 0..<Int.random(in: 1...300, using: &generator) {
      text += (0..<Int.random(in: 1...9, using: &generator)).map { _ in letters.randomElement(using: &generator)! }
      text += [Array(" ".utf8), Array(", ".utf8), Array(".\n".utf8), Array(" - ".utf8), Array("\n\n".utf8)]
        .randomElement(using: &generator)!
    }
    return Array(text.prefix(FileKind.headLength - 64))
  }

  @Test func everyFormatHasItsSignaturesListed() {
    #expect(Set(Self.signatures.keys) == Set(ImageFormat.allCases))
    for (format, starts) in Self.signatures {
      for start in starts {
        // The signature is the format's: with a word after it, it is still taken for it.
        #expect((start + Array("word".utf8)).withUnsafeBytes(sniffFormat) == format, "\(format): \(start)")
      }
    }
  }

  /// A signature is a claim: random prose after any format's signature, in a file named as
  /// text (or, where the signature is text itself, in a file without an extension), is a note
  /// skipped as text, never artwork, so never an error.
  @Test func textThatStartsWithASignatureIsANote() {
    var generator = SeededGenerator(seed: 67)
    for (format, starts) in Self.signatures {
      for start in starts {
        let textual = String(validating: start, as: UTF8.self) != nil && !start.contains(0)
        for index in 0..<40 {
          let head = start + Self.prose(&generator)
          let ext = FileKind.textExtensions.sorted()[index % FileKind.textExtensions.count]
          for name in ["note-\(index).\(ext)"] + (textual ? ["TODO", "notes.\(index)"] : []) {
            let kind = FileKind.of(head: head, name: name)
            guard case .notArtwork(let reason) = kind, reason.hasPrefix("not an image (text") else {
              Issue.record("\(format), \(name): \(kind) for \(String(decoding: head.prefix(60), as: UTF8.self))")
              return
            }
          }
        }
      }
    }
  }

  /// What the notes above are not: a file whose header holds is its format's whatever its
  /// name, and a binary file whose header fails is still a damaged image, named when read.
  @Test func aHeaderThatHoldsIsTheFormatWhateverTheName() {
    #expect(FileKind.of(head: Self.bytes("P1 2 2\n0 1\n1 0\n"), name: "TODO.md") == .artwork(.netpbm))
    #expect(FileKind.of(head: Self.bytes("P7\nWIDTH 2\nHEIGHT"), name: "x") == .artwork(.netpbm))
    #expect(FileKind.of(head: Self.bytes("%PDF-1.7\nnotes"), name: "notes.txt") == .artwork(.pdf))
    #expect(FileKind.of(head: Self.bytes("<svg width=\"2\" height=\"2\"/>"), name: "logo.txt") == .artwork(.svg))
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Self.bytes("IHDR")
    #expect(FileKind.of(head: png + [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0], name: "hero.txt") == .artwork(.png))
    // Binary bytes after a signature, in a file not named as text: a damaged PNG, not a note.
    #expect(FileKind.of(head: Array(png.prefix(8)) + [0xF0, 0x80, 0, 1], name: "hero.dat") == .artwork(.png))
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
      guard case .misnamed = FileKind.of(head: Array("hello\n".utf8), name: "x." + ext) else {
        Issue.record(".\(ext) holding text is passed over")
        continue
      }
    }
    #expect(FileKind.of(head: Array("hello\n".utf8), name: "notes.txt") == .notArtwork("not an image (text)"))
  }
}
