import Artwork

/// Limits small enough that the fuzzer explores parsing, not allocation of huge canvases.
let fuzzLimits = ImageLimits(maxPixels: 1 << 22, maxFileBytes: 1 << 22, maxJPEGScans: 100, maxChunkBytes: 1 << 20)

/// Probes and decodes `bytes`; inputs without `magic` get it prepended so that every run
/// reaches the decoder rather than the format sniffer.
public func fuzzDecoder(_ input: [UInt8], magic: [UInt8]) {
  let bytes = input.starts(with: magic) ? input : magic + input
  let shrink = [1, 2, 4, 8][Int(bytes.last ?? 0) & 3]
  let info: ImageInfo
  do {
    info = try ImageDecoder.probe(data: bytes, name: "fuzz", limits: fuzzLimits)
  } catch {
    _ = error.description
    return
  }
  // A CMYK JPEG whose profile reads decodes through LittleCMS, as a render would.
  let cmyk = info.cmyk.flatMap { storage in
    info.iccProfile.flatMap { bytes in
      (try? ColourProfile(reading: bytes)).flatMap { profile in
        profile.space == .cmyk
          ? try? ColourTransform(cmykFrom: profile, inverted: storage == .inverted, to: .sRGB, intent: .relative) : nil
      }
    }
  }
  do {
    let image = try ImageDecoder.decode(
      data: bytes, name: "fuzz", shrink: info.format == .jpeg ? shrink : 1, limits: fuzzLimits, cmyk: cmyk)
    let factor = info.format == .jpeg ? shrink : 1
    let expected = ((info.width + factor - 1) / factor, (info.height + factor - 1) / factor)
    guard image.width == expected.0, image.height == expected.1, image.layout == info.layout else {
      fatalError("decode gave \(image.width)×\(image.height) \(image.layout), probe said \(expected) \(info.layout)")
    }
  } catch {
    _ = error.description
  }
}
