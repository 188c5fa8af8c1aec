/// The integer sample types images hold: 8 and 16 bits.
public protocol PixelSample: FixedWidthInteger & UnsignedInteger & Sendable {
  /// The largest value, as a Float (255 or 65535).
  static var maxFloat: Float { get }
}

extension UInt8: PixelSample {
  /// The largest sample, as a float.
  public static var maxFloat: Float { 255 }
}

extension UInt16: PixelSample {
  /// The largest sample, as a float.
  public static var maxFloat: Float { 65535 }
}
