extension Image {
  /// A gray image as RGB (each gray sample copied to R, G and B; alpha kept); other layouts
  /// unchanged.
  public func widenedToRGB() -> Image {
    guard layout.withoutAlpha == .gray else { return self }
    let alpha = layout.hasAlpha
    let wide: ChannelLayout = alpha ? .rgba : .rgb
    func widen<Sample>(_ samples: [Sample]) -> [Sample] {
      var out: [Sample] = []
      out.reserveCapacity(width * height * wide.channels)
      for index in stride(from: 0, to: samples.count, by: layout.channels) {
        let gray = samples[index]
        out.append(gray)
        out.append(gray)
        out.append(gray)
        if alpha { out.append(samples[index + 1]) }
      }
      return out
    }
    let storage: PixelStorage =
      switch self.storage {
      case .uint8(let samples): .uint8(widen(samples))
      case .uint16(let samples): .uint16(widen(samples))
      }
    return Image(width: width, height: height, layout: wide, storage: storage, iccProfile: iccProfile)
  }
}
