import ArtworkCodec
import ArtworkGeometry

/// An 8-bit RGB canvas that previews are composed on.
public struct Canvas: Sendable {
  /// The canvas's size in pixels.
  public let size: PixelSize
  /// RGB samples, row-major.
  public private(set) var samples: [UInt8]

  /// A canvas filled with `background` (RGB).
  public init(size: PixelSize, background: RGB) {
    self.init(size: size, background: background, reusing: [])
  }

  /// A canvas filled with `background`, drawn in the memory of `storage` (say, the samples
  /// of an earlier canvas): its capacity is reused, its contents are overwritten.
  public init(size: PixelSize, background: RGB, reusing storage: consuming [UInt8]) {
    self.size = size
    samples = consume storage
    let count = size.width * size.height * 3
    samples.resize(reusingMemoryTo: count)
    samples.withUnsafeMutableBufferPointer { out in
      if background == RGB(0, 0, 0) {
        out.update(repeating: 0)
        return
      }
      for index in stride(from: 0, to: count, by: 3) {
        out[index] = background.r
        out[index + 1] = background.g
        out[index + 2] = background.b
      }
    }
  }

  /// A canvas of `picture` itself (opaque 8-bit RGB), its size; its samples are not copied.
  public init(picture: consuming Image) {
    precondition(picture.layout == .rgb, "a canvas is RGB")
    guard case .uint8(let samples) = picture.storage else { preconditionFailure("a canvas is 8-bit") }
    size = PixelSize(picture.width, picture.height)
    self.samples = samples
  }

  /// Gives the samples' memory up for a later canvas (`init(size:background:reusing:)`),
  /// leaving this canvas empty.
  public mutating func releaseStorage() -> [UInt8] {
    defer { samples = [] }
    return samples
  }

  /// The pixel at (x, y).
  public func pixel(x: Int, y: Int) -> RGB {
    let index = (y * size.width + x) * 3
    return RGB(samples[index], samples[index + 1], samples[index + 2])
  }

  /// The canvas as an image, ready to encode.
  public func image(iccProfile: [UInt8]? = nil) -> Image {
    Image(width: size.width, height: size.height, layout: .rgb, storage: .uint8(samples), iccProfile: iccProfile)
  }

  /// Copies `picture` with its top-left corner at `origin`, composited over what is there
  /// when it has alpha (16-bit samples keep their high byte: truncated, not rounded).
  /// Parts outside are clipped.
  public mutating func draw(_ picture: Image, at origin: (x: Int, y: Int)) {
    let x0 = max(0, origin.x)
    let y0 = max(0, origin.y)
    let x1 = min(size.width, origin.x + picture.width)
    let y1 = min(size.height, origin.y + picture.height)
    guard x0 < x1, y0 < y1 else { return }
    let area = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    switch picture.storage {
    case .uint8(let source) where picture.layout == .rgb: copyRows(source, of: picture, at: origin, into: area)
    case .uint8(let source): composite(source, of: picture, at: origin, into: area, shift: 0)
    case .uint16(let source): composite(source, of: picture, at: origin, into: area, shift: 8)
    }
  }

  /// Every preview's picture, opaque 8-bit RGB: copied a row at a time into `area`.
  private mutating func copyRows(
    _ source: [UInt8], of picture: Image, at origin: (x: Int, y: Int), into area: PixelRect
  ) {
    let rowBytes = area.width * 3
    let width = size.width
    samples.withUnsafeMutableBytes { out in
      source.withUnsafeBytes { input in
        for y in area.y..<area.y + area.height {
          let from = ((y - origin.y) * picture.width + area.x - origin.x) * 3
          out.baseAddress!.advanced(by: (y * width + area.x) * 3)
            .copyMemory(from: input.baseAddress!.advanced(by: from), byteCount: rowBytes)
        }
      }
    }
  }

