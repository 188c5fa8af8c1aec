import ArtworkCodec
import ArtworkGeometry

/// An image stack as the system shows it at rest: its layers drawn back to front onto one
/// canvas, each in its frame (resampled when its picture is not the frame's size), over
/// nothing (straight alpha, source over). What each layer holds is kept beside the picture:
/// the background must be opaque, and each layer's visible part is checked on its own.
public struct ImageStackComposite: Sendable {
  /// What one layer put on the canvas.
  public struct Layer: Sendable, Equatable {
    /// The layer's name (its folder's, without `.imagestacklayer`).
    public var name: String
    /// Its picture's path.
    public var image: String
    /// Where its picture lies on the canvas, in canvas pixels (it may reach past the edges).
    public var frame: ImageRegion
    /// Whether it covers the whole canvas with opaque pixels only.
    public var coversOpaque: Bool
    /// The box around its visible pixels (alpha above 0) on the canvas, clipped to it; nil
    /// when nothing of it shows.
    public var content: ImageRegion?
  }

  /// The composite: RGB when every pixel came out opaque, else RGBA; 8 bits, in the layers'
  /// one colour profile.
  public var image: Image
  /// The layers, front first, as the stack lists them.
  public var layers: [Layer]
  /// The pixels per point the canvas was drawn at (the largest scale any layer's image set
  /// has).
  public var scale: Int

  /// Decodes every layer's picture and draws the stack.
  public static func compose(_ layout: ImageStackLayout, limits: ImageLimits) throws(ImageError) -> ImageStackComposite
  {
    let scale = layout.layers.map(\.scale).max() ?? 1
    var pictures: [Image] = []
    for layer in layout.layers {
      // A stack's layers are pictures (Xcode takes bitmaps): a vector document is named, not
      // passed to a decoder that draws none.
      let head = try FileBytes.head(of: layer.image, count: FileKind.headLength)
      if case .artwork(let format) = FileKind.of(head: head, name: layer.image), format.isVector {
        let document = FileKind.named(format.displayName)
        throw .unreadableStack(
          file: layout.folder,
          reason: "its layer \(layer.name) is \(document), and a stack's layers are pictures; export the layer as PNG")
      }
      pictures.append(try ImageDecoder.decode(file: layer.image, limits: limits).widenedToRGB())
    }
    if let index = pictures.indices.first(where: { pictures[$0].iccProfile != pictures[0].iccProfile }) {
      throw .unreadableStack(
        file: layout.folder,
        reason:
          "the layers \(layout.layers[0].name) and \(layout.layers[index].name) carry different colour profiles; export every layer in one colour space"
      )
    }
    let canvas = canvasSize(layout, background: pictures[pictures.count - 1], scale: scale)
    guard canvas.width * canvas.height <= limits.maxPixels else {
      throw .tooLarge(file: layout.folder, width: canvas.width, height: canvas.height, limit: limits.maxPixels)
    }
    var samples = [UInt8](repeating: 0, count: canvas.width * canvas.height * 4)
    var layers: [Layer] = []
    for (layer, picture) in zip(layout.layers, pictures).reversed() {
      let frame = frame(of: layer, canvas: canvas, scale: scale)
      guard frame.width * frame.height <= limits.maxPixels else {
        throw .tooLarge(file: layer.image, width: frame.width, height: frame.height, limit: limits.maxPixels)
      }
      let placed = rgba8(
        picture.width == frame.width && picture.height == frame.height
          ? picture : Resampler.resample(picture, to: PixelSize(frame.width, frame.height)))
      let drawn = draw(placed, at: frame, onto: &samples, canvas: canvas)
      layers.insert(
        Layer(
          name: layer.name, image: layer.image, frame: frame,
          coversOpaque: drawn.opaque && frame.x <= 0 && frame.y <= 0 && frame.x + frame.width >= canvas.width
            && frame.y + frame.height >= canvas.height,
          content: drawn.content), at: 0)
    }
    return ImageStackComposite(
      image: finished(samples, canvas: canvas, profile: pictures[0].iccProfile), layers: layers, scale: scale)
  }

  /// The canvas in pixels: the stack's canvas size, else the background layer's frame, else
  /// its picture in points, at `scale`.
  static func canvasSize(_ layout: ImageStackLayout, background: Image, scale: Int) -> PixelSize {
    let last = layout.layers[layout.layers.count - 1]
    let points =
      layout.canvasPoints ?? last.frameSize
      ?? (Double(background.width) / Double(last.scale), Double(background.height) / Double(last.scale))
    return PixelSize(
      max(1, Int((points.width * Double(scale)).rounded())), max(1, Int((points.height * Double(scale)).rounded())))
  }

