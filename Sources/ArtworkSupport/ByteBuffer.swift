import ArtworkPlatform

/// Report text built as UTF-8 bytes. Reports can hold hundreds of thousands of results, so
/// bytes go to raw memory with `memcpy`, numbers are formatted here from integers instead of
/// through `String`, and a buffer with a file descriptor hands its bytes on every megabyte
/// instead of holding the whole file. Copies of a buffer share its memory.
///
/// The appends are public and `@inlinable` behind the `Support` SPI (Architecture.md, "A helper
/// other modules call"): the writers in other modules call them per byte and per piece, and a
/// member of a `package` type is never inlined into another module.
@_spi(Support) public struct ByteBuffer {
  /// The bytes' memory. Its pointer, count and capacity live in a header in raw memory, not in
  /// stored properties: a class's stored `var` is checked for exclusive access at run time on
  /// every read and write (a third of a large `check` once went there), a pointer's pointee
  /// is not. A buffer is used from one thread at a time, which is what the check would prove.
  @usableFromInline final class Storage {
    @usableFromInline struct Header {
      @usableFromInline var base: UnsafeMutablePointer<UInt8>
      @usableFromInline var count: Int
      @usableFromInline var capacity: Int
    }

    @usableFromInline let header: UnsafeMutablePointer<Header>

    @inline(__always) @inlinable var base: UnsafeMutablePointer<UInt8> {
      get { header.pointee.base }
      set { header.pointee.base = newValue }
    }
    @inline(__always) @inlinable var count: Int {
      get { header.pointee.count }
      set { header.pointee.count = newValue }
    }
    @inline(__always) @inlinable var capacity: Int {
      get { header.pointee.capacity }
      set { header.pointee.capacity = newValue }
    }

    init(capacity: Int) {
      let capacity = max(64, capacity)
      header = .allocate(capacity: 1)
      header.initialize(to: Header(base: .allocate(capacity: capacity), count: 0, capacity: capacity))
    }

    deinit {
      header.pointee.base.deallocate()
      header.deallocate()
    }

    @inline(__always) @inlinable func reserve(_ extra: Int) {
      if count + extra > capacity { grow(extra) }
    }

    @usableFromInline @inline(never) func grow(_ extra: Int) {
      let grown = max(capacity * 2, count + extra)
      let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
      bigger.update(from: base, count: count)
      base.deallocate()
      base = bigger
      capacity = grown
    }
  }

  @usableFromInline let storage: Storage
  /// Where `flushIfFull` and `flush` write; nil keeps every byte in memory.
  let descriptor: Int32?
  /// The errno of the first failed write; later writes are skipped.
  package private(set) var failure: Int32 = 0

  static let chunk = 1 << 20

  package init(capacity: Int = 1 << 16, descriptor: Int32? = nil) {
    self.descriptor = descriptor
    storage = Storage(capacity: descriptor == nil ? capacity : ByteBuffer.chunk + (1 << 16))
  }

