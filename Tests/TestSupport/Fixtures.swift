import Artwork
import Foundation

/// Paths and pixel formulas of the committed fixtures (made by Fixtures/make_fixtures.py).
public enum Fixtures {
  public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("ArtworkTests/Fixtures")

  public static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  public static let width = 13
  public static let height = 11

  public static func value8(_ x: Int, _ y: Int, _ c: Int) -> Int { (x * 37 + y * 59 + c * 101) % 256 }
  public static func value16(_ x: Int, _ y: Int, _ c: Int) -> Int { (x * 9973 + y * 7919 + c * 30011) % 65536 }
  public static func low(_ x: Int, _ y: Int, bits: Int) -> Int { (x + 2 * y) % (1 << bits) }
  public static func paletteIndex(_ x: Int, _ y: Int, count: Int) -> Int { (x + 3 * y) % count }
  public static func paletteEntry(_ i: Int) -> [Int] { [(i * 40) % 256, (i * 90) % 256, (i * 150) % 256] }
  public static func paletteAlpha(_ i: Int) -> Int { (i * 60) % 256 }

  /// Quadrant colours of the JPEG fixtures: top-left, top-right, bottom-left, bottom-right.
  public static let quadrants: [[Int]] = [[220, 30, 30], [30, 200, 40], [40, 50, 210], [250, 250, 250]]
}

/// A fresh temporary folder, removed by the caller with `remove()`. It is made on first use:
/// suites that hold one as a property get a new instance for every test, and the tests that
/// never touch it would otherwise leave empty folders behind.
public struct TemporaryFolder {
  public let url: URL
  public init() {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "artfit-tests-\(UUID().uuidString)")
  }
  public func path(_ name: String) -> String {
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.appendingPathComponent(name).path
  }
  public func write(_ bytes: [UInt8], to name: String) -> String {
    let target = path(name)
    _ = FileManager.default.createFile(atPath: target, contents: Data(bytes))
    return target
  }
  public func remove() { try? FileManager.default.removeItem(at: url) }
}

/// CRC-32 as PNG chunks use it, for building hostile PNGs in tests.
public func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
  var crc: UInt32 = 0xffff_ffff
  for byte in bytes {
    crc ^= UInt32(byte)
    for _ in 0..<8 { crc = (crc >> 1) ^ (0xedb8_8320 & (0 &- (crc & 1))) }
  }
  return ~crc
}

/// A PNG chunk: length, type, data and CRC.
public func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
  let typeBytes = Array(type.utf8)
  let length = UInt32(data.count)
  return bigEndian(length) + typeBytes + data + bigEndian(crc32(typeBytes + data))
}

public func bigEndian(_ value: UInt32) -> [UInt8] {
  [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
}

/// `data` as a zlib stream of stored (uncompressed) deflate blocks.
public func zlibStored(_ data: [UInt8]) -> [UInt8] {
  var out: [UInt8] = [0x78, 0x01]
  var start = 0
  repeat {
    let count = min(65535, data.count - start)
    let last: UInt8 = start + count == data.count ? 1 : 0
    out += [last, UInt8(count & 0xff), UInt8(count >> 8), UInt8(~count & 0xff), UInt8((~count >> 8) & 0xff)]
    out += data[start..<start + count]
    start += count
  } while start < data.count
  return out + bigEndian(adler32(data))
}

/// Adler-32, the checksum that ends a zlib stream.
public func adler32(_ data: [UInt8]) -> UInt32 {
  var a: UInt32 = 1
  var b: UInt32 = 0
  for byte in data {
    a = (a + UInt32(byte)) % 65521
    b = (b + a) % 65521
  }
  return b << 16 | a
}

/// `png` with an iCCP chunk holding `profile` right after IHDR, put there as another writer
/// might, past libpng's checks on write, so tests can hand artfit a malformed profile.
public func pngInsertingProfile(_ profile: [UInt8], into png: [UInt8]) -> [UInt8] {
  let afterHeader = 8 + 12 + 13  // signature, IHDR
  let chunk = pngChunk("iCCP", Array("ICC profile".utf8) + [0, 0] + zlibStored(profile))
  return Array(png[..<afterHeader]) + chunk + Array(png[afterHeader...])
}

/// Reads the samples of an 8-bit image.
public func samples8(_ image: Image) -> [UInt8] {
  guard case .uint8(let samples) = image.storage else { preconditionFailure("expected 8-bit") }
  return samples
}

/// Reads the samples of a 16-bit image.
public func samples16(_ image: Image) -> [UInt16] {
  guard case .uint16(let samples) = image.storage else { preconditionFailure("expected 16-bit") }
  return samples
}
