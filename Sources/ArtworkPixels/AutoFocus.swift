import ArtworkCodec
import ArtworkGeometry
import Foundation

/// Finds the part of an artwork that draws the eye, from its pixels (`--auto-focus`).
///
/// On a copy at most 160 pixels on its long side, each pixel scores edges (Sobel on
/// luminance), colour rarity (how few pixels share its colour, so a plain field or a big sky
/// scores nothing however saturated it is) and skin tones (YCbCr box, as libvips'
/// `attention` uses); rarity counts for more in colourful pixels, and everything is weighted
/// by opacity. The scores are blurred so nearby detail pools,
/// and the focus is the bounding box of the connected area around the highest score that
/// keeps at least 30% of it. Limits: it knows nothing of faces or text as such, only their
/// edges and colours; on a busy picture with no single subject the box grows large.
public enum AutoFocus {
  static let workingSide = 160
  /// Share of the peak score the focus area keeps.
  static let keep = 0.3

  /// The shrink-on-load (1, 2, 4 or 8) a `width`×`height` artwork is decoded at for its focus:
  /// the most that leaves twice the working side, so the focus depends on the artwork alone,
  /// never on the screens or the command it is found for.
  public static func loadShrink(width: Int, height: Int) -> Int {
    let side = max(width, height)
    return [8, 4, 2].first { side / $0 >= 2 * workingSide } ?? 1
  }

  /// The focus region as fractions of `image`, or nil when nothing stands out.
  public static func region(in image: Image) -> FocusRegion? {
    let factor = min(1, Double(workingSide) / Double(max(image.width, image.height)))
    let width = max(1, Int((Double(image.width) * factor).rounded()))
    let height = max(1, Int((Double(image.height) * factor).rounded()))
    let small = Resampler.resample(
      image, to: PixelSize(width, height), options: ResampleOptions(kernel: .box, threads: 1))
    let pixels = rgba(small)
    var scores = saliency(pixels, width: width, height: height)
    let radius = max(1, max(width, height) / 24)
    for _ in 0..<2 { blur(&scores, width: width, height: height, radius: radius) }
    guard let peakIndex = scores.indices.max(by: { scores[$0] < scores[$1] }), scores[peakIndex] > 1e-6 else {
      return nil
    }
    let box = area(around: peakIndex, in: scores, width: width, height: height, threshold: scores[peakIndex] * keep)
    return FocusRegion(
      x: Double(box.minX) / Double(width), y: Double(box.minY) / Double(height),
      width: Double(box.maxX - box.minX + 1) / Double(width), height: Double(box.maxY - box.minY + 1) / Double(height),
      origin: .auto)
  }

  /// 8-bit RGBA samples of any decoded image.
  static func rgba(_ image: Image) -> [UInt8] {
    let channels = image.layout.channels
    var out = [UInt8](repeating: 255, count: image.width * image.height * 4)
    for index in 0..<(image.width * image.height) {
      func sample(_ c: Int) -> UInt8 {
        switch image.storage {
        case .uint8(let samples): samples[index * channels + c]
        case .uint16(let samples): UInt8(samples[index * channels + c] >> 8)
        }
      }
      let gray = channels <= 2
      for c in 0..<3 { out[index * 4 + c] = sample(gray ? 0 : c) }
      if image.layout.hasAlpha { out[index * 4 + 3] = sample(channels - 1) }
    }
    return out
  }

  static func saliency(_ pixels: [UInt8], width: Int, height: Int) -> [Double] {
    let count = width * height
    let edges = edgeStrength(luma(pixels, count: count), width: width, height: height)
    let rarity = colourRarity(pixels, count: count)
    let edgeScale = max(1, edges.max() ?? 1)
    let rarityScale = max(1, rarity.max() ?? 1)
    var scores = [Double](repeating: 0, count: count)
    for i in 0..<count {
      let opacity = Double(pixels[i * 4 + 3]) / 255
      // Rare and colourful beats rare and grey: a kite against clouds, a badge on paper.
      let chroma =
        Double(
          max(pixels[i * 4], pixels[i * 4 + 1], pixels[i * 4 + 2])
            - min(pixels[i * 4], pixels[i * 4 + 1], pixels[i * 4 + 2])) / 255
      let skin = isSkinTone(pixels, at: i) ? 1.0 : 0
      scores[i] = opacity * (0.3 * edges[i] / edgeScale + (0.25 + chroma) * rarity[i] / rarityScale + 0.6 * skin)
    }
    return scores
  }