  /// The bytes gathered so far (since the last flush).
  package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage.base, count: storage.count)) }

  /// Writes the bytes out when a megabyte has gathered (only with a descriptor).
  package mutating func flushIfFull() {
    if descriptor != nil && storage.count >= ByteBuffer.chunk { flush() }
  }

  /// Writes every gathered byte to the descriptor.
  package mutating func flush() {
    guard let descriptor else { return }
    if failure == 0 {
      failure = ByteBuffer.writeAll(UnsafeRawBufferPointer(start: storage.base, count: storage.count), to: descriptor)
    }
    storage.count = 0
  }

  /// 0, or the errno of the write that failed.
  package static func writeAll(_ raw: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
    var offset = 0
    while offset < raw.count {
      let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += written
    }
    return 0
  }

  @inline(__always) @inlinable public mutating func append(raw: UnsafeBufferPointer<UInt8>) {
    guard let source = raw.baseAddress, raw.count > 0 else { return }
    storage.reserve(raw.count)
    let target = storage.base + storage.count
    if raw.count <= 16 {  // most report pieces: a loop beats a call to memmove
      for index in 0..<raw.count { target[index] = source[index] }
    } else {
      target.update(from: source, count: raw.count)
    }
    storage.count += raw.count
  }

  @inline(__always) @inlinable public mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { append(raw: $0) }
  }

  /// `"name"` and `suffix` (a JSON key and its separator), room made once: reports write
  /// millions of keys.
  @inline(__always) mutating func append(quoted name: StaticString, then suffix: StaticString) {
    let length = name.utf8CodeUnitCount
    let count = length + 2 + suffix.utf8CodeUnitCount
    storage.reserve(count)
    let target = storage.base + storage.count
    target[0] = UInt8(ascii: "\"")
    target.advanced(by: 1).update(from: name.utf8Start, count: length)
    target[length + 1] = UInt8(ascii: "\"")
    target.advanced(by: length + 2).update(from: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
    storage.count += count
  }

  @inline(__always) @inlinable public mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { append(raw: $0) }
  }

  package mutating func append(_ other: ByteBuffer) {
    append(raw: UnsafeBufferPointer(start: other.storage.base, count: other.storage.count))
  }

  /// `other`'s bytes, written straight to the descriptor when they are many (after what is
  /// gathered), so a large piece is not copied once more on its way out.
  package mutating func appendPassingLarge(_ other: ByteBuffer) {
    guard let descriptor, other.storage.count >= ByteBuffer.chunk / 8 else {
      append(other)
      return flushIfFull()
    }
    flush()
    if failure == 0 {
      failure = ByteBuffer.writeAll(
        UnsafeRawBufferPointer(start: other.storage.base, count: other.storage.count), to: descriptor)
    }
  }

  /// `other`'s bytes from `start` on.
  package mutating func append(_ other: ByteBuffer, from start: Int) {
    append(raw: UnsafeBufferPointer(start: other.storage.base + start, count: other.storage.count - start))
  }

  /// The first byte gathered, if any.
  package var first: UInt8? { storage.count > 0 ? storage.base[0] : nil }

  @inline(__always) @inlinable public mutating func append(byte: UInt8) {
    storage.reserve(1)
    storage.base[storage.count] = byte
    storage.count += 1
  }

  package mutating func integer(_ value: Int) {
    if value < 0 {
      append(byte: UInt8(ascii: "-"))
      digits(value.magnitude)
    } else {
      digits(UInt(value))
    }
  }

  private mutating func digits(_ value: UInt) {
    var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes hold any UInt64
    var count = 0
    var rest = value
    withUnsafeMutableBytes(of: &scratch) { buffer in
      repeat {
        buffer[23 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
        count += 1
      } while rest > 0
      append(raw: UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[(24 - count)...]))
    }
  }

  /// `value` rounded to `places` decimals, written with exactly that many (CSV: 0.5000).
  package mutating func fixed(_ value: Double, places: Int) {
    guard value.isFinite else { return }
    guard Self.fitsSplit(value, places: places) else { return append(String(value)) }
    let (negative, whole, fraction, factor) = Self.split(value, places: places)
    if negative { append(byte: UInt8(ascii: "-")) }
    digits(whole)
    guard places > 0 else { return }
    append(byte: UInt8(ascii: "."))
    var divisor = factor / 10
    while divisor > 0 {
      append(byte: UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
      divisor /= 10
    }
  }

  /// `value` rounded to `places` decimals, trailing zeros dropped but one kept (JSON:
  /// 0.5, 3.0, -681.25). The same text as Swift's shortest form of the rounded Double,
  /// for the magnitudes reports hold (below 10^11).
  package mutating func decimal(_ value: Double, places: Int) {
    guard value.isFinite else { return append("null") }
    guard Self.fitsSplit(value, places: places) else { return append(String(value)) }
    var (negative, whole, fraction, factor) = Self.split(value, places: places)
    if negative { append(byte: UInt8(ascii: "-")) }
    digits(whole)
    append(byte: UInt8(ascii: "."))
    if fraction == 0 {
      append(byte: UInt8(ascii: "0"))
      return
    }
    var divisor = factor / 10
    while fraction > 0 {
      append(byte: UInt8(ascii: "0") + UInt8(fraction / divisor))
      fraction %= divisor
      divisor /= 10
    }
  }

  /// A fraction as a percentage with one decimal, as `Checks.percent(_:)` writes it (53.8%).
  package mutating func percent(_ fraction: Double) {
    let tenths = (fraction * 1000).rounded()
    guard abs(tenths) < 1e18 else { return append(String(fraction * 100) + "%") }
    if tenths < 0 && tenths > -10 { append(byte: UInt8(ascii: "-")) }
    integer(Int(tenths) / 10)
    append(byte: UInt8(ascii: "."))
    append(byte: UInt8(ascii: "0") + UInt8(abs(Int(tenths)) % 10))
    append(byte: UInt8(ascii: "%"))
  }

  /// Text safe in HTML elements and attributes.
  package mutating func html(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      guard utf8.contains(where: { $0 == 0x26 || $0 == 0x3c || $0 == 0x3e || $0 == 0x22 || $0 == 0x27 }) else {
        return append(raw: utf8)
      }
      for byte in utf8 {
        switch byte {
        case 0x26: append("&amp;")
        case 0x3c: append("&lt;")
        case 0x3e: append("&gt;")
        case 0x22: append("&quot;")
        case 0x27: append("&#39;")
        default: append(byte: byte)
        }
      }
    }
  }

  /// A path (relative to the page, or absolute) as the URL an `href` or `src` holds: each
  /// byte but RFC 3986's unreserved characters, `/` and `@` percent-encoded, so a name
  /// holding `:` can never be read as a scheme (`javascript:`), nor `#`, `?` or `%` as a
  /// fragment, a query or an escape, and the result needs no HTML escaping.
  package mutating func url(_ path: String) {
    var path = path
    path.withUTF8 { utf8 in
      for byte in utf8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
          UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "@"):
          append(byte: byte)
        default:
          let digits: [UInt8] = Array("0123456789ABCDEF".utf8)
          append(byte: UInt8(ascii: "%"))
          append(byte: digits[Int(byte >> 4)])
          append(byte: digits[Int(byte & 15)])
        }
      }
    }
  }

  /// Text safe inside XML attributes and elements; characters XML 1.0 forbids are dropped.
  package mutating func xml(_ text: String) {
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": append("&amp;")
      case "<": append("&lt;")
      case ">": append("&gt;")
      case "\"": append("&quot;")
      case "'": append("&apos;")
      case "\n": append("&#10;")
      case "\r": append("&#13;")
      case "\t": append("&#9;")
      default:
        let v = scalar.value
        if v < 0x20 || v == 0xfffe || v == 0xffff { continue }
        if v < 0x80 {
          append(byte: UInt8(v))
        } else {
          append(String(scalar))
        }
      }
    }
  }

  /// Whether `split` holds `value` at `places`: its scaled magnitude is below 2^63. A larger
  /// one (only a report artfit did not write can carry it) is written as Swift writes it.
  private static func fitsSplit(_ value: Double, places: Int) -> Bool {
    var scaled = abs(value)
    for _ in 0..<places { scaled *= 10 }
    return scaled < 9.2e18
  }

  /// Sign, whole part, decimals as an integer, and 10^places; never a negative zero.
  private static func split(_ value: Double, places: Int) -> (Bool, UInt, UInt, UInt) {
    var factor: UInt = 1
    for _ in 0..<places { factor *= 10 }
    let scaled = (value * Double(factor)).rounded()
    let magnitude = UInt(abs(scaled))
    return (scaled < 0 && magnitude != 0, magnitude / factor, magnitude % factor, factor)
  }
}
