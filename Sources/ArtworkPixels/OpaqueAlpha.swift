import ArtworkCodec

extension Image {
  /// The image without its alpha channel when every pixel is fully opaque (many PNGs carry
  /// an alpha channel they never use), else the image itself. Previews are opaque canvases,
  /// so nothing changes but the path: an opaque 8-bit image resamples in fixed point.
  public func droppingOpaqueAlpha() -> Image {
    guard layout.hasAlpha else { return self }
    let channels = layout.channels
    let colours = channels - 1
    func stripped<S: PixelSample>(_ samples: [S]) -> [S]? {
      samples.withUnsafeBufferPointer { input in
        for index in stride(from: colours, to: input.count, by: channels) where input[index] != S.max { return nil }
        return [S](unsafeUninitializedCapacity: width * height * colours) { out, count in
          for pixel in 0..<width * height {
            for c in 0..<colours { out[pixel * colours + c] = input[pixel * channels + c] }
          }
          count = width * height * colours
        }
      }
    }
    let storage: PixelStorage
    switch self.storage {
    case .uint8(let samples):
      guard let colour = stripped(samples) else { return self }
      storage = .uint8(colour)
    case .uint16(let samples):
      guard let colour = stripped(samples) else { return self }
      storage = .uint16(colour)
    }
    return Image(width: width, height: height, layout: layout.withoutAlpha, storage: storage, iccProfile: iccProfile)
  }
}
