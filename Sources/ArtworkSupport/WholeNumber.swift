extension Double {
  /// The value as an integer when it is a whole number below 10^15 (so every integer near it
  /// is a double too, and `Int` holds it), which JSON prints without decimals; nil otherwise.
  /// Geometry, which imports nothing, keeps the same rule in its `formatNumber`.
  package var wholeNumber: Int? { self == rounded() && abs(self) < 1e15 ? Int(self) : nil }
}
