import ArtworkPlatform
@_spi(Support) import ArtworkSupport

/// A file written a piece at a time over a long run (a report as its artworks finish) that
/// appears whole or not at all: the bytes go to a hidden temporary file beside it, renamed
/// over it by `commit`. An interrupted run removes the temporary file (`AtomicFile`).
package final class AtomicStream {
  package let path: String
  private let temporary: String
  private let descriptor: Int32
  /// Where the bytes gather; it hands them to the file a megabyte at a time.
  package var buffer: ByteBuffer
  private var open = true

  package init(_ path: String) throws(OutputError) {
    self.path = path
    (temporary, descriptor) = try AtomicFile.openTemporary(for: path)
    buffer = ByteBuffer(descriptor: descriptor)
  }

  deinit { if open { AtomicFile.abandon(temporary, descriptor: descriptor) } }

  /// Writes out what has gathered when a megabyte has.
  package func flushIfFull() { buffer.flushIfFull() }

  /// Writes the rest and renames the file into place.
  package func commit() throws(OutputError) {
    guard open else { return }
    open = false
    buffer.flush()
    defer { AtomicFile.forget(temporary) }
    try AtomicFile.commit(temporary, descriptor: descriptor, failure: buffer.failure, to: path)
  }

  /// Removes the file without putting it in place.
  package func abandon() {
    guard open else { return }
    open = false
    AtomicFile.abandon(temporary, descriptor: descriptor)
  }

  /// Everything written so far, read back from the start, a megabyte at a time (for a part
  /// that is copied into another file once a run's totals are known).
  package func copy(into other: inout ByteBuffer) -> Int32 {
    buffer.flush()
    guard buffer.failure == 0 else { return buffer.failure }
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    var offset: off_t = 0
    while true {
      let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
      if count < 0 {
        if errno == EINTR { continue }
        return errno
      }
      if count == 0 { return 0 }
      chunk.withUnsafeBufferPointer { other.append(raw: UnsafeBufferPointer(rebasing: $0[0..<count])) }
      other.flushIfFull()
      offset += off_t(count)
    }
  }
}
