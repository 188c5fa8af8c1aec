/// 64-bit FNV-1a: a tiny hash that is the same on every run and platform, for shard slices
/// (file contents are hashed with `ContentHash`). Inlinable, so callers in other modules get
/// it specialised for their sequence instead of a witness-table call per byte.
@inlinable
package func fnv1a<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
  return hash
}