  /// Each RGBA pixel's luma (BT.601 weights).
  private static func luma(_ pixels: [UInt8], count: Int) -> [Double] {
    var luma = [Double](repeating: 0, count: count)
    for i in 0..<count {
      luma[i] = 0.299 * Double(pixels[i * 4]) + 0.587 * Double(pixels[i * 4 + 1]) + 0.114 * Double(pixels[i * 4 + 2])
    }
    return luma
  }

  /// The Sobel gradient's magnitude at each pixel, edges clamped.
  private static func edgeStrength(_ luma: [Double], width: Int, height: Int) -> [Double] {
    var edges = [Double](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        func l(_ dx: Int, _ dy: Int) -> Double {
          luma[min(height - 1, max(0, y + dy)) * width + min(width - 1, max(0, x + dx))]
        }
        let gx = l(1, -1) + 2 * l(1, 0) + l(1, 1) - l(-1, -1) - 2 * l(-1, 0) - l(-1, 1)
        let gy = l(-1, 1) + 2 * l(0, 1) + l(1, 1) - l(-1, -1) - 2 * l(0, -1) - l(1, -1)
        edges[y * width + x] = (gx * gx + gy * gy).squareRoot()
      }
    }
    return edges
  }

  /// How rare each pixel's colour is in this picture (a histogram of 8 levels per channel,
  /// of the opaque pixels): a plain field or a big sky is common, a small subject's colours
  /// are not.
  private static func colourRarity(_ pixels: [UInt8], count: Int) -> [Double] {
    func bin(_ i: Int) -> Int {
      Int(pixels[i * 4] >> 5) << 6 | Int(pixels[i * 4 + 1] >> 5) << 3 | Int(pixels[i * 4 + 2] >> 5)
    }
    var histogram = [Int](repeating: 0, count: 512)
    var opaque = 0
    for i in 0..<count where pixels[i * 4 + 3] > 127 {
      histogram[bin(i)] += 1
      opaque += 1
    }
    var rarity = [Double](repeating: 0, count: count)
    for i in 0..<count {
      // Colours that fill more than 5% of the picture are not rare at all.
      let share = Double(max(1, histogram[bin(i)])) / Double(max(1, opaque))
      rarity[i] = max(0, -log(share / 0.05))
    }
    return rarity
  }

  /// Whether the pixel's chroma (BT.601 Cb and Cr) falls in the usual range of skin.
  private static func isSkinTone(_ pixels: [UInt8], at i: Int) -> Bool {
    let r = Double(pixels[i * 4])
    let g = Double(pixels[i * 4 + 1])
    let b = Double(pixels[i * 4 + 2])
    let cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b
    let cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b
    return (77...127).contains(cb) && (133...173).contains(cr)
  }

  /// A separable box blur of `radius`, edges clamped.
  static func blur(_ values: inout [Double], width: Int, height: Int, radius: Int) {
    var line = values
    for y in 0..<height {
      for x in 0..<width {
        var sum = 0.0
        for dx in -radius...radius { sum += values[y * width + min(width - 1, max(0, x + dx))] }
        line[y * width + x] = sum / Double(2 * radius + 1)
      }
    }
    for y in 0..<height {
      for x in 0..<width {
        var sum = 0.0
        for dy in -radius...radius { sum += line[min(height - 1, max(0, y + dy)) * width + x] }
        values[y * width + x] = sum / Double(2 * radius + 1)
      }
    }
  }

  /// The bounding box of the 4-connected pixels at or above `threshold` around `start`.
  static func area(around start: Int, in values: [Double], width: Int, height: Int, threshold: Double)
    -> (minX: Int, minY: Int, maxX: Int, maxY: Int)
  {
    var seen = [Bool](repeating: false, count: values.count)
    var stack = [start]
    seen[start] = true
    var box = (minX: width, minY: height, maxX: 0, maxY: 0)
    while let index = stack.popLast() {
      let x = index % width
      let y = index / width
      box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
      for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
      where nx >= 0 && ny >= 0 && nx < width && ny < height {
        let next = ny * width + nx
        if !seen[next] && values[next] >= threshold {
          seen[next] = true
          stack.append(next)
        }
      }
    }
    return box
  }
}
