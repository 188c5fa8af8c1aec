import Foundation

/// What an SVG refers to outside itself: `href`s (`xlink:href`, `xml-stylesheet`, XInclude),
/// CSS `url(…)` and `@import`, and external entities (`SYSTEM` and `PUBLIC` identifiers).
/// librsvg loads none of them (the document has no base URL); this names them, so the
/// artwork's warning can say what was not drawn. `#fragment` and `data:` references stay
/// inside the file and are not listed.
enum SVGReferences {
  /// The external references in `bytes`, in document order, each once.
  static func external(in bytes: [UInt8]) -> [String] {
    var found: [String] = []
    var index = 0
    while index < bytes.count {
      // Only the first letters of the words that start a reference are looked at further.
      if !startsWord[Int(bytes[index])] {
        index += 1
      } else if let (reference, end) = reference(in: bytes, at: index) {
        if isExternal(reference) && !found.contains(reference) { found.append(reference) }
        index = max(end, index + 1)
      } else {
        index += 1
      }
    }
    return found
  }

  /// The bytes `reference(in:at:)` can start at: h(ref), u/U(rl), @(import), S(YSTEM), P(UBLIC).
  private static let startsWord: [Bool] = (0..<256).map { "huU@SP".utf8.contains(UInt8($0)) }

  private static let words = (
    href: Array("href".utf8), url: Array("url(".utf8), importRule: Array("@import".utf8),
    system: Array("SYSTEM".utf8), public: Array("PUBLIC".utf8)
  )

  /// Whether a reference leaves the document.
  static func isExternal(_ reference: String) -> Bool {
    let text = reference.trimmingPrefix(while: { $0.isWhitespace })
    guard !text.isEmpty, !text.hasPrefix("#") else { return false }
    return !text.lowercased().hasPrefix("data:")
  }

  /// A reference starting at `index` and the index past it: `href="…"`, `url(…)`,
  /// `@import "…"`, `SYSTEM "…"` or `PUBLIC "…" "…"` (the second literal).
  private static func reference(in bytes: [UInt8], at index: Int) -> (String, Int)? {
    if matches(bytes, index, words.href), index > 0, [0x20, 0x09, 0x0A, 0x0D, 0x3A].contains(bytes[index - 1]) {
      var at = skipSpace(bytes, index + 4)
      guard at < bytes.count, bytes[at] == UInt8(ascii: "=") else { return nil }
      at = skipSpace(bytes, at + 1)
      return quoted(bytes, at)
    }
    if matches(bytes, index, words.url, ignoringCase: true) {
      guard let close = bytes[(index + 4)...].firstIndex(of: UInt8(ascii: ")")) else { return nil }
      let inner = String(decoding: bytes[(index + 4)..<close], as: UTF8.self)
      let trimmed = inner.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n\"'"))
      return (trimmed, close + 1)
    }
    if matches(bytes, index, words.importRule) { return quoted(bytes, skipSpace(bytes, index + 7)) }
    if matches(bytes, index, words.system) { return quoted(bytes, skipSpace(bytes, index + 6)) }
    if matches(bytes, index, words.public), let (_, end) = quoted(bytes, skipSpace(bytes, index + 6)) {
      return quoted(bytes, skipSpace(bytes, end))
    }
    return nil
  }

  private static func matches(_ bytes: [UInt8], _ index: Int, _ utf8: [UInt8], ignoringCase: Bool = false) -> Bool {
    guard index + utf8.count <= bytes.count else { return false }
    for (offset, expected) in utf8.enumerated() {
      let byte = bytes[index + offset]
      let folded = ignoringCase && byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
      if folded != expected { return false }
    }
    return true
  }

  private static func skipSpace(_ bytes: [UInt8], _ index: Int) -> Int {
    var at = index
    while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
    return at
  }

  /// The literal in single or double quotes at `index`, and the index past its closing quote.
  private static func quoted(_ bytes: [UInt8], _ index: Int) -> (String, Int)? {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
      return nil
    }
    guard let close = bytes[(index + 1)...].firstIndex(of: bytes[index]) else { return nil }
    return (String(decoding: bytes[(index + 1)..<close], as: UTF8.self), close + 1)
  }
}
