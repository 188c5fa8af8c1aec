import ArtworkCodec
import ArtworkGeometry

/// An 8-bit RGBA canvas that starts fully transparent: for pictures laid over someone
/// else's artwork (the template). Straight (not premultiplied) alpha, as PNG stores it.
public struct TransparentCanvas: Sendable {
  /// The canvas's size in pixels.
  public let size: PixelSize
  /// RGBA samples, row-major.
  public private(set) var samples: [UInt8]

  /// A fully transparent canvas of `size`.
  public init(size: PixelSize) {
    self.size = size
    samples = [UInt8](repeating: 0, count: size.width * size.height * 4)
  }

  /// The pixel at (x, y): colour and alpha.
  public func pixel(x: Int, y: Int) -> (colour: RGB, alpha: UInt8) {
    let i = (y * size.width + x) * 4
    return (RGB(samples[i], samples[i + 1], samples[i + 2]), samples[i + 3])
  }

  /// The canvas as an image, ready to encode.
  public func image() -> Image {
    Image(width: size.width, height: size.height, layout: .rgba, storage: .uint8(samples))
  }

  /// Paints `rect` (canvas pixels, fractional edges antialiased by the exact share of each
  /// pixel it covers) in `colour` at `opacity`, over what is there.
  public mutating func fill(_ rect: Rect, _ colour: RGB, opacity: Float = 1) {
    let x0 = max(0, Int(rect.x.rounded(.down)))
    let y0 = max(0, Int(rect.y.rounded(.down)))
    let x1 = min(size.width, Int(rect.maxX.rounded(.up)))
    let y1 = min(size.height, Int(rect.maxY.rounded(.up)))
    guard x0 < x1, y0 < y1 else { return }
    let columns = (x0..<x1).map { x in Float(CanvasRegion.span(rect.x, rect.maxX, x)) }
    let source = SIMD3<Float>(Float(colour.r), Float(colour.g), Float(colour.b))
    let width = size.width
    samples.withUnsafeMutableBufferPointer { out in
      for y in y0..<y1 {
        let row = Float(CanvasRegion.span(rect.y, rect.maxY, y)) * opacity
        for (offset, column) in columns.enumerated() {
          let a = row * column
          if a <= 0 { continue }
          let i = (y * width + x0 + offset) * 4
          let below = Float(out[i + 3]) / 255
          let alpha = a + below * (1 - a)
          let old = SIMD3<Float>(Float(out[i]), Float(out[i + 1]), Float(out[i + 2]))
          let mixed = (source * a + old * (below * (1 - a))) / alpha + 0.5
          out[i] = UInt8(min(255, mixed.x))
          out[i + 1] = UInt8(min(255, mixed.y))
          out[i + 2] = UInt8(min(255, mixed.z))
          out[i + 3] = UInt8(min(255, alpha * 255 + 0.5))
        }
      }
    }
  }
}
