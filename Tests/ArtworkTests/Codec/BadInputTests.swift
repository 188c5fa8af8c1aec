import TestSupport
import Testing

@testable import ArtworkCodec

/// Each kind of bad input gives its own error, names the file, and allocates nothing large.
struct BadInputTests {
  let folder = TemporaryFolder()

  func validPNG() throws -> [UInt8] {
    try ImageEncoder.png(RoundTripTests.pattern8(.rgb, width: 64, height: 64), effort: .stored)
  }

  func validJPEG() throws -> [UInt8] {
    try ImageEncoder.jpeg(RoundTripTests.pattern8(.rgb, width: 64, height: 64))
  }

  @Test func emptyFileIsNotAnImage() {
    let path = folder.write([], to: "empty.png")
    defer { folder.remove() }
    #expect(throws: ImageError.notAnImage(file: path, reason: "the file is empty")) {
      try ImageDecoder.decode(file: path)
    }
  }

  @Test func textNamedPNGIsNotAnImage() throws {
    let path = folder.write(Array("hello, this is text\n".utf8), to: "notes.png")
    defer { folder.remove() }
    let error = #expect(throws: ImageError.self) { try ImageDecoder.probe(file: path) }
    #expect(error == .notAnImage(file: path, reason: "its first bytes match no format's signature"))
    #expect(error?.description.hasPrefix(path) == true)
  }

  @Test func missingFileAndDirectoryAreUnreadable() {
    defer { folder.remove() }
    #expect(throws: ImageError.unreadable(file: folder.path("nope.png"), reason: "no such file")) {
      try ImageDecoder.decode(file: folder.path("nope.png"))
    }
    #expect(throws: ImageError.unreadable(file: folder.url.path, reason: "it is a directory")) {
      try ImageDecoder.decode(file: folder.url.path)
    }
  }

  @Test(arguments: [0.3, 0.6, 0.95])
  func truncatedPNGSaysSo(fraction: Double) throws {
    let bytes = try validPNG()
    let path = folder.write(Array(bytes.prefix(Int(Double(bytes.count) * fraction))), to: "cut.png")
    defer { folder.remove() }
    #expect(throws: ImageError.truncated(file: path, format: .png)) {
      try ImageDecoder.decode(file: path)
    }
  }

  @Test(arguments: [0.3, 0.6, 0.95])
  func truncatedJPEGSaysSoInsteadOfGrey(fraction: Double) throws {
    let bytes = try validJPEG()
    let path = folder.write(Array(bytes.prefix(Int(Double(bytes.count) * fraction))), to: "cut.jpg")
    defer { folder.remove() }
    let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(file: path) }
    #expect(error == .truncated(file: path, format: .jpeg))
    #expect(error?.message == "JPEG data ends early (truncated file)")
  }

  @Test func badCRCIsCorrupt() throws {
    var bytes = try validPNG()
    // IDAT's CRC sits after its 8-byte header and its data.
    let idat = try #require(findSubsequence(bytes, Array("IDAT".utf8))) - 4
    let length = bytes[idat..<idat + 4].reduce(0) { $0 << 8 | Int($1) }
    bytes[idat + 8 + length] ^= 0xff
    let path = folder.write(bytes, to: "crc.png")
    defer { folder.remove() }
    let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(file: path) }
    guard case .corrupt(_, .png, let detail) = error else {
      Issue.record("expected corrupt PNG, got \(String(describing: error))")
      return
    }
    #expect(detail.contains("CRC"), "libpng's text: \(detail)")
  }

  @Test func hugePNGHeaderIsRefusedBeforeDecoding() throws {
    var ihdr = bigEndian(65000) + bigEndian(65000)
    ihdr += [8, 2, 0, 0, 0]  // 8-bit RGB
    let bytes =
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] + pngChunk("IHDR", ihdr)
      + pngChunk("IDAT", [0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + pngChunk("IEND", [])
    let path = folder.write(bytes, to: "huge.png")
    defer { folder.remove() }
    let expected = ImageError.tooLarge(file: path, width: 65000, height: 65000, limit: 1 << 28)
    #expect(throws: expected) { try ImageDecoder.probe(file: path) }
    #expect(throws: expected) { try ImageDecoder.decode(file: path) }
  }

  @Test func hugeJPEGHeaderIsRefusedBeforeDecoding() throws {
    var bytes = try validJPEG()
    // SOF0 (FF C0): length(2) precision(1) height(2) width(2)
    let sof = try #require(findSubsequence(bytes, [0xff, 0xc0]))
    for offset in [sof + 5, sof + 7] {
      bytes[offset] = UInt8(65000 >> 8)
      bytes[offset + 1] = UInt8(65000 & 0xff)
    }
    let path = folder.write(bytes, to: "huge.jpg")
    defer { folder.remove() }
    #expect(throws: ImageError.tooLarge(file: path, width: 65000, height: 65000, limit: 1 << 28)) {
      try ImageDecoder.decode(file: path)
    }
  }

  /// A 4×2 palette PNG with `paletteSize` colours whose pixels use indexes 0...`maxIndex`.
  func palettePNG(paletteSize: Int, maxIndex: UInt8) -> [UInt8] {
    var rows: [UInt8] = []
    for y in 0..<2 { rows += [0] + (0..<4).map { x in UInt8(min(Int(maxIndex), x + 4 * y)) } }
    let palette: [UInt8] = (0..<paletteSize).flatMap { index -> [UInt8] in [UInt8(index * 30), 0, 255] }
    return [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
      + pngChunk("IHDR", bigEndian(4) + bigEndian(2) + [8, 3, 0, 0, 0])
      + pngChunk("PLTE", palette) + pngChunk("IDAT", zlibStored(rows)) + pngChunk("IEND", [])
  }

  @Test func paletteIndexPastThePaletteIsCorrupt() throws {
    let good = try ImageDecoder.decode(data: palettePNG(paletteSize: 8, maxIndex: 7), name: "good.png")
    #expect(samples8(good)[21...23] == [210, 0, 255])  // pixel (3, 1) is index 7
    #expect(
      throws: ImageError.corrupt(file: "bad.png", format: .png, detail: "a pixel indexes past the end of the palette")
    ) {
      try ImageDecoder.decode(data: palettePNG(paletteSize: 3, maxIndex: 7), name: "bad.png")
    }
  }

  /// libpng would allocate the declared 2 GiB before finding that the file ends.
  @Test func chunkLongerThanTheFileIsRefusedAsTruncated() throws {
    let valid = try validPNG()
    let bytes = Array(valid[..<33]) + bigEndian(0x7fff_fff0) + Array("tEXt".utf8) + [UInt8](repeating: 0x78, count: 64)
    #expect(throws: ImageError.truncated(file: "long.png", format: .png)) {
      try ImageDecoder.probe(data: bytes, name: "long.png")
    }
    #expect(throws: ImageError.truncated(file: "long.png", format: .png)) {
      try ImageDecoder.decode(data: bytes, name: "long.png")
    }
  }

  @Test func pixelLimitIsConfigurable() throws {
    let path = folder.write(try validPNG(), to: "small.png")
    defer { folder.remove() }
    #expect(throws: ImageError.tooLarge(file: path, width: 64, height: 64, limit: 4000)) {
      try ImageDecoder.decode(file: path, limits: ImageLimits(maxPixels: 4000))
    }
    #expect(throws: Never.self) { try ImageDecoder.decode(file: path, limits: ImageLimits(maxPixels: 4096)) }
  }
}

func findSubsequence(_ haystack: [UInt8], _ needle: [UInt8]) -> Int? {
  guard haystack.count >= needle.count else { return nil }
  for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
    if Array(haystack[start..<start + needle.count]) == needle { return start }
  }
  return nil
}