  /// Any other picture: gray widened to RGB, samples shifted down to 8 bits by `shift`,
  /// alpha composited over the canvas, into `area`.
  private mutating func composite<S: PixelSample>(
    _ source: [S], of picture: Image, at origin: (x: Int, y: Int), into area: PixelRect, shift: Int
  ) {
    let channels = picture.layout.channels
    let alpha = picture.layout.hasAlpha
    let gray = picture.layout.withoutAlpha == .gray
    let width = size.width
    samples.withUnsafeMutableBufferPointer { out in
      source.withUnsafeBufferPointer { input in
        for y in area.y..<area.y + area.height {
          let sourceRow = (y - origin.y) * picture.width
          for x in area.x..<area.x + area.width {
            let s = (sourceRow + x - origin.x) * channels
            let d = (y * width + x) * 3
            let r = Int(input[s]) >> shift
            let g = gray ? r : Int(input[s + 1]) >> shift
            let b = gray ? r : Int(input[s + 2]) >> shift
            let a = alpha ? Int(input[s + channels - 1]) >> shift : 255
            if a == 255 {
              out[d] = UInt8(r)
              out[d + 1] = UInt8(g)
              out[d + 2] = UInt8(b)
            } else if a > 0 {
              out[d] = UInt8((r * a + Int(out[d]) * (255 - a) + 127) / 255)
              out[d + 1] = UInt8((g * a + Int(out[d + 1]) * (255 - a) + 127) / 255)
              out[d + 2] = UInt8((b * a + Int(out[d + 2]) * (255 - a) + 127) / 255)
            }
          }
        }
      }
    }
  }

  /// Every pixel replaced by its relative luminance as gray: 0.2126 R + 0.7152 G + 0.0722 B
  /// of the linear-light values (BT.709's weights, the sRGB primaries'), encoded back with
  /// the sRGB curve. It is how a tinted Home Screen icon reads before the user's tint.
  public mutating func convertToLuminance() {
    let linear = ColorTransfer.linear8
    let encode = ColorTransfer.encode8
    samples.withUnsafeMutableBufferPointer { samples in
      for index in stride(from: 0, to: samples.count, by: 3) {
        let y =
          0.2126 * linear[Int(samples[index])] + 0.7152 * linear[Int(samples[index + 1])] + 0.0722
          * linear[Int(samples[index + 2])]
        let gray = encode[Int((min(1, y) * 65535).rounded())]
        samples[index] = gray
        samples[index + 1] = gray
        samples[index + 2] = gray
      }
    }
  }

  /// Paints `shape` in `color` at `opacity`, weighted by each pixel's coverage; only the
  /// pixels inside `limit` are visited when it is given.
  public mutating func fill(_ shape: CanvasRegion, _ color: RGB, opacity: Float = 1, within limit: PixelRect? = nil) {
    var box = shape.bounds(in: size)
    if let limit {
      let x0 = max(box.x, limit.x)
      let y0 = max(box.y, limit.y)
      box = PixelRect(
        x: x0, y: y0, width: max(0, min(box.maxX, limit.maxX) - x0), height: max(0, min(box.maxY, limit.maxY) - y0))
    }
    guard box.width > 0, box.height > 0 else { return }
    switch shape {
    case .rect(let rect): fillRect(rect, box: box, color, opacity: opacity)
    case .outside(.roundedRect(let rect, let radius)):
      // The display's corners on every preview: the arc computed in the loop, not through
      // the shape's cases pixel by pixel.
      let r = min(radius, rect.width / 2, rect.height / 2)
      blend(box: box, color, opacity: opacity) { 1 - CanvasRegion.rounded(rect, radius: r, $0, $1) }
    default: blend(box: box, color, opacity: opacity, coverage: shape.coverage)
    }
  }

