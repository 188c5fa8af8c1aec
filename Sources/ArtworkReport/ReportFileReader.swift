import ArtworkSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a report.json from its file an artwork at a time, so a report of any size is read
/// in bounded memory: its options first, then each artwork, then the errors and summary.
/// Each value is cut from the bytes by counting brackets outside strings, then parsed whole.
public final class ReportFileReader {
  public let path: String
  public private(set) var options: JSONValue = .object([])
  /// Filled in once the last artwork has been read.
  public private(set) var errors: [InputError] = []
  public private(set) var usedBaseline = false
  private let descriptor: Int32
  private var chunk = [UInt8](repeating: 0, count: 1 << 20)
  private var position = 0
  private var end = 0
  private var inArtworks = false

  /// Opens the report and reads up to its first artwork.
  public init(_ path: String) throws(ReportReader.Failure) {
    self.path = path
    descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw ReportReader.Failure(file: path, message: "cannot read the report") }
    try expect(UInt8(ascii: "{"))
    var sawVersion = false
    while try nextMember() {
      let key = try readKey()
      switch key {
      case ReportKey.version.text:
        guard case .integer(1) = try readValue() else { throw fail("only report.json version 1 can be read") }
        sawVersion = true
      case ReportKey.options.text: options = try readValue()
      case ReportKey.artworks.text:
        guard sawVersion else { throw fail("the report has no version before its artworks") }
        try expect(UInt8(ascii: "["))
        inArtworks = true
        return
      default: _ = try readValue()
      }
    }
    throw fail("the report has no artworks")
  }

  deinit { close(descriptor) }

  /// The next artwork, or nil after the last (the errors are then read).
  public func nextArtwork() throws(ReportReader.Failure) -> ArtworkReport? {
    guard inArtworks else { return nil }
    guard let byte = try peek() else { throw fail("the report ends inside its artworks") }
    if byte == UInt8(ascii: "]") {
      position += 1
      inArtworks = false
      try readTail()
      return nil
    }
    if byte == UInt8(ascii: ",") { position += 1 }
    do {
      return try ReportReader.artwork(try readValue())
    } catch {
      throw ReportReader.Failure(file: path, message: error.message)
    }
  }

  /// The members after the artworks: the errors and the summary.
  private func readTail() throws(ReportReader.Failure) {
    while try nextMember() {
      switch try readKey() {
      case ReportKey.errors.text:
        guard case .array(let items) = try readValue() else { throw fail("errors is not an array") }
        for item in items {
          guard case .object(let members) = item,
            case .string(let source)? = members.first(where: { $0.0 == ReportKey.source.text })?.1,
            case .string(let message)? = members.first(where: { $0.0 == ReportKey.message.text })?.1
          else { throw fail("an error lacks its source or message") }
          errors.append(InputError(source: source, message: message))
        }
      case ReportKey.summary.text:
        if case .object(let members) = try readValue() {
          usedBaseline = members.contains { $0.0 == ReportKey.baselined.text }
        }
      default: _ = try readValue()
      }
    }
  }

  /// Whether another member follows in the top-level object (its comma consumed).
  private func nextMember() throws(ReportReader.Failure) -> Bool {
    guard let byte = try peek() else { throw fail("the report ends early") }
    if byte == UInt8(ascii: "}") {
      position += 1
      return false
    }
    if byte == UInt8(ascii: ",") { position += 1 }
    return true
  }

  private func readKey() throws(ReportReader.Failure) -> String {
    guard case .string(let key) = try readValue() else { throw fail("expected a member name") }
    try expect(UInt8(ascii: ":"))
    return key
  }

  /// The next value, its bytes cut out by brackets and quotes, then parsed.
  private func readValue() throws(ReportReader.Failure) -> JSONValue {
    guard let first = try peek() else { throw fail("the report ends early") }
    var bytes: [UInt8] = []
    if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
      // A container: to the bracket that closes it, brackets inside strings not counted.
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
    } else if first == UInt8(ascii: "\"") {
      // A string: to the quote that closes it.
      bytes.append(try nextByte())
      var escaped = false
      while true {
        let byte = try nextByte()
        bytes.append(byte)
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          break
        }
      }
    } else {
      // A number, true, false or null: to the next separator, which is left in place.
      while let byte = try peekRaw(),
        !(byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte <= 0x20)
      {
        bytes.append(byte)
        position += 1
      }
    }
    do {
      return try JSONParser.parse(bytes)
    } catch {
      throw fail("not valid JSON: \(error)")
    }
  }

  /// The next byte, consumed; the file ending here is an error.
  private func nextByte() throws(ReportReader.Failure) -> UInt8 {
    if position == end { guard try refill() else { throw fail("the report ends early") } }
    position += 1
    return chunk[position - 1]
  }

  /// The next byte, white space or not, not consumed; nil at the end of the file.
  private func peekRaw() throws(ReportReader.Failure) -> UInt8? {
    if position == end { guard try refill() else { return nil } }
    return chunk[position]
  }

  /// The next byte that is not white space, not consumed; nil at the end of the file.
  private func peek() throws(ReportReader.Failure) -> UInt8? {
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

  private func expect(_ wanted: UInt8) throws(ReportReader.Failure) {
    guard try peek() == wanted else { throw fail("expected '\(Character(UnicodeScalar(wanted)))'") }
    position += 1
  }

  /// Reads the next megabyte; false at the end of the file.
  private func refill() throws(ReportReader.Failure) -> Bool {
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw fail("cannot read the report: \(String(cString: strerror(errno)))")
      }
      position = 0
      end = count
      return count > 0
    }
  }

  private func fail(_ message: String) -> ReportReader.Failure { ReportReader.Failure(file: path, message: message) }
}
