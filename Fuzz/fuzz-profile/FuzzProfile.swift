import Artwork

// libFuzzer entry point: read arbitrary bytes as an ICC profile with LittleCMS and, when
// they read, convert a few pixels through a transform built from them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProfile(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  guard let profile = try? ColourProfile(reading: Array(UnsafeBufferPointer(start: start, count: count))) else {
    return 0
  }
  let ramp = (0..<64).map { UInt8($0 * 4) }
  switch profile.space {
  case .cmyk:
    // Through a decode, as a CMYK JPEG with this profile would go.
    _ = try? ColourTransform(cmykFrom: profile, inverted: true, to: .displayP3, intent: .perceptual)
  case .gray:
    let image = Image(width: 8, height: 8, layout: .gray, storage: .uint8(ramp))
    if let transform = try? ColourTransform(from: profile, layout: .gray, bitDepth: 8, to: .sRGB, intent: .relative) {
      _ = transform.apply(to: image)
    }
  case .rgb:
    let image = Image(width: 4, height: 4, layout: .rgba, storage: .uint16(ramp.map { UInt16($0) * 257 }))
    if let transform = try? ColourTransform(
      from: profile, layout: .rgba, bitDepth: 16, to: .displayP3, intent: .absolute)
    {
      _ = transform.apply(to: image)
    }
  }
  return 0
}
