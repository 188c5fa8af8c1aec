import ArtworkCodec
import ArtworkGeometry

/// Finds letterbox or pillarbox bars baked into an artwork, as ffmpeg's `cropdetect` does for
/// video: lines along an edge that are one flat black or white, ending in a clear edge.
///
/// A line (row or column) belongs to a bar when its pixels stay within a couple of levels of
/// the outermost line's colour; JPEG noise is that small in flat areas. The last lines of a
/// JPEG bar can ring from the content in the same block (16 pixels with subsampled chroma), so
/// the bar ends at the first line within 16 more that clearly differs; if none does, the flat area fades into the picture (a
/// night sky, a vignette) and is not a bar. Coloured flat borders, transparent borders, and
/// bars thinner than 2 pixels are not reported.
public enum EmbeddedBars {
  /// The bars' thickness in pixels of `image`, or nil when it has none.
  public static func detect(in image: Image) -> Insets? {
    let reader = LineReader(image)
    let top = bar(reader, .top)
    let bottom = bar(reader, .bottom)
    let left = bar(reader, .left)
    let right = bar(reader, .right)
    guard top + bottom + left + right > 0 else { return nil }
    return Insets(top: Double(top), left: Double(left), bottom: Double(bottom), right: Double(right))
  }

  enum Edge { case top, bottom, left, right }

  /// Largest mean deviation (levels of 255) of a line inside a bar.
  static let flat = 4.0
  /// Share of a bar line's pixels allowed more than `far` levels off (dust, a stray pixel).
  static let strayShare = 0.002
  static let far = 24
  /// Least mean deviation of the first line of content past a bar.
  static let edge = 12.0
  /// How far JPEG ringing reaches into a bar: one block of subsampled chroma.
  static let ringing = 16

  static func bar(_ reader: LineReader, _ edge: Edge) -> Int {
    let depth = edge == .top || edge == .bottom ? reader.height : reader.width
    let limit = depth / 2
    guard limit >= 3, let reference = reader.mean(edge, 0) else { return 0 }
    let black = reference.allSatisfy { $0 <= 40 }
    let white = reference.allSatisfy { $0 >= 215 }
    guard black || white else { return 0 }
    var line = 0
    while line < limit, let (deviation, stray) = reader.deviation(edge, line, from: reference),
      deviation <= flat, stray <= strayShare
    {
      line += 1
    }
    guard line >= 2 else { return 0 }
    // Content begins at the first line that differs by at least half as much as the content
    // just past the ringing does: ringing is fainter than the picture it echoes.
    let probe = min(limit, line + ringing + 2)
    guard let (content, _) = reader.deviation(edge, probe, from: reference) else { return 0 }
    let threshold = max(self.edge, content / 2)
    for candidate in line..<min(limit, line + ringing) {
      guard let (deviation, _) = reader.deviation(edge, candidate, from: reference) else { return 0 }
      if deviation > threshold { return candidate }
    }
    return 0
  }

  /// Reads rows and columns counted in from an edge, as 8-bit levels.
  struct LineReader {
    let width: Int
    let height: Int
    let channels: Int
    let colours: Int
    let hasAlpha: Bool
    let sample: (Int) -> Int

    init(_ image: Image) {
      width = image.width
      height = image.height
      channels = image.layout.channels
      hasAlpha = image.layout.hasAlpha
      colours = image.layout.withoutAlpha.channels
      switch image.storage {
      case .uint8(let samples): sample = { Int(samples[$0]) }
      case .uint16(let samples): sample = { Int(samples[$0] >> 8) }
      }
    }

    /// The pixels of the `index`-th line in from `edge`: first offset, step, count.
    func line(_ edge: Edge, _ index: Int) -> (start: Int, step: Int, count: Int) {
      switch edge {
      case .top: (index * width * channels, channels, width)
      case .bottom: ((height - 1 - index) * width * channels, channels, width)
      case .left: (index * channels, width * channels, height)
      case .right: ((width - 1 - index) * channels, width * channels, height)
      }
    }

    /// The line's mean colour, or nil when any of it is not fully opaque.
    func mean(_ edge: Edge, _ index: Int) -> [Double]? {
      let (start, step, count) = line(edge, index)
      var sums = [Int](repeating: 0, count: colours)
      for pixel in 0..<count {
        let offset = start + pixel * step
        if hasAlpha && sample(offset + colours) < 255 { return nil }
        for c in 0..<colours { sums[c] += sample(offset + c) }
      }
      return sums.map { Double($0) / Double(count) }
    }

    /// Mean over the line of each pixel's largest channel difference from `reference`, and
    /// the share of pixels more than `far` off; nil when any pixel is not fully opaque.
    func deviation(_ edge: Edge, _ index: Int, from reference: [Double]) -> (Double, Double)? {
      let (start, step, count) = line(edge, index)
      let target = reference.map { Int($0.rounded()) }
      var total = 0
      var stray = 0
      for pixel in 0..<count {
        let offset = start + pixel * step
        if hasAlpha && sample(offset + colours) < 255 { return nil }
        var largest = 0
        for c in 0..<colours { largest = max(largest, abs(sample(offset + c) - target[c])) }
        total += largest
        if largest > EmbeddedBars.far { stray += 1 }
      }
      return (Double(total) / Double(count), Double(stray) / Double(count))
    }
  }
}
