/// The parts of a TIFF a header probe needs when its first directory lies past the bytes
/// already read (as Pillow and many writers place it, after the pixels): the directory and
/// every value it keeps out of line (the profile, the strip tables), so a probe of a 100 MB
/// master reads kilobytes, not the file.
enum TIFFDirectoryRanges {
  /// The most a probe reads this way; a directory needing more is read with the whole file.
  static let limit = 16 << 20

  /// The ranges of the file (`fileSize` bytes, whose first bytes are `head`) the first
  /// directory and its values occupy, read through `read(range)`; nil when the directory is
  /// not a single readable one (a later page follows it, or it points outside the file), so
  /// the caller reads the whole file instead.
  static func ranges(
    head: [UInt8], fileSize: Int, read: (Range<Int>) throws(ImageError) -> [UInt8]
  ) throws(ImageError) -> [Range<Int>]? {
    guard head.count >= 16, head[0] == head[1], head[0] == 0x49 || head[0] == 0x4D else { return nil }
    let little = head[0] == 0x49
    let big = number(head, at: 2, size: 2, little: little) == 43
    let first = number(head, at: big ? 8 : 4, size: big ? 8 : 4, little: little)
    let (countSize, entrySize, valueSize) = big ? (8, 20, 8) : (2, 12, 4)
    guard first >= 8, first < fileSize - countSize else { return nil }
    // A directory of up to 64 entries in one read, a longer one in a second.
    var directory = try read(first..<min(fileSize, first + countSize + 64 * entrySize + valueSize))
    guard directory.count >= countSize else { return nil }
    let entries = number(directory, at: 0, size: countSize, little: little)
    let end = countSize + entries * entrySize + valueSize
    guard entries > 0, entries <= 4096, end <= fileSize - first else { return nil }
    if end > directory.count { directory = try read(first..<first + end) }
    guard end <= directory.count, number(directory, at: end - valueSize, size: valueSize, little: little) == 0
    else { return nil }
    var ranges = [0..<(big ? 16 : 8), first..<first + end]
    var total = end
    for index in 0..<entries {
      let entry = countSize + index * entrySize
      let type = number(directory, at: entry + 2, size: 2, little: little)
      let count = number(directory, at: entry + 4, size: valueSize, little: little)
      guard let width = typeSizes[type], count <= limit / width else { return nil }
      let bytes = count * width
      guard bytes > valueSize else { continue }  // kept inside the entry
      let offset = number(directory, at: entry + 4 + valueSize, size: valueSize, little: little)
      guard offset <= fileSize - bytes else { return nil }
      ranges.append(offset..<offset + bytes)
      total += bytes
    }
    return total <= limit ? ranges : nil
  }

  /// Bytes a value of each TIFF field type takes.
  private static let typeSizes: [Int: Int] = [
    1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4, 16: 8, 17: 8, 18: 8,
  ]

  private static func number(_ bytes: [UInt8], at offset: Int, size: Int, little: Bool) -> Int {
    guard offset >= 0, offset + size <= bytes.count else { return -1 }
    var value: UInt64 = 0
    for i in 0..<size { value |= UInt64(bytes[offset + (little ? i : size - 1 - i)]) << (8 * UInt64(i)) }
    return value > UInt64(Int.max) ? -1 : Int(value)
  }
}
