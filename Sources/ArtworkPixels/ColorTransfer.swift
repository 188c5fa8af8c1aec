import ArtworkPlatform

/// The sRGB transfer function, and lookup tables built from it once.
enum ColorTransfer {
  /// Encoded sRGB (0...1) to linear light (0...1).
  static func linear(fromSRGB value: Double) -> Double {
    value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
  }

  /// Linear light (0...1) to encoded sRGB (0...1).
  static func sRGB(fromLinear value: Double) -> Double {
    if value <= 0 { return 0 }
    if value >= 1 { return 1 }
    return value <= 0.0031308 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055
  }

  /// 8-bit sample → 0...1 float, encoded.
  static let unit8: [Float] = (0..<256).map { Float(Double($0) / 255) }
  /// 8-bit sample → 0...1 float, linear light.
  static let linear8: [Float] = (0..<256).map { Float(linear(fromSRGB: Double($0) / 255)) }
  /// 16-bit sample → 0...1 float, encoded.
  static let unit16: [Float] = (0..<65536).map { Float(Double($0) / 65535) }
  /// 16-bit sample → 0...1 float, linear light.
  static let linear16: [Float] = (0..<65536).map { Float(linear(fromSRGB: Double($0) / 65535)) }
  /// Linear light quantised to 1/65535 → 8-bit encoded sample (error under 0.06 of a level).
  static let encode8: [UInt8] = (0..<65536).map {
    UInt8((sRGB(fromLinear: Double($0) / 65535) * 255).rounded())
  }
}