  /// The layer's frame in canvas pixels: its size and centre at `scale`, else the canvas;
  /// the top-left corner rounded to the nearest whole pixel.
  static func frame(of layer: ImageStackLayout.Layer, canvas: PixelSize, scale: Int) -> ImageRegion {
    let factor = Double(scale)
    let width = layer.frameSize.map { max(1, Int(($0.width * factor).rounded())) } ?? canvas.width
    let height = layer.frameSize.map { max(1, Int(($0.height * factor).rounded())) } ?? canvas.height
    let centre =
      layer.frameCenter.map { ($0.x * factor, $0.y * factor) } ?? (
        Double(canvas.width) / 2, Double(canvas.height) / 2
      )
    return ImageRegion(
      x: Int((centre.0 - Double(width) / 2).rounded()), y: Int((centre.1 - Double(height) / 2).rounded()),
      width: width, height: height)
  }

  /// `image` as 8-bit RGBA samples (16-bit rounded, opaque where it has no alpha).
  static func rgba8(_ image: Image) -> [UInt8] {
    let count = image.width * image.height
    if case .uint8(let samples) = image.storage, image.layout == .rgba { return samples }
    let channels = image.layout.channels
    let kept = image.layout.hasAlpha ? 4 : 3
    var out = [UInt8](repeating: 255, count: count * 4)
    out.withUnsafeMutableBufferPointer { out in
      switch image.storage {
      case .uint8(let samples):
        samples.withUnsafeBufferPointer { samples in
          for pixel in 0..<count {
            for channel in 0..<kept { out[pixel * 4 + channel] = samples[pixel * channels + channel] }
          }
        }
      case .uint16(let samples):
        samples.withUnsafeBufferPointer { samples in
          for pixel in 0..<count {
            for channel in 0..<kept {
              out[pixel * 4 + channel] = UInt8((UInt32(samples[pixel * channels + channel]) * 255 + 32767) / 65535)
            }
          }
        }
      }
    }
    return out
  }

  /// Draws `layer` (RGBA, `frame`'s size) over `canvas` at `frame`, source over; says whether
  /// every one of its pixels was opaque and where its visible ones fell on the canvas.
  static func draw(
    _ layer: [UInt8], at frame: ImageRegion, onto canvas: inout [UInt8], canvas size: PixelSize
  ) -> (opaque: Bool, content: ImageRegion?) {
    var opaque = true
    var (left, top, right, bottom) = (Int.max, Int.max, Int.min, Int.min)
    layer.withUnsafeBufferPointer { layer in
      canvas.withUnsafeMutableBufferPointer { canvas in
        for row in 0..<frame.height {
          let y = frame.y + row
          for column in 0..<frame.width {
            let from = (row * frame.width + column) * 4
            let alpha = layer[from + 3]
            if alpha < 255 { opaque = false }
            let x = frame.x + column
            guard alpha > 0, x >= 0, y >= 0, x < size.width, y < size.height else { continue }
            if x < left { left = x }
            if x > right { right = x }
            if y < top { top = y }
            if y > bottom { bottom = y }
            over(layer, from, canvas, (y * size.width + x) * 4)
          }
        }
      }
    }
    let content =
      left <= right ? ImageRegion(x: left, y: top, width: right - left + 1, height: bottom - top + 1) : nil
    return (opaque, content)
  }

  /// One pixel of `source` at `from` (alpha above 0) drawn over the one of `target` at `to`,
  /// in whole numbers scaled by 255: alpha a = aₛ + a_d(1 − aₛ), colour (cₛaₛ + c_d a_d(1 −
  /// aₛ)) / a, each rounded to nearest.
  @inline(__always)
  static func over(
    _ source: UnsafeBufferPointer<UInt8>, _ from: Int, _ target: UnsafeMutableBufferPointer<UInt8>, _ to: Int
  ) {
    let sourceAlpha = UInt32(source[from + 3])
    let below = UInt32(target[to + 3]) * (255 - sourceAlpha)  // a_d(1 − aₛ), × 255²
    if below == 0 {  // an opaque source, or nothing under it: the source as it is
      for channel in 0..<4 { target[to + channel] = source[from + channel] }
      return
    }
    let alpha = sourceAlpha * 255 + below  // × 255²
    for channel in 0..<3 {
      let value = UInt32(source[from + channel]) * sourceAlpha * 255 + UInt32(target[to + channel]) * below
      target[to + channel] = UInt8((value + alpha / 2) / alpha)
    }
    target[to + 3] = UInt8((alpha + 127) / 255)
  }

  /// The canvas as an image: RGB when no pixel is less than opaque.
  static func finished(_ samples: [UInt8], canvas: PixelSize, profile: [UInt8]?) -> Image {
    let opaque = stride(from: 3, to: samples.count, by: 4).allSatisfy { samples[$0] == 255 }
    guard opaque else {
      return Image(
        width: canvas.width, height: canvas.height, layout: .rgba, storage: .uint8(samples), iccProfile: profile)
    }
    var rgb = [UInt8](repeating: 0, count: canvas.width * canvas.height * 3)
    for pixel in 0..<(canvas.width * canvas.height) {
      rgb[pixel * 3] = samples[pixel * 4]
      rgb[pixel * 3 + 1] = samples[pixel * 4 + 1]
      rgb[pixel * 3 + 2] = samples[pixel * 4 + 2]
    }
    return Image(width: canvas.width, height: canvas.height, layout: .rgb, storage: .uint8(rgb), iccProfile: profile)
  }
}
