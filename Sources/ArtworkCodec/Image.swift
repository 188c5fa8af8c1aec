/// How the channels of a pixel are laid out, in memory order.
public enum ChannelLayout: Int, Sendable, CaseIterable, CustomStringConvertible {
  /// One grey channel.
  case gray = 1
  /// Grey, then alpha.
  case grayAlpha = 2
  /// Red, green, blue.
  case rgb = 3
  /// Red, green, blue, then alpha (straight, not premultiplied).
  case rgba = 4

  /// Samples per pixel.
  public var channels: Int { rawValue }
  /// Whether the last channel is alpha.
  public var hasAlpha: Bool { self == .grayAlpha || self == .rgba }
  /// The same colour channels without alpha.
  public var withoutAlpha: ChannelLayout { self == .grayAlpha ? .gray : self == .rgba ? .rgb : self }

  /// "gray", "gray+alpha", "RGB" or "RGBA".
  public var description: String {
    switch self {
    case .gray: "gray"
    case .grayAlpha: "gray+alpha"
    case .rgb: "RGB"
    case .rgba: "RGBA"
    }
  }
}

/// The samples of an image, 8 or 16 bits each, row-major, channels interleaved.
public enum PixelStorage: Sendable, Equatable {
  /// 8-bit samples.
  case uint8([UInt8])
  /// 16-bit samples (16-bit PNG and TIFF; 10- and 12-bit HEIF and AVIF).
  case uint16([UInt16])

  /// Bits per sample.
  public var bitDepth: Int {
    switch self {
    case .uint8: 8
    case .uint16: 16
    }
  }

  /// Number of samples held.
  public var count: Int {
    switch self {
    case .uint8(let samples): samples.count
    case .uint16(let samples): samples.count
    }
  }
}

/// A decoded image: its size, channel layout, samples and colour profile.
public struct Image: Sendable, Equatable {
  /// The width in pixels.
  public var width: Int
  /// The height in pixels.
  public var height: Int
  /// How each pixel's channels are laid out.
  public var layout: ChannelLayout
  /// The samples, row by row.
  public var storage: PixelStorage
  /// The embedded ICC profile, byte for byte, when the file carried one.
  public var iccProfile: [UInt8]?

  /// An image from its size, layout and samples (`width` × `height` × channels of them).
  public init(
    width: Int, height: Int, layout: ChannelLayout, storage: PixelStorage,
    iccProfile: [UInt8]? = nil
  ) {
    precondition(width > 0 && height > 0, "an image has at least one pixel")
    precondition(storage.count == width * height * layout.channels, "storage does not fit")
    self.width = width
    self.height = height
    self.layout = layout
    self.storage = storage
    self.iccProfile = iccProfile
  }

  /// An 8-bit image with every pixel set to `pixel` (one sample per channel).
  public init(width: Int, height: Int, layout: ChannelLayout, filledWith pixel: [UInt8]) {
    precondition(pixel.count == layout.channels)
    var samples = [UInt8](repeating: 0, count: width * height * layout.channels)
    for index in stride(from: 0, to: samples.count, by: layout.channels) {
      for channel in 0..<layout.channels { samples[index + channel] = pixel[channel] }
    }
    self.init(width: width, height: height, layout: layout, storage: .uint8(samples))
  }

  /// Bits per sample: 8 or 16.
  public var bitDepth: Int { storage.bitDepth }

  /// The samples of the pixel at (x, y), widened to Int.
  public func pixel(x: Int, y: Int) -> [Int] {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside the image")
    let start = (y * width + x) * layout.channels
    switch storage {
    case .uint8(let samples): return (0..<layout.channels).map { Int(samples[start + $0]) }
    case .uint16(let samples): return (0..<layout.channels).map { Int(samples[start + $0]) }
    }
  }
}
