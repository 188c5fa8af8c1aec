@_spi(Support) import ArtworkSupport

/// What a file name may become in each place artfit writes one, checked: the property the
/// `fuzz-names` target and the tests hold every writer to. nil when all hold, else what broke.
package enum NameSafety {
  /// `name` (any text a file system allows in a path) through the URL, terminal and CSV
  /// writers.
  package static func violation(_ name: String) -> String? {
    var buffer = ByteBuffer()
    buffer.url(name)
    let url = buffer.bytes
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/@%".utf8)
    if let bad = url.first(where: { !allowed.contains($0) }) { return "the URL holds byte \(bad)" }
    if decodedPercent(url) != Array(name.utf8) { return "the URL does not decode to the name" }
    let terminal = TerminalText.path(name)
    if terminal.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7f..<0xa0).contains($0.value) }) {
      return "the terminal text holds a control character"
    }
    if terminal.unicodeScalars.contains(where: {
      [0x200e, 0x200f].contains($0.value) || (0x202a...0x202e).contains($0.value)
        || (0x2066...0x2069).contains($0.value)
    }) {
      return "the terminal text holds a bidi control"
    }
    var csv = ByteBuffer()
    CSVWriter.field(name, to: &csv)
    if let first = name.utf8.first, [0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x0d].contains(first),
      Array(csv.bytes.prefix(2)) != [0x22, 0x27]
    {
      return "the CSV cell is a formula"
    }
    return nil
  }

  private static func decodedPercent(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x25, index + 2 < bytes.count,
        let value = UInt8(String(decoding: bytes[index + 1...index + 2], as: UTF8.self), radix: 16)
      {
        out.append(value)
        index += 3
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return out
  }
}
