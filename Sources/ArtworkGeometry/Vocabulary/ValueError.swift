/// A value given as text (a command-line option or a manifest entry) that artfit does not
/// accept. The message says what is accepted; the caller adds where the value came from.
public struct ValueError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong with the value, and what is accepted.
  public var message: String

  /// An error saying `message`.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}

/// Parsing shared by every vocabulary.
package enum ValueText {
  /// The items of a comma-separated list, trimmed, empty ones dropped.
  package static func list(_ text: String) -> [String] {
    text.split(separator: ",").map { trimmed(String($0)) }.filter { !$0.isEmpty }
  }

  package static func trimmed(_ text: String) -> String {
    var slice = Substring(text)
    while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
    while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
    return String(slice)
  }

  /// `items` parsed one by one, each kept once in the order given; at least one.
  package static func distinct<Value: Equatable>(
    _ items: [String], empty: String, _ parse: (String) throws(ValueError) -> Value
  ) throws(ValueError) -> [Value] {
    var result: [Value] = []
    for item in items {
      let value = try parse(item)
      if !result.contains(value) { result.append(value) }
    }
    guard !result.isEmpty else { throw ValueError(empty) }
    return result
  }
}
