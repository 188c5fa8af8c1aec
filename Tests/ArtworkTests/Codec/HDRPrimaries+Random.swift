import ArtworkCodec

extension HDRPrimaries {
  /// Primaries around the wide gamuts artfit meets (red, green and blue each in a box about
  /// BT.709's to BT.2020's), at `white` (CIE xy), with no code.
  static func random(white: [Double], using random: inout some RandomNumberGenerator) -> HDRPrimaries {
    HDRPrimaries(
      code: 0,
      xy: [
        Double.random(in: 0.55...0.72, using: &random), Double.random(in: 0.27...0.35, using: &random),
        Double.random(in: 0.15...0.32, using: &random), Double.random(in: 0.58...0.80, using: &random),
        Double.random(in: 0.12...0.16, using: &random), Double.random(in: 0.03...0.08, using: &random),
      ] + white)
  }
}
