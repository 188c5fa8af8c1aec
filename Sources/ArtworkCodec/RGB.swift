/// An 8-bit RGB colour.
public struct RGB: Sendable, Hashable, CustomStringConvertible {
  /// Red, 0–255.
  public var r: UInt8
  /// Green, 0–255.
  public var g: UInt8
  /// Blue, 0–255.
  public var b: UInt8

  /// A colour from its red, green and blue.
  public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
    self.r = r
    self.g = g
    self.b = b
  }

  /// `#rrggbb`, `rrggbb`, or a few names (black, white, gray).
  public init?(parsing text: String) {
    let named: [String: RGB] = [
      "black": RGB(0, 0, 0), "white": RGB(255, 255, 255), "gray": RGB(128, 128, 128), "grey": RGB(128, 128, 128),
    ]
    if let colour = named[text.lowercased()] {
      self = colour
      return
    }
    let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
    // "#rrggbb".
    guard hex.count == 6, let value = UInt32(hex, radix: 16) else { return nil }
    self.init(UInt8(value >> 16), UInt8(value >> 8 & 0xff), UInt8(value & 0xff))
  }

  /// The colour as `#rrggbb`, as `--background` takes it.
  public var description: String {
    let digits = [r, g, b].map { value -> String in
      let text = String(value, radix: 16)
      return value < 16 ? "0" + text : text
    }
    return "#" + digits.joined()
  }
}
