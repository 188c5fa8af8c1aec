import CImageIO

/// A LittleCMS transform from one profile's pixels to RGB pixels of another, safe to run on
/// several threads at once. A nil profile stands for sRGB.
public final class ColourTransform: @unchecked Sendable {
  private let handle: OpaquePointer
  /// The profile of the pixels it makes (nil: sRGB, untagged).
  public let target: ColourProfile?
  private let input: Format

  /// The layouts LittleCMS converts, as CImageIO names them.
  private enum Format: Hashable {
    case pixels(ChannelLayout, bitDepth: Int)
    case cmyk(inverted: Bool)

    var code: Int32 {
      switch self {
      case .cmyk(let inverted):
        Int32((inverted ? CIMAGEIO_PIXELS_CMYK8_INVERTED : CIMAGEIO_PIXELS_CMYK8).rawValue)
      case .pixels(let layout, let bitDepth):
        Int32(layout.rawValue + (bitDepth == 16 ? 4 : 0))  // GRAY8 = 1 … RGBA8 = 4, then 16-bit
      }
    }

    /// The same alpha, in colour.
    var rgbOutput: Format {
      switch self {
      case .cmyk: .pixels(.rgb, bitDepth: 8)
      case .pixels(let layout, let bitDepth): .pixels(layout.hasAlpha ? .rgba : .rgb, bitDepth: bitDepth)
      }
    }
  }

  /// Converts gray or RGB pixels (8 or 16 bits, alpha copied) from `source` to RGB in `target`.
  public convenience init(
    from source: ColourProfile?, layout: ChannelLayout, bitDepth: Int, to target: ColourProfile?,
    intent: RenderingIntent
  ) throws(ProfileError) {
    try self.init(source, .pixels(layout, bitDepth: bitDepth), to: target, intent: intent)
  }

  /// Converts 8-bit CMYK (`inverted`: 0 is full ink, as Adobe writes) from `source` to RGB in
  /// `target`.
  public convenience init(
    cmykFrom source: ColourProfile, inverted: Bool, to target: ColourProfile?, intent: RenderingIntent
  ) throws(ProfileError) {
    try self.init(source, .cmyk(inverted: inverted), to: target, intent: intent)
  }

  private init(
    _ source: ColourProfile?, _ input: Format, to target: ColourProfile?, intent: RenderingIntent
  ) throws(ProfileError) {
    var error = cimageio_error()
    let from = source?.bytes ?? []
    let to = target?.bytes ?? []
    let handle = from.withUnsafeBufferPointer { from in
      to.withUnsafeBufferPointer { to in
        cimageio_transform_new(
          source == nil ? nil : from.baseAddress, from.count, input.code, target == nil ? nil : to.baseAddress,
          to.count, input.rgbOutput.code, intent.iccValue, 1, &error)
      }
    }
    guard let handle else { throw .unusable(reason: cText(error.message)) }
    self.handle = handle
    self.target = target
    self.input = input
  }

  deinit { cimageio_transform_free(handle) }

  /// The C transform, for a CMYK decode.
  var cHandle: OpaquePointer { handle }

  /// `image` converted: RGB (or RGBA) at its bit depth, tagged with the target profile.
  public func apply(to image: Image) -> Image {
    precondition(input == .pixels(image.layout, bitDepth: image.bitDepth), "the transform is for other pixels")
    let layout: ChannelLayout = image.layout.hasAlpha ? .rgba : .rgb
    let pixels = image.width * image.height
    let count = pixels * layout.channels
    let storage: PixelStorage
    switch image.storage {
    case .uint8(let samples):
      storage = .uint8(
        [UInt8](unsafeUninitializedCapacity: count) { out, done in
          samples.withUnsafeBytes { cimageio_transform_rows(handle, $0.baseAddress, out.baseAddress, pixels) }
          done = count
        })
    case .uint16(let samples):
      storage = .uint16(
        [UInt16](unsafeUninitializedCapacity: count) { out, done in
          samples.withUnsafeBytes { cimageio_transform_rows(handle, $0.baseAddress, out.baseAddress, pixels) }
          done = count
        })
    }
    return Image(
      width: image.width, height: image.height, layout: layout, storage: storage, iccProfile: target?.bytes)
  }

  /// One colour converted (an 8-bit RGB transform only).
  public func convert(_ colour: RGB) -> RGB {
    precondition(input == .pixels(.rgb, bitDepth: 8), "colours convert through an 8-bit RGB transform")
    let samples = [colour.r, colour.g, colour.b]
    var out: [UInt8] = [0, 0, 0]
    samples.withUnsafeBytes { inBytes in
      out.withUnsafeMutableBytes { cimageio_transform_rows(handle, inBytes.baseAddress, $0.baseAddress, 1) }
    }
    return RGB(out[0], out[1], out[2])
  }
}
