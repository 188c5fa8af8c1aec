/// Puts an iCCP chunk into an encoded PNG as another writer might, bypassing libpng's checks on
/// write, so tests can hand artfit a PNG with a malformed profile.
public enum PNGProfileChunk {
  /// `png` with an iCCP chunk holding `profile` right after IHDR.
  public static func inserting(_ profile: [UInt8], into png: [UInt8]) -> [UInt8] {
    let body = Array("ICC profile".utf8) + [0, 0] + storedZlib(profile)
    let kind = Array("iCCP".utf8)
    let chunk = bigEndian(UInt32(body.count)) + kind + body + bigEndian(crc32(kind + body))
    let afterHeader = 8 + 12 + 13  // signature, IHDR
    return Array(png[..<afterHeader]) + chunk + Array(png[afterHeader...])
  }

  /// A zlib stream of stored (uncompressed) deflate blocks.
  static func storedZlib(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var at = 0
    repeat {
      let count = min(65_535, data.count - at)
      let last: UInt8 = at + count == data.count ? 1 : 0
      out += [last, UInt8(count & 0xff), UInt8(count >> 8), UInt8(~count & 0xff), UInt8((~count >> 8) & 0xff)]
      out += data[at..<at + count]
      at += count
    } while at < data.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return out + bigEndian(b << 16 | a)
  }

  static func crc32(_ data: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xffff_ffff
    for byte in data {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1 }
    }
    return ~crc
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
  }
}
