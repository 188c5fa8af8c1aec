/// Writes images as PNG or JPEG bytes.
public enum ImageEncoder {
  /// PNG bytes: 8 or 16 bits as the image holds them, alpha kept, ICC profile embedded.
  ///
  /// 8-bit images with adaptive filters go through `PNGWriter` (artfit's deflate of runs or
  /// libdeflate by `effort`); 16-bit images and fixed filters through libpng and zlib, at the
  /// zlib level of the effort's number.
  ///
  /// - Parameters:
  ///   - effort: 0 stores, 1 is the fastest, 9 the smallest.
  ///   - filter: nil for adaptive row filters, or 0...4 for one fixed filter (libpng).
  ///   - threads: how many threads may filter one 8-bit image's bands (and at effort 1
  ///     compress them).
  public static func png(
    _ image: Image, effort: PNGEffort = .fastest, filter: Int? = nil, threads: Int = 1, name: String = "<memory>"
  ) throws(ImageError) -> [UInt8] {
    if filter == nil, case .uint8 = image.storage {
      return try PNGWriter().withPNG(of: image, effort: effort, threads: threads, name: name) { Array($0) }
    }
    return try rawEncodePNG(image, level: effort.rawValue, filter: filter ?? -1, file: name)
  }

  /// JPEG bytes (baseline or progressive). 16-bit samples are rounded to 8 bits and alpha
  /// is composited over `background` (8-bit gray or RGB, as the image is).
  public static func jpeg(
    _ image: Image, quality: Int = 90, progressive: Bool = false,
    background: [UInt8] = [0, 0, 0], name: String = "<memory>"
  ) throws(ImageError) -> [UInt8] {
    precondition((1...100).contains(quality), "JPEG quality is 1...100")
    let flat = image.flattened(over: background)
    guard case .uint8(let samples) = flat.storage else { preconditionFailure("flattened is 8-bit") }
    return try rawEncodeJPEG(
      samples: samples, width: flat.width, height: flat.height, channels: flat.layout.channels,
      quality: quality, progressive: progressive, icc: image.iccProfile, file: name)
  }
}

extension Image {
  /// An 8-bit copy without alpha: 16-bit samples rounded, alpha composited over
  /// `background` (one value per colour channel; gray uses the first).
  public func flattened(over background: [UInt8]) -> Image {
    let channels = layout.channels
    let colours = layout.withoutAlpha.channels
    let pixelCount = width * height
    func sample(_ index: Int) -> Int {
      switch storage {
      case .uint8(let samples): Int(samples[index])
      case .uint16(let samples): (Int(samples[index]) * 255 + 32767) / 65535
      }
    }
    if !layout.hasAlpha, case .uint8 = storage { return self }
    var out = [UInt8](repeating: 0, count: pixelCount * colours)
    for pixel in 0..<pixelCount {
      let alpha = layout.hasAlpha ? sample(pixel * channels + channels - 1) : 255
      for channel in 0..<colours {
        let value = sample(pixel * channels + channel)
        let back = Int(background[min(channel, background.count - 1)])
        out[pixel * colours + channel] = UInt8((value * alpha + back * (255 - alpha) + 127) / 255)
      }
    }
    return Image(
      width: width, height: height, layout: layout.withoutAlpha, storage: .uint8(out), iccProfile: iccProfile)
  }
}
