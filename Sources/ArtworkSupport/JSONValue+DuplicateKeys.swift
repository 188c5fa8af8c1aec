extension JSONValue {
  /// The first key an object in the value has twice, with where the object lies
  /// (`artworks`, `targets[2]`): JSON readers differ on which of the two wins, so a settings
  /// file that says one thing twice is refused instead of read one way.
  package var duplicateKey: (key: String, at: String)? { duplicateKey(at: "") }

  private func duplicateKey(at place: String) -> (key: String, at: String)? {
    switch self {
    case .object(let members):
      var seen = Set<String>()
      for (key, _) in members where !seen.insert(key).inserted { return (key, place.isEmpty ? "the top level" : place) }
      for (key, value) in members {
        if let found = value.duplicateKey(at: place.isEmpty ? key : place + "." + key) { return found }
      }
      return nil
    case .array(let items):
      for (index, item) in items.enumerated() {
        if let found = item.duplicateKey(at: "\(place)[\(index)]") { return found }
      }
      return nil
    default: return nil
    }
  }
}
