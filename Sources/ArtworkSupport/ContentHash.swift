import CXXHash

/// XXH3 (libxxhash): what recognises a file's bytes between runs at memory speed. Not for
/// security: a cache keyed on it trusts whoever writes the files.
package enum ContentHash {
  /// The 128-bit XXH3 of `bytes`, seed 0, as 32 hex digits (high half first, as `xxh128sum`
  /// prints it).
  package static func hex128(_ bytes: UnsafeRawBufferPointer) -> String {
    let hash = XXH3_128bits(bytes.baseAddress, bytes.count)
    return hex(hash.high64) + hex(hash.low64)
  }

  package static func hex128(_ bytes: [UInt8]) -> String {
    bytes.withUnsafeBytes { hex128($0) }
  }

  /// A 128-bit hash as a value: a set of them stands for a set of the texts hashed, at 16 bytes
  /// each (two texts share one with odds of about 2^-128 a pair).
  package struct Value128: Hashable, Sendable {
    let high: UInt64
    let low: UInt64
  }

  /// The 128-bit XXH3 of `text`'s UTF-8, seed 0.
  package static func value128(_ text: String) -> Value128 {
    var text = text
    return text.withUTF8 { bytes in
      let hash = XXH3_128bits(bytes.baseAddress, bytes.count)
      return Value128(high: hash.high64, low: hash.low64)
    }
  }

  /// The 64-bit XXH3 of `bytes`, seed 0.
  package static func value64(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBytes { XXH3_64bits($0.baseAddress, $0.count) }
  }

  /// 16 hex digits, zero-padded.
  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