  /// Paints `color` over `box` at `opacity` times each pixel's `coverage`.
  @inline(__always)
  private mutating func blend(box: PixelRect, _ color: RGB, opacity: Float, coverage: (Int, Int) -> Float) {
    let width = size.width
    let colour = SIMD3<Float>(Float(color.r), Float(color.g), Float(color.b))
    samples.withUnsafeMutableBufferPointer { out in
      for y in box.y..<box.maxY {
        for x in box.x..<box.maxX {
          let a = coverage(x, y) * opacity
          if a <= 0 { continue }
          let d = (y * width + x) * 3
          if a >= 1 {
            out[d] = color.r
            out[d + 1] = color.g
            out[d + 2] = color.b
            continue
          }
          let old = SIMD3<Float>(Float(out[d]), Float(out[d + 1]), Float(out[d + 2]))
          let mixed = old + (colour - old) * a + 0.5
          out[d] = UInt8(mixed.x)
          out[d + 1] = UInt8(mixed.y)
          out[d + 2] = UInt8(mixed.z)
        }
      }
    }
  }
}

extension Canvas {
  /// A rect's coverage is separable: the overlap along x times the overlap along y, so each
  /// is computed once per column and row, and whole pixels blend at full opacity.
  fileprivate mutating func fillRect(_ rect: Rect, box: PixelRect, _ color: RGB, opacity: Float) {
    let columns = (box.x..<box.maxX).map { x in
      Float(CanvasRegion.span(rect.x, rect.maxX, x))
    }
    // The columns the rect covers whole: there every pixel of a row blends by the same amount.
    let inner = (columns.firstIndex(of: 1) ?? 0)..<((columns.lastIndex(of: 1) ?? -1) + 1)
    let width = size.width
    let colour = SIMD3<Float>(Float(color.r), Float(color.g), Float(color.b))
    var table = BlendTable(colour: colour)
    samples.withUnsafeMutableBufferPointer { out in
      for y in box.y..<box.maxY {
        let rowCoverage = Float(CanvasRegion.span(rect.y, rect.maxY, y)) * opacity
        if rowCoverage <= 0 { continue }
        if rowCoverage < 1 && !inner.isEmpty {
          // A tint (the safe-area bands): one table lookup per sample instead of float math.
          table.prepare(rowCoverage)
          let base = (y * width + box.x) * 3
          table.blend(out, from: base + inner.lowerBound * 3, to: base + inner.upperBound * 3)
        }
        for (offset, columnCoverage) in columns.enumerated() {
          if rowCoverage < 1 && inner.contains(offset) { continue }
          let a = rowCoverage * columnCoverage
          if a <= 0 { continue }
          let d = (y * width + box.x + offset) * 3
          if a >= 1 {
            out[d] = color.r
            out[d + 1] = color.g
            out[d + 2] = color.b
          } else {
            let old = SIMD3<Float>(Float(out[d]), Float(out[d + 1]), Float(out[d + 2]))
            let mixed = old + (colour - old) * a + 0.5
            out[d] = UInt8(mixed.x)
            out[d + 1] = UInt8(mixed.y)
            out[d + 2] = UInt8(mixed.z)
          }
        }
      }
    }
  }
}

/// `old + (colour − old) · a`, rounded, for every old value of each channel at one blend
/// amount: the same float arithmetic as the per-pixel path, so the same bytes.
private struct BlendTable {
  let colour: SIMD3<Float>
  private var amount: Float = -1
  private var values = [UInt8](repeating: 0, count: 3 * 256)

  init(colour: SIMD3<Float>) { self.colour = colour }

  mutating func prepare(_ a: Float) {
    guard a != amount else { return }
    amount = a
    for old in 0..<256 {
      let mixed = SIMD3<Float>(repeating: Float(old)) + (colour - SIMD3<Float>(repeating: Float(old))) * a + 0.5
      values[old] = UInt8(mixed.x)
      values[256 + old] = UInt8(mixed.y)
      values[512 + old] = UInt8(mixed.z)
    }
  }

  /// Blends the RGB samples in `start..<end` (whole pixels).
  func blend(_ out: UnsafeMutableBufferPointer<UInt8>, from start: Int, to end: Int) {
    values.withUnsafeBufferPointer { table in
      var d = start
      while d < end {
        out[d] = table[Int(out[d])]
        out[d + 1] = table[256 + Int(out[d + 1])]
        out[d + 2] = table[512 + Int(out[d + 2])]
        d += 3
      }
    }
  }
}
