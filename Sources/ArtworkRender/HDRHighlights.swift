import ArtworkCodec
import ArtworkGeometry

/// Where an artwork's HDR highlights lie: the gain map's samples that brighten the SDR image
/// by at least one stop in some channel (the HDR rendition at least twice as bright there),
/// where an HDR screen shows what SDR cannot. A threshold in stops, not a share of the map's
/// range: encoders code a fixed range (libultrahdr's default reaches 5.6 stops whatever the
/// scene). Counted over any rect of the source through a summed-area table, so a result asks
/// "how many of the focus region's highlights does this crop show" in four reads.
struct HDRHighlights: Sendable {
  /// The gain, in stops, from which a sample is a highlight.
  static let stops = 1.0
  /// Highlight samples above and left of each map position: (width + 1) × (height + 1).
  private let counts: [Int32]
  private let width: Int
  private let height: Int
  /// Map samples per source pixel, across and down.
  private let scale: (x: Double, y: Double)

  /// The highlights of `image` (upright), the gain map of a `source`-sized artwork.
  init(_ image: GainMapImage, source: PixelSize) {
    let map = image.map
    let channels = map.layout.channels
    let figures = image.figures
    // Which codes of each channel mean a highlight.
    let bright = (0..<channels).map { channel in
      (0...255).map { figures.gain(code: UInt8($0), channel: channel) >= Self.stops }
    }
    guard case .uint8(let samples) = map.storage else { preconditionFailure("an 8-bit map") }
    width = map.width
    height = map.height
    var counts = [Int32](repeating: 0, count: (width + 1) * (height + 1))
    for y in 0..<height {
      var row: Int32 = 0
      for x in 0..<width {
        let at = (y * width + x) * channels
        if (0..<channels).contains(where: { bright[$0][Int(samples[at + $0])] }) { row += 1 }
        counts[(y + 1) * (width + 1) + x + 1] = counts[y * (width + 1) + x + 1] + row
      }
    }
    self.counts = counts
    scale = (Double(width) / Double(source.width), Double(height) / Double(source.height))
  }

  /// The share of the whole artwork that is highlight, 0...1.
  var share: Double { width * height == 0 ? 0 : Double(count(0..<width, 0..<height)) / Double(width * height) }

  /// The share of `region`'s highlights (source pixels) that lie inside `visible`; nil when
  /// `region` holds none.
  func kept(in visible: Rect, of region: Rect) -> Double? {
    let all = count(region)
    guard all > 0 else { return nil }
    return Double(count(region.intersection(visible))) / Double(all)
  }

  /// The highlight samples whose centres lie inside `rect` of the source.
  private func count(_ rect: Rect) -> Int {
    guard !rect.isEmpty else { return 0 }
    // A sample i is inside when its centre, i + 0.5, is: i from ⌈low - 0.5⌉ to ⌈high - 0.5⌉ - 1.
    func samples(_ low: Double, _ high: Double, _ size: Int) -> Range<Int> {
      let first = min(size, max(0, Int((low - 0.5).rounded(.up))))
      return first..<max(first, min(size, Int((high - 0.5).rounded(.up))))
    }
    return count(
      samples(rect.x * scale.x, rect.maxX * scale.x, width), samples(rect.y * scale.y, rect.maxY * scale.y, height))
  }

  private func count(_ xs: Range<Int>, _ ys: Range<Int>) -> Int {
    let stride = width + 1
    let total =
      counts[ys.upperBound * stride + xs.upperBound] - counts[ys.lowerBound * stride + xs.upperBound]
      - counts[ys.upperBound * stride + xs.lowerBound] + counts[ys.lowerBound * stride + xs.lowerBound]
    return Int(total)
  }
}
