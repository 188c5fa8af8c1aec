extension Gravity {
  /// A gravity by name (`center`, `top-left`, …, `focus`), in any case.
  public static func parse(_ text: String) throws(ValueError) -> Gravity {
    guard let gravity = Gravity(rawValue: text.lowercased()) else {
      let names = Gravity.allCases.map(\.rawValue).joined(separator: ", ")
      throw ValueError("unknown gravity '\(text)'; gravities are \(names)")
    }
    return gravity
  }
}
