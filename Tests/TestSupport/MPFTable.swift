/// Where an Ultra HDR JPEG's Multi-Picture Format table lies (libultrahdr writes it
/// big-endian): the tests that move, pad or replace a gain map rewrite its entries through
/// this one walk of the segment.
public struct MPFTable {
  /// The MPF TIFF header's offset in the file: MP entries count their offsets from it.
  public let tiff: Int
  /// The first MP entry's offset in the file (16 bytes each: attributes, size, offset, two
  /// dependent images); the primary image's entry first, the gain map's second.
  public let entries: Int
  /// The offset of the "MPF\0" identifier (the APP2 segment's length precedes it).
  public let identifier: Int

  /// The table of `bytes`, or nil when they hold no big-endian MPF segment with MP entries.
  public init?(_ bytes: [UInt8]) {
    guard bytes.count > 4,
      let identifier = (0..<bytes.count - 4).first(where: { bytes[$0..<$0 + 4].elementsEqual(Array("MPF\0".utf8)) })
    else { return nil }
    let tiff = identifier + 4
    guard tiff + 8 <= bytes.count, bytes[tiff] == 0x4D else { return nil }
    let ifd = tiff + Self.u32(bytes, at: tiff + 4)
    guard ifd + 2 <= bytes.count else { return nil }
    let tags = Int(bytes[ifd]) << 8 | Int(bytes[ifd + 1])
    guard
      let entryTag = (0..<tags).map({ ifd + 2 + 12 * $0 }).first(where: {
        $0 + 12 <= bytes.count && bytes[$0] == 0xB0 && bytes[$0 + 1] == 0x02
      })
    else { return nil }
    self.tiff = tiff
    self.identifier = identifier
    entries = tiff + Self.u32(bytes, at: entryTag + 8)
  }

  /// The offset of MP entry `index`'s size (its offset follows, 4 bytes on).
  public func size(of index: Int) -> Int { entries + 16 * index + 4 }

  /// The big-endian 32-bit number at `offset`.
  public static func u32(_ bytes: [UInt8], at offset: Int) -> Int {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
  }

  /// Writes `value` as a big-endian 32-bit number at `offset`.
  public static func put(_ value: Int, into bytes: inout [UInt8], at offset: Int) {
    for i in 0..<4 { bytes[offset + i] = UInt8(value >> (24 - 8 * i) & 255) }
  }
}
