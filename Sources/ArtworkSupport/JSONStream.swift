/// Writes JSON straight to bytes, so a report of a quarter of a million results needs no tree
/// of values in between; artfit's one JSON writer (`JSONValue` prints through it too).
/// Pretty-printed: two-space indents, one member per line, and containers opened with
/// `inline: true` (those that hold no other container) on one line, as the contract writes
/// them. Compact: no space or line break at all.
package struct JSONStream {
  package var buffer: ByteBuffer
  /// Nothing written yet in the innermost object or array.
  private var empty = true
  /// A key was just written; its value follows on the same line.
  private var afterKey = false
  /// Inside a one-line container.
  private var inline = false
  private var depth = 0
  private let compact: Bool
  /// What follows a key: ": " (artfit's reports), " : " (Xcode's Contents.json), ":" compact.
  private let keySeparator: StaticString

  package init(buffer: ByteBuffer = ByteBuffer(), compact: Bool = false, keySeparator: StaticString = ": ") {
    self.buffer = buffer
    self.compact = compact
    self.keySeparator = compact ? ":" : keySeparator
  }

  /// A stream that continues an array at `depth` of another stream (the artworks of
  /// report.json): its values are written as that stream would write them there, after a
  /// comma unless `first`.
  package init(buffer: ByteBuffer, compact: Bool = false, continuingArrayAtDepth depth: Int, first: Bool) {
    self.init(buffer: buffer, compact: compact)
    self.depth = depth
    empty = first
  }

  /// Records that the innermost container got values written by a continuing stream.
  package mutating func noteValuesWritten() { empty = false }

  package var bytes: [UInt8] { buffer.bytes }

  /// A line break and the indent of `depth`, cut from one static run of spaces.
  private mutating func newline() {
    let count = 1 + min(64, depth * 2)
    let breaks: StaticString = "\n                                                                "
    breaks.withUTF8Buffer { buffer.append(raw: UnsafeBufferPointer(rebasing: $0[0..<count])) }
  }

  /// Puts the comma and line break (or ", " on one line) a new member or element needs.
  @inline(__always) private mutating func beginValue() {
    if afterKey {
      afterKey = false
      return
    }
    if inline {
      if !empty { buffer.append(compact ? "," : ", " as StaticString) }
    } else if depth > 0 {
      if !empty { buffer.append(byte: UInt8(ascii: ",")) }
      if !compact { newline() }
    }
    empty = false
  }

  package mutating func beginObject(inline: Bool = false) {
    beginValue()
    buffer.append(inline && !compact ? "{ " : "{" as StaticString)
    open(inline)
  }

  package mutating func endObject() {
    if inline {
      buffer.append(compact ? "}" : " }" as StaticString)
      closeInline()
    } else {
      close(UInt8(ascii: "}"))
    }
  }

  package mutating func beginArray(inline: Bool = false) {
    beginValue()
    buffer.append(byte: UInt8(ascii: "["))
    open(inline)
  }

  package mutating func endArray() {
    if inline {
      // An empty one-line array prints as [], as an empty one does anywhere.
      buffer.append(byte: UInt8(ascii: "]"))
      closeInline()
    } else {
      close(UInt8(ascii: "]"))
    }
  }

  private mutating func open(_ inline: Bool) {
    precondition(!self.inline, "a one-line container holds no other container")
    self.inline = inline
    if !inline { depth += 1 }
    empty = true
  }

  private mutating func closeInline() {
    inline = false
    empty = false
  }

  private mutating func close(_ bracket: UInt8) {
    depth -= 1
    if !empty && !compact { newline() }
    buffer.append(byte: bracket)
    empty = false
  }

  package mutating func key(_ name: StaticString) {
    beginValue()
    buffer.append(quoted: name, then: keySeparator)
    afterKey = true
  }

  /// A key that is data (a path, a name from a file), escaped as any string.
  package mutating func key(escaping name: String) {
    beginValue()
    JSONValue.writeString(name, into: &buffer)
    buffer.append(keySeparator)
    afterKey = true
  }

  package mutating func string(_ value: String) {
    beginValue()
    JSONValue.writeString(value, into: &buffer)
  }

  /// A string artfit itself spells (a slug, an enum's raw value): plain ASCII that needs
  /// no escaping, copied as is.
  package mutating func plain(_ value: String) {
    beginValue()
    buffer.append(byte: UInt8(ascii: "\""))
    buffer.append(value)
    buffer.append(byte: UInt8(ascii: "\""))
  }

  package mutating func string(_ value: String?) {
    if let value { string(value) } else { null() }
  }

  package mutating func integer(_ value: Int) {
    beginValue()
    buffer.integer(value)
  }

  /// As `JSONValue.rounded(value, places)` prints it.
  package mutating func rounded(_ value: Double, _ places: Int) {
    beginValue()
    buffer.decimal(value, places: places)
  }

  /// As `JSONValue.compact(value, places)` prints it: whole numbers as integers.
  package mutating func compact(_ value: Double, _ places: Int) {
    if let whole = value.wholeNumber { integer(whole) } else { rounded(value, places) }
  }

  /// A number as the shortest text that reads back as the same double (null when not finite),
  /// for a reader that must compute with the very values artfit did.
  package mutating func exact(_ value: Double) {
    guard value.isFinite else { return null() }
    beginValue()
    buffer.append(String(value))
  }

  package mutating func bool(_ value: Bool) {
    beginValue()
    buffer.append(value ? "true" : "false")
  }

  package mutating func null() {
    beginValue()
    buffer.append("null")
  }

  /// A number as `JSONValue.number` holds it: a whole one with ".0" ("-0.0" as "0.0"), any
  /// other as the shortest text that reads back the same; null when not finite.
  package mutating func number(_ value: Double) {
    guard value.isFinite else { return null() }
    beginValue()
    if let whole = value.wholeNumber {
      buffer.integer(whole)
      buffer.append(".0")
    } else {
      buffer.append(String(value))
    }
  }

  /// A value already built as a tree (small parts such as the options), each container that
  /// holds no other on one line.
  package mutating func value(_ value: JSONValue) {
    switch value {
    case .null: null()
    case .bool(let flag): bool(flag)
    case .integer(let number): integer(number)
    case .number(let number): self.number(number)
    case .string(let text): string(text)
    case .array(let items) where items.isEmpty: empty("[]")
    case .object(let members) where members.isEmpty: empty("{}")
    case .array(let items):
      beginArray(inline: items.allSatisfy(\.isScalar))
      for item in items { self.value(item) }
      endArray()
    case .object(let members):
      beginObject(inline: members.allSatisfy(\.1.isScalar))
      for (name, member) in members {
        key(escaping: name)
        self.value(member)
      }
      endObject()
    }
  }

  /// An empty array or object, written as a scalar so a one-line container can hold it.
  private mutating func empty(_ text: StaticString) {
    beginValue()
    buffer.append(text)
  }
}
