/// Every stored value of a value, written out the same way in every process: the text a
/// cache key is hashed from, so a field added to a type changes the key without anyone
/// listing it.
///
/// It walks the value's reflection (`Mirror`): struct and class fields by name, enum cases by
/// name with their payloads, optionals, arrays and tuples in order. Sets and dictionaries are
/// written sorted, since their order differs from one process to the next (Swift seeds its
/// hashing per process). A closure is written only as a closure: what it does is not seen.
package enum CanonicalText {
  /// The canonical text of `value`.
  package static func of(_ value: Any) -> String {
    var text = ""
    write(value, into: &text)
    return text
  }

  private static func write(_ value: Any, into text: inout String) {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      if let wrapped = mirror.children.first?.value { write(wrapped, into: &text) } else { text += "nil" }
    case .set:
      text += "{" + mirror.children.map { of($0.value) }.sorted().joined(separator: ",") + "}"
    case .dictionary:
      text += "[" + mirror.children.map { of($0.value) }.sorted().joined(separator: ",") + "]"
    case .collection, .tuple:
      text += "("
      for (index, child) in mirror.children.enumerated() {
        if index > 0 { text += "," }
        if let label = child.label, !label.hasPrefix(".") { text += label + ":" }
        write(child.value, into: &text)
      }
      text += ")"
    case .enum:
      // A case without payload has no children: its description is its name.
      guard let payload = mirror.children.first else {
        text += String(describing: value)
        return
      }
      text += (payload.label ?? "?") + "("
      write(payload.value, into: &text)
      text += ")"
    case .struct, .class:
      text += "\(mirror.subjectType){"
      var fields: [Mirror] = [mirror]
      var ancestor = mirror.superclassMirror
      while let next = ancestor {
        fields.append(next)
        ancestor = next.superclassMirror
      }
      for part in fields {
        for child in part.children {
          text += (child.label ?? "?") + "="
          write(child.value, into: &text)
          text += ";"
        }
      }
      text += "}"
    default:
      // A number, a string, a Boolean, a closure: its own description (a Double's is exact).
      text += String(reflecting: value)
    }
  }
}
