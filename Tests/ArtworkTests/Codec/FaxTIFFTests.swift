import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec

/// Fax TIFFs read as written, in every coding libtiff writes (Group 3 one- and two-dimensional,
/// with and without byte-aligned end-of-line codes, Group 4), both bit orders and both
/// photometrics: pages libtiff 4.5 decodes itself, and one-dimensional pages it refuses (a row
/// that starts black and alternates to its last pixel, libtiff issue 513), which poppler's fax
/// decoder reads. Each page is drawn from random rows, so the truth is the bits written.
@Suite(
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tiffcp")
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/pnmtotiff"),
    "needs libtiff-tools' tiffcp and netpbm's pnmtotiff (.ci/run installs them)"))
struct FaxTIFFTests {
  static let codings = ["g3", "g3:fill", "g3:2d", "g3:2d:fill", "g4"]
  /// The codings libtiff 4.5 refuses a black-first alternating row in (its 1-D decoder's run
  /// array is one short); 2-D rows have room.
  static let oneDimensional = ["g3", "g3:fill"]

  /// A page of `width` × `height` bits (true: black): rows of random runs of 2 to 9 pixels,
  /// blank rows, solid bars and, when `alternatingRows`, rows that alternate every pixel, by
  /// turns starting black and white (so each photometric stores a row starting with a 1 bit).
  static func page(width: Int, height: Int, seed: UInt64, alternatingRows: Bool) -> [[Bool]] {
    var random = SeededGenerator(seed: seed)
    func runs() -> [Bool] {
      var row: [Bool] = []
      var black = random.next() % 2 == 0
      while row.count < width {
        row += [Bool](repeating: black, count: Int(random.next() % 8) + 2)
        black.toggle()
      }
      return Array(row.prefix(width))
    }
    return (0..<height).map { y -> [Bool] in
      switch y % 5 {
      case 0 where alternatingRows: return (0..<width).map { ($0 + y / 5) % 2 == 0 }
      case 0, 1, 2: return runs()
      case 3: return [Bool](repeating: false, count: width)
      default: return (0..<width).map { $0 >= width / 3 && $0 < width / 2 }
      }
    }
  }

