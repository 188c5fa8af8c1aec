/// An image format artfit recognises and does not read: named in the error (exit 3) with what to
/// hand over instead, never passed over as "not an image". One entry each in `all`.
struct UnreadFormat: Sendable {
  /// "GIF image": what the error calls it.
  let name: String
  /// The extensions it goes by, lowercase.
  let extensions: [String]
  /// What to hand over instead.
  let advice: String
  /// Whether a file whose first bytes are `head` and whose extension is `ext` is one.
  let matches: @Sendable (Head, String) -> Bool

  /// A file's first bytes, for signature tests.
  struct Head {
    let bytes: [UInt8]
    func at(_ offset: Int, _ expected: [UInt8]) -> Bool {
      bytes.count >= offset + expected.count && bytes[offset..<offset + expected.count].elementsEqual(expected)
    }
    func ascii(_ offset: Int, _ text: String) -> Bool { at(offset, Array(text.utf8)) }
    func byte(_ offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
  }

  private static func export(_ format: String, _ instead: String = "a PNG") -> String {
    "artfit does not read \(format); export \(instead)"
  }

  /// Every unread format, in the order they are tested (signatures before extensions).
  static let all: [UnreadFormat] = [
    UnreadFormat(
      name: "Photoshop document (PSB)", extensions: ["psb"],
      advice: "artfit reads its flattened export; save a PNG or TIFF"
    ) { head, _ in head.ascii(0, "8BPS") && head.at(4, [0, 2]) },
    UnreadFormat(
      name: "Photoshop document (PSD)", extensions: ["psd"],
      advice: "artfit reads its flattened export; save a PNG or TIFF"
    ) { head, _ in head.ascii(0, "8BPS") },
    UnreadFormat(
      name: "layered image (LSR)", extensions: ["lsr"],
      advice:
        "an LSR is a ZIP of an image stack's files: unzip it into a folder named NAME.imagestack, which artfit reads"
    ) { head, ext in ext == "lsr" && head.at(0, [0x50, 0x4B, 0x03, 0x04]) },
    UnreadFormat(name: "GIF image", extensions: ["gif"], advice: export("GIF")) { head, _ in
      head.ascii(0, "GIF87a") || head.ascii(0, "GIF89a")
    },
    UnreadFormat(name: "BMP image", extensions: ["bmp"], advice: export("BMP")) { head, _ in
      head.ascii(0, "BM") && head.bytes.count >= 26 && head.at(6, [0, 0, 0, 0])
    },
    UnreadFormat(name: "JPEG XL image", extensions: ["jxl"], advice: export("JPEG XL", "a PNG or JPEG")) { head, _ in
      head.at(0, [0xFF, 0x0A]) || head.at(0, [0, 0, 0, 0x0C]) && head.ascii(4, "JXL ")
    },
    UnreadFormat(
      name: "JPEG 2000 image", extensions: ["jp2", "j2k"], advice: export("JPEG 2000", "a PNG or JPEG")
    ) { head, _ in head.at(0, [0, 0, 0, 0x0C]) && head.ascii(4, "jP  ") || head.at(0, [0xFF, 0x4F, 0xFF, 0x51]) },
    UnreadFormat(name: "OpenEXR image", extensions: ["exr"], advice: "artfit does not read HDR masters; export a PNG") {
      head, _ in head.at(0, [0x76, 0x2F, 0x31, 0x01])
    },
    UnreadFormat(
      name: "Radiance HDR image", extensions: ["hdr", "rgbe"],
      advice: "artfit does not read HDR masters; export a PNG"
    ) { head, _ in head.ascii(0, "#?RADIANCE") || head.ascii(0, "#?RGBE") },
    UnreadFormat(
      name: "icon (ICO)", extensions: ["ico", "cur"], advice: "artfit does not read icon files; export a PNG"
    ) {
      head, ext in
      head.at(0, [0, 0, 1, 0]) && ["ico", "cur"].contains(ext) || head.at(0, [0, 0, 2, 0]) && ext == "cur"
    },
    UnreadFormat(name: "MNG animation", extensions: ["mng"], advice: export("MNG")) { head, _ in
      head.at(0, [0x8A, 0x4D, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    },
    UnreadFormat(name: "JNG image", extensions: ["jng"], advice: export("JNG", "a PNG or JPEG")) { head, _ in
      head.at(0, [0x8B, 0x4A, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    },
    UnreadFormat(name: "DirectDraw Surface (DDS)", extensions: ["dds"], advice: export("DDS textures")) { head, _ in
      head.ascii(0, "DDS ") && head.at(4, [124, 0, 0, 0])
    },
    UnreadFormat(name: "SGI image", extensions: ["sgi"], advice: export("SGI")) {
      head, _ in head.at(0, [0x01, 0xDA]) && (head.byte(2) ?? 9) <= 1 && [1, 2].contains(head.byte(3) ?? 0)
    },
    UnreadFormat(name: "Sun raster image", extensions: ["ras"], advice: export("Sun raster")) {
      head, _ in head.at(0, [0x59, 0xA6, 0x6A, 0x95])
    },
    UnreadFormat(name: "QOI image", extensions: ["qoi"], advice: export("QOI")) { head, _ in
      head.ascii(0, "qoif") && [3, 4].contains(head.byte(12) ?? 0)
    },
    // PCX and TGA have no signature to speak of: a plausible header under their own names.
    UnreadFormat(name: "PCX image", extensions: ["pcx"], advice: export("PCX")) { head, ext in
      ext == "pcx" && head.byte(0) == 0x0A && [0, 2, 3, 4, 5].contains(head.byte(1) ?? 9)
        && (head.byte(2) ?? 9) <= 1
    },
    UnreadFormat(name: "Targa image (TGA)", extensions: ["tga"], advice: export("TGA")) {
      head, ext in
      ext == "tga" && (head.byte(1) ?? 9) <= 1
        && [1, 2, 3, 9, 10, 11, 32, 33].contains(head.byte(2) ?? 0)
    },
  ]
}
