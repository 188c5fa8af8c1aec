@_spi(Support) import ArtworkSupport
import Testing

/// XXH3 through libxxhash against the published test vectors (xxHash's `xsum_sanity_check.c`:
/// seed 0 over its sanity buffer), across the short, middle and long-input paths.
struct ContentHashTests {
  /// xxHash's sanity buffer: byte i is the top byte of PRIME32 × PRIME64^i.
  static func sanityBuffer(_ count: Int) -> [UInt8] {
    var generator: UInt64 = 2_654_435_761
    return (0..<count).map { _ in
      defer { generator = generator &* 11_400_714_785_074_694_797 }
      return UInt8(generator >> 56)
    }
  }

  @Test(arguments: [
    (0, "99aa06d3014798d86001c324468d497f"),
    (1, "a6cd5e9392000f6ac44bdff4074eecdb"),
    (6, "082afe0b8162d12a3e7039bdda43cfc6"),
    (48, "a002ac4e5478227ef942219aed80f67b"),
    (81, "4952f58181ab00425e8bafb9f95fb803"),
    (403, "1b6de21e332dd73dcdeb804d65c6dea4"),
    (512, "18d2d110dcc9bca1617e49599013cb6b"),
    (2048, "f736557fd47073a5dd59e2c3a5f038e0"),
    (2367, "e89c0f6ff369b427cb37aeb9e5d361ed"),
  ])
  func xxh128MatchesThePublishedVectors(length: Int, expected: String) {
    #expect(ContentHash.hex128(Self.sanityBuffer(length)) == expected)
  }

  @Test(arguments: [
    (0, 0x2D06_8005_38D3_94C2 as UInt64),
    (1, 0xC44B_DFF4_074E_ECDB),
    (195, 0xCD94_217E_E362_EC3A),
    (2048, 0xDD59_E2C3_A5F0_38E0),
    (2367, 0xCB37_AEB9_E5D3_61ED),
  ])
  func xxh64MatchesThePublishedVectors(length: Int, expected: UInt64) {
    #expect(ContentHash.value64(Self.sanityBuffer(length)) == expected)
  }

  @Test func oneChangedByteChangesTheHash() {
    var bytes = Self.sanityBuffer(1 << 20)
    let before = ContentHash.hex128(bytes)
    bytes[bytes.count / 2] ^= 1
    #expect(ContentHash.hex128(bytes) != before)
  }
}