  static func run(_ tool: String, _ arguments: [String], output: String? = nil) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    if let output {
      _ = FileManager.default.createFile(atPath: output, contents: nil)
      process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    }
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "\(tool) \(arguments)")
  }

  /// The page as a fax TIFF: a PBM, made a plain TIFF by pnmtotiff, coded by tiffcp.
  static func faxTIFF(
    _ page: [[Bool]], coding: String, fillOrder: String, photometric: String, in folder: TemporaryFolder
  ) throws -> String {
    let width = page[0].count
    var pbm = Array("P4\n\(width) \(page.count)\n".utf8)
    for row in page {
      for byte in stride(from: 0, to: width, by: 8) {
        pbm.append((0..<8).reduce(UInt8(0)) { $0 | (byte + $1 < width && row[byte + $1] ? 0x80 >> UInt8($1) : 0) })
      }
    }
    let plain = folder.path("plain.tif")
    try run("/usr/bin/pnmtotiff", ["-none", "-" + photometric, folder.write(pbm, to: "page.pbm")], output: plain)
    let fax = folder.path("fax-\(coding)-\(fillOrder)-\(photometric).tif")
    try run("/usr/bin/tiffcp", ["-c", coding, "-f", fillOrder, "-r", "16", plain, fax])
    return fax
  }

  /// Whether libtiff itself decodes the file (tiffcp recoding it uncompressed).
  static func libtiffDecodes(_ file: String, in folder: TemporaryFolder) throws -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/tiffcp")
    process.arguments = ["-c", "none", file, folder.path("decoded.tif")]
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  /// The bytes of a `width` x `height` page (seeded) coded as `coding` by tiffcp, most
  /// significant bit first, white as zero: the file the damage tests change.
  static func faxBytes(
    width: Int = 96, height: Int, seed: UInt64, alternatingRows: Bool, coding: String, in folder: TemporaryFolder
  ) throws -> [UInt8] {
    let picture = Self.page(width: width, height: height, seed: seed, alternatingRows: alternatingRows)
    let file = try Self.faxTIFF(picture, coding: coding, fillOrder: "msb2lsb", photometric: "miniswhite", in: folder)
    return try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
  }

  @Test(arguments: codings, [false, true])
  func faxPagesReadAsWritten(coding: String, alternatingRows: Bool) throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let page = Self.page(width: 96, height: 45, seed: UInt64(coding.utf8.count), alternatingRows: alternatingRows)
    for fillOrder in ["msb2lsb", "lsb2msb"] {
      for photometric in ["miniswhite", "minisblack"] {
        let file = try Self.faxTIFF(page, coding: coding, fillOrder: fillOrder, photometric: photometric, in: folder)
        let refused = alternatingRows && Self.oneDimensional.contains(coding)
        #expect(try Self.libtiffDecodes(file, in: folder) != refused, "\(file): libtiff's own reading")
        let image = try ImageDecoder.decode(file: file)
        #expect(image.width == 96 && image.height == 45 && image.layout == .gray)
        let expected = page.flatMap { $0.map { $0 ? UInt8(0) : 255 } }
        #expect(image.storage == .uint8(expected), "\(coding) \(fillOrder) \(photometric)")
        // A region: the strips it crosses, and only its rows and columns of them.
        let region = ImageRegion(x: 5, y: 17, width: 60, height: 20)
        #expect(
          try regionReadsAsTheCrop(of: image, region) { try ImageDecoder.decode(file: file, region: $0) },
          "\(coding) \(fillOrder) \(photometric), a region")
      }
    }
  }

  /// Damaged one-dimensional fax data is refused by name, by libtiff and by poppler, not drawn
  /// as whatever poppler makes of it.
  @Test(arguments: oneDimensional)
  func damagedFaxDataIsRefused(coding: String) throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    var bytes = try Self.faxBytes(height: 45, seed: 7, alternatingRows: true, coding: coding, in: folder)
    // The first strip's data follows the 8-byte header in tiffcp's files; garble most of it.
    var random = SeededGenerator(seed: 11)
    for index in 8..<40 { bytes[index] = UInt8(truncatingIfNeeded: random.next()) }
    let damaged = folder.write(bytes, to: "damaged.tif")
    let decodes = try Self.libtiffDecodes(damaged, in: folder)
    try #require(!decodes, "the garbled strip still decodes in libtiff")
    #expect {
      try ImageDecoder.decode(file: damaged)
    } throws: { error in
      "\(error)".contains("nor can poppler's fax decoder")
    }
  }

  /// A one-dimensional strip cut short at any byte, in pages libtiff 4.5 refuses (so poppler
  /// decodes them), is either refused or, where the cut takes only codes after the strip's last
  /// row, read as written: never drawn with rows the data does not hold (poppler draws them
  /// white without a word). Cuts that leave whole rows out are named by strip and row.
  @Test(arguments: oneDimensional)
  func aCutOneDimensionalStripIsNeverPadded(coding: String) throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let page = Self.page(width: 96, height: 45, seed: 9, alternatingRows: true)
    let file = try Self.faxTIFF(page, coding: coding, fillOrder: "msb2lsb", photometric: "miniswhite", in: folder)
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
    try #require(try !Self.libtiffDecodes(file, in: folder), "libtiff 4.5 reads this page itself")
    let expected = page.flatMap { $0.map { $0 ? UInt8(0) : 255 } }
    let count = try #require(Self.firstTagValue(bytes, 279), "StripByteCounts")
    var namedByRow = 0
    for kept in 1..<count {
      let cut = folder.write(try #require(Self.changingTag(bytes, 279) { _ in kept }), to: "cut.tif")
      do {
        let image = try ImageDecoder.decode(file: cut)
        #expect(image.storage == .uint8(expected), "\(coding), \(kept) of \(count) bytes drawn otherwise")
      } catch {
        if "\(error)".contains("the data of its fax strip 1 of 3 ends before the page's row") { namedByRow += 1 }
      }
    }
    #expect(namedByRow > count / 4, "\(coding): \(namedByRow) of \(count) cuts named by row")
  }

  /// The first value of tag `tag` in the TIFF `bytes`' first directory (SHORT or LONG).
  static func firstTagValue(_ bytes: [UInt8], _ tag: Int) -> Int? {
    var value: Int?
    _ = changingTag(bytes, tag) {
      value = $0
      return $0
    }
    return value
  }

  /// `bytes` (a TIFF) with `change` made to the first value of tag `tag` in its first
  /// directory (SHORT or LONG, either byte order); nil when the directory has no such tag.
  static func changingTag(_ bytes: [UInt8], _ tag: Int, _ change: (Int) -> Int) -> [UInt8]? {
    let little = bytes[0] == 0x49
    func read(_ at: Int, _ count: Int) -> Int {
      (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * (little ? $1 : count - 1 - $1)) }
    }
    var out = bytes
    func write(_ value: Int, _ at: Int, _ count: Int) {
      for i in 0..<count { out[at + i] = UInt8(value >> (8 * (little ? i : count - 1 - i)) & 255) }
    }
    let ifd = read(4, 4)
    for entry in (0..<read(ifd, 2)).map({ ifd + 2 + 12 * $0 }) where read(entry, 2) == tag {
      let width = read(entry + 2, 2) == 3 ? 2 : 4
      let at = read(entry + 4, 4) * width <= 4 ? entry + 8 : read(entry + 8, 4)
      write(change(read(at, width)), at, width)
      return out
    }
    return nil
  }

  /// Fax data that is not what its tags say is refused, not drawn as whatever the decoder
  /// fills rows with: one-dimensional strips labelled two-dimensional (T4Options bit 0 set on
  /// tiffcp's `g3:fill`, the 1-D file that carries the tag) and two-dimensional ones labelled
  /// one-dimensional; and a first strip whose byte count says it ends halfway, in every coding
  /// (a cut 1-D strip goes to poppler's tolerant decoder, which pads the rows it lacks).
  @Test(arguments: codings)
  func faxDataTheTagsMisdescribeIsRefused(coding: String) throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let bytes = try Self.faxBytes(height: 45, seed: 5, alternatingRows: false, coding: coding, in: folder)
    var damaged: [[UInt8]] = []
    damaged.append(try #require(Self.changingTag(bytes, 279) { $0 / 2 }, "StripByteCounts"))
    if coding != "g3" && coding != "g4" {
      damaged.append(try #require(Self.changingTag(bytes, 292) { $0 ^ 1 }, "T4Options"))
    }
    for (index, damage) in damaged.enumerated() {
      let name = folder.write(damage, to: "damaged-\(index).tif")
      #expect(throws: ImageError.self, "\(coding), damage \(index)") { try ImageDecoder.decode(file: name) }
    }
  }

  /// A page taller than its data could code (a row takes at least one bit) is refused by that
  /// arithmetic, in every coding, before a page that tall is allocated.
  @Test(arguments: codings)
  func aPageTallerThanItsDataIsRefused(coding: String) throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let bytes = try Self.faxBytes(height: 10, seed: 3, alternatingRows: false, coding: coding, in: folder)
    let tall = try #require(
      Self.changingTag(bytes, 257) { _ in 60000 }.flatMap { Self.changingTag($0, 278) { _ in 60000 } })
    let name = folder.write(tall, to: "tall.tif")
    #expect {
      try ImageDecoder.decode(file: name)
    } throws: { error in
      "\(error)".contains("cannot hold its 60000 rows")
    }
  }
}
