/// The crop map's size: the whole source, scaled down to at most this many pixels on its long side.
enum CropMapSize {
  static let longSide = 1024
}
