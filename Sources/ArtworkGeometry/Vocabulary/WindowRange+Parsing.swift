extension WindowRange {
  /// What a window range is written as, with an example.
  static let form =
    "a window range is MINWxMINH-MAXWxMAXH@S in whole points at a whole scale 1 to 3, e.g. 320x320-1366x1024@2"

  /// A window range written `MINWxMINH-MAXWxMAXH@S`, with `safeInsets` (points) in every window.
  public static func parse(_ text: String, safeInsets: Insets = .zero) throws(ValueError) -> WindowRange {
    let trimmed = ValueText.trimmed(text)
    let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
    let sizes = parts[0].split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, sizes.count == 2, let scale = Int(ValueText.trimmed(String(parts[1]))),
      let smallest = WindowSize(text: String(sizes[0])), let largest = WindowSize(text: String(sizes[1]))
    else { throw ValueError("\(form) (got '\(text)')") }
    guard (1...3).contains(scale) else { throw ValueError("a window range's scale is 1, 2 or 3 (got '\(text)')") }
    guard smallest.width <= largest.width, smallest.height <= largest.height else {
      throw ValueError("a window range runs from the smallest window to the largest (got '\(text)')")
    }
    // macOS's window server caps a window at 10,000 points (Research/windows.md); no screen
    // artfit knows is larger, and a bound keeps a range's solving short.
    guard largest.width <= 10_000, largest.height <= 10_000 else {
      throw ValueError("a window range's sides are at most 10000 points, as macOS caps a window (got '\(text)')")
    }
    guard
      let range = WindowRange(
        smallest: (smallest.width, smallest.height), largest: (largest.width, largest.height), scale: scale,
        safeInsets: safeInsets)
    else {
      throw ValueError("the safe area \(safeInsets) leaves the smallest window of '\(text)' nothing")
    }
    return range
  }

}

extension WindowSize {
  /// A window written `WxH` in whole points above zero (as `description` writes it); nil for
  /// anything else.
  public init?(text: String) {
    guard let (width, height) = SizeText.numbers(text), width == width.rounded(), height == height.rounded(),
      width <= 1e9, height <= 1e9
    else { return nil }
    self.init(Int(width), Int(height))
  }
}
