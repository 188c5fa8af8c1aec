/// Writes JSON straight to bytes, pretty-printed exactly as `JSONValue.bytes()` prints, so a
/// report of a quarter of a million results needs no tree of values in between. Containers
/// that hold no other container are opened with `inline: true`, as `JSONValue` prints them.
package struct JSONStream {
  package var buffer: ByteBuffer
  /// Nothing written yet in the innermost object or array.
  private var empty = true
  /// A key was just written; its value follows on the same line.
  private var afterKey = false
  /// Inside a one-line container.
  private var inline = false
  private var depth = 0

  package init(buffer: ByteBuffer = ByteBuffer()) { self.buffer = buffer }

  /// A stream that continues an array at `depth` of another stream (the artworks of
  /// report.json): its values are written as that stream would write them there, after a
  /// comma unless `first`.
  package init(buffer: ByteBuffer, continuingArrayAtDepth depth: Int, first: Bool) {
    self.init(buffer: buffer)
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
  private mutating func beginValue() {
    if afterKey {
      afterKey = false
      return
    }
    if inline {
      if !empty { buffer.append(", ") }
    } else if depth > 0 {
      if !empty { buffer.append(byte: UInt8(ascii: ",")) }
      newline()
    }
    empty = false
  }

  package mutating func beginObject(inline: Bool = false) {
    beginValue()
    buffer.append(inline ? "{ " : "{")
    open(inline)
  }

  package mutating func endObject() {
    if inline {
      buffer.append(" }")
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
    if !empty { newline() }
    buffer.append(byte: bracket)
    empty = false
  }

  package mutating func key(_ name: StaticString) {
    beginValue()
    buffer.append(byte: UInt8(ascii: "\""))
    buffer.append(name)
    buffer.append("\": ")
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
    if value == value.rounded() && abs(value) < 1e15 { integer(Int(value)) } else { rounded(value, places) }
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

  /// A value already built as a tree (small parts such as the options).
  package mutating func value(_ value: JSONValue) {
    beginValue()
    value.write(into: &buffer, indent: depth)
  }
}
