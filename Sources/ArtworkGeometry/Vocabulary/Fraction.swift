/// Fractions and scale factors as people write them.
public enum Fraction {
  /// `25%` or `0.25`, within 0…1.
  public static func parse(_ text: String) throws(ValueError) -> Double {
    let trimmed = ValueText.trimmed(text)
    let value = trimmed.hasSuffix("%") ? Double(trimmed.dropLast()).map { $0 / 100 } : Double(trimmed)
    guard let value, value >= 0, value <= 1 else {
      throw ValueError("takes a fraction 0...1 or a percentage, e.g. 0.25 or 25% (got '\(text)')")
    }
    return value
  }

  /// A scale factor such as `2`, `3` or `2x`, above 0 and at most 10.
  public static func parseScale(_ text: String) throws(ValueError) -> Double {
    let trimmed = ValueText.trimmed(text.lowercased())
    let number = trimmed.hasSuffix("x") ? String(trimmed.dropLast()) : trimmed
    guard let value = Double(number), value > 0, value <= 10 else {
      throw ValueError("takes a scale factor above 0 and at most 10, such as 2 or 3 (got '\(text)')")
    }
    return value
  }
}
