import ArtworkCodec
import ArtworkGeometry
import ArtworkPixels

/// Where an artwork's pictures come from: every preview, the crop map and an asset image ask
/// for "this rect of the source (in the geometry's full-size pixels) at this size". A decode
/// answers by resampling (once per picture); a vector document by drawing that rect at that
/// size, so a vector is never rasterised once and resampled.
enum PictureSource {
  /// A decode at 1/`shrink` of the source, or only the part of that at `origin`.
  case decoded(Image, shrink: Int, origin: ImageRegion?)
  /// An SVG or PDF, drawn at each picture's own pixels.
  case vector(VectorDocument)

  /// `rect` of the source (nil: all of it) in `size` pixels, as the file stores its colour; a
  /// resampled picture in the memory of `storage` when it is 8-bit, opaque and fits there.
  func picture(
    of rect: Rect?, size: PixelSize, options: ResampleOptions, reusing storage: consuming [UInt8] = []
  ) throws(ImageError) -> Image {
    switch self {
    case .decoded(let image, let shrink, let origin):
      let decodedRect = rect.map {
        $0.scaled(by: 1 / Double(shrink)).offsetBy(dx: -Double(origin?.x ?? 0), dy: -Double(origin?.y ?? 0))
      }
      return Resampler.resample(image, from: decodedRect, to: size, options: options, reusing: consume storage)
    case .vector(let document):
      let whole = Rect(x: 0, y: 0, width: Double(document.pixelWidth), height: Double(document.pixelHeight))
      let drawn = rect ?? whole
      return try document.draw(
        x: drawn.x, y: drawn.y, width: drawn.width, height: drawn.height, into: (size.width, size.height))
    }
  }

  /// The size of the crop map: a decode's pixels at most `CropMapSize.longSide` on the long
  /// side; a vector's drawn at exactly that (it has the detail at any size).
  var cropMapSize: PixelSize {
    let (width, height, mayGrow): (Int, Int, Bool)
    switch self {
    case .decoded(let image, _, _): (width, height, mayGrow) = (image.width, image.height, false)
    case .vector(let document): (width, height, mayGrow) = (document.pixelWidth, document.pixelHeight, true)
    }
    let factor = Double(CropMapSize.longSide) / Double(max(width, height))
    let scale = mayGrow ? factor : min(1, factor)
    return PixelSize(
      max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
  }
}
