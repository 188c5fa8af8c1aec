import ArtworkPlatform
import Foundation

/// Reads a large JSON file a value at a time in bounded memory: the caller walks the
/// top-level object member by member and an array in it element by element, and each value
/// is cut from the bytes (brackets counted outside strings) and parsed whole.
package final class JSONFileReader {
  package struct Failure: Error {
    package var message: String
    package init(message: String) { self.message = message }
  }

  package let path: String
  private let descriptor: Int32
  private var chunk = [UInt8](repeating: 0, count: 1 << 20)
  private var position = 0
  private var end = 0

  /// Opens the file, or nil when it cannot be read.
  package init?(_ path: String) {
    self.path = path
    // Without waiting for a FIFO's writer (one nobody writes then reads as empty), then
    // reading as usual.
    descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
  }

  deinit { close(descriptor) }

  /// Whether another element follows in the array being read (its comma consumed); false
  /// at its closing bracket, which is consumed.
  package func nextElement() throws(JSONFileReader.Failure) -> Bool {
    try another(before: UInt8(ascii: "]"), inside: "an array")
  }

  /// Whether another member follows in the object being read (its comma consumed); false at
  /// its closing brace, which is consumed.
  package func nextMember() throws(JSONFileReader.Failure) -> Bool {
    try another(before: UInt8(ascii: "}"), inside: "an object")
  }

  private func another(before closing: UInt8, inside container: String) throws(JSONFileReader.Failure) -> Bool {
    guard let byte = try peek() else { throw fail("the file ends inside \(container)") }
    if byte == closing {
      position += 1
      return false
    }
    if byte == UInt8(ascii: ",") { position += 1 }
    return true
  }

  package func readKey() throws(JSONFileReader.Failure) -> String {
    guard case .string(let key) = try readValue() else { throw fail("expected a member name") }
    try expect(UInt8(ascii: ":"))
    return key
  }

  /// The next value, its bytes cut out by brackets and quotes, then parsed.
  package func readValue() throws(JSONFileReader.Failure) -> JSONValue {
    guard let first = try peek() else { throw fail("the file ends early") }
    let bytes: [UInt8]
    if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
      bytes = try containerBytes()
    } else if first == UInt8(ascii: "\"") {
      bytes = try stringBytes()
    } else {
      bytes = try scalarBytes()
    }
    do {
      return try JSONParser.parse(bytes)
    } catch {
      throw fail("not valid JSON: \(error)")
    }
  }

  /// A container's bytes: to the bracket that closes it, brackets inside strings not counted.
  private func containerBytes() throws(JSONFileReader.Failure) -> [UInt8] {
    var bytes: [UInt8] = []
    var depth = 0
    var inString = false
    var escaped = false
    repeat {
      let byte = try nextByte()
      bytes.append(byte)
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else if byte == UInt8(ascii: "\"") {
        inString = true
      } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
        depth += 1
      } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
        depth -= 1
      }
    } while depth > 0
    return bytes
  }

  /// A string's bytes, its quotes included: to the quote that closes it.
  private func stringBytes() throws(JSONFileReader.Failure) -> [UInt8] {
    var bytes = [try nextByte()]
    var escaped = false
    while true {
      let byte = try nextByte()
      bytes.append(byte)
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == UInt8(ascii: "\"") {
        return bytes
      }
    }
  }

  /// A number's, true's, false's or null's bytes: to the next separator, left in place.
  private func scalarBytes() throws(JSONFileReader.Failure) -> [UInt8] {
    var bytes: [UInt8] = []
    while let byte = try peekRaw(),
      !(byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte <= 0x20)
    {
      bytes.append(byte)
      position += 1
    }
    return bytes
  }

  /// The next byte, consumed; the file ending here is an error.
  private func nextByte() throws(JSONFileReader.Failure) -> UInt8 {
    if position == end { guard try refill() else { throw fail("the file ends early") } }
    position += 1
    return chunk[position - 1]
  }

  /// The next byte, white space or not, not consumed; nil at the end of the file.
  private func peekRaw() throws(JSONFileReader.Failure) -> UInt8? {
    if position == end { guard try refill() else { return nil } }
    return chunk[position]
  }

  /// The next byte that is not white space, not consumed; nil at the end of the file.
  package func peek() throws(JSONFileReader.Failure) -> UInt8? {
    while true {
      if position == end { guard try refill() else { return nil } }
      let byte = chunk[position]
      if byte == 0x20 || byte == 0x0a || byte == 0x0d || byte == 0x09 {
        position += 1
        continue
      }
      return byte
    }
  }

  package func expect(_ wanted: UInt8) throws(JSONFileReader.Failure) {
    guard try peek() == wanted else { throw fail("expected '\(Character(UnicodeScalar(wanted)))'") }
    position += 1
  }

  /// Reads the next megabyte; false at the end of the file.
  private func refill() throws(JSONFileReader.Failure) -> Bool {
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw fail("cannot read it: \(String(cString: strerror(errno)))")
      }
      position = 0
      end = count
      return count > 0
    }
  }

  private func fail(_ message: String) -> Failure { Failure(message: message) }
}
