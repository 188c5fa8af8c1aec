extension FocusRegion {
  /// A focus region from its four numbers, x, y, w, h as fractions 0…1 of the source.
  public static func parse(_ numbers: [Double], origin: Origin) throws(ValueError) -> FocusRegion {
    guard numbers.count == 4 else {
      throw ValueError("a focus is X,Y,W,H as fractions 0...1 of the source, e.g. 0.3,0.2,0.4,0.5")
    }
    guard let region = FocusRegion(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3], origin: origin)
    else {
      let written = numbers.map { formatNumber($0) }.joined(separator: ",")
      throw ValueError(
        "focus \(written) is empty or reaches outside the source: X,Y >= 0, W,H > 0, X+W <= 1, Y+H <= 1")
    }
    return region
  }

  /// A focus region written `X,Y,W,H`.
  public static func parse(_ text: String, origin: Origin) throws(ValueError) -> FocusRegion {
    let parts = ValueText.list(text)
    let numbers = parts.compactMap(Double.init)
    guard parts.count == 4, numbers.count == 4 else {
      throw ValueError("a focus is X,Y,W,H as fractions 0...1 of the source, e.g. 0.3,0.2,0.4,0.5 (got '\(text)')")
    }
    return try parse(numbers, origin: origin)
  }
}
