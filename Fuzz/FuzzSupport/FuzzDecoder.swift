import Artwork
@_spi(Support) import ArtworkSupport
import Foundation

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
  let ordinary = Result { () throws(ImageError) in
    try ImageDecoder.decode(
      data: bytes, name: "fuzz", shrink: info.shrinksOnLoad ? shrink : 1, limits: fuzzLimits, cmyk: cmyk)
  }
  switch ordinary {
  case .success(let image):
    let factor = info.shrinksOnLoad ? shrink : 1
    let expected = ((info.width + factor - 1) / factor, (info.height + factor - 1) / factor)
    guard image.width == expected.0, image.height == expected.1, image.layout == info.layout else {
      fatalError("decode gave \(image.width)×\(image.height) \(image.layout), probe said \(expected) \(info.layout)")
    }
  case .failure(let error): _ = error.description
  }
  if info.format == .jpeg { fuzzScanSplit(bytes, shrink: shrink, cmyk: cmyk, ordinary: ordinary) }
  // A gain map held as an item of its file (a HEIF's) decodes or fails with an error.
  if info.gainMap != nil, info.gainMapImage == nil {
    _ = try? ImageDecoder.decodeGainMapItem(data: bytes, name: "fuzz", limits: fuzzLimits)
  }
}

/// A progressive JPEG's two scan-split parts, decoded at once (part 1 at 1/8 on a thread of
/// its own, as a region render's crop map would be): each must give the ordinary decode's
/// pixels, or fail where it fails.
private func fuzzScanSplit(
  _ bytes: [UInt8], shrink: Int, cmyk: ColourTransform?, ordinary: Result<Image, ImageError>
) {
  guard let split = JPEGScanSplit(bytes: bytes, limits: fuzzLimits) else { return }
  let (part0, part1) = split.parts
  let mapped = ThreadWork {
    Result { () throws(ImageError) in
      try ImageDecoder.decode(
        data: bytes, name: "fuzz", shrink: 8, region: nil, limits: fuzzLimits, cmyk: cmyk, scans: part1)
    }
  }
  let mine = Result { () throws(ImageError) in
    try ImageDecoder.decode(
      data: bytes, name: "fuzz", shrink: shrink, region: nil, limits: fuzzLimits, cmyk: cmyk, scans: part0)
  }
  let other = mapped.wait()
  let small = Result { () throws(ImageError) in
    try ImageDecoder.decode(data: bytes, name: "fuzz", shrink: 8, limits: fuzzLimits, cmyk: cmyk)
  }
  for (split, whole) in [(mine, ordinary), (other, small)] {
    switch (split, whole) {
    case (.success(let a), .success(let b)):
      guard a == b else { fatalError("a scan-split part's pixels differ from the ordinary decode's") }
    case (.failure, .failure): break
    case (.success, .failure): fatalError("a scan-split part decoded what the ordinary decode refused")
    case (.failure(let error), .success):
      fatalError("a scan-split part failed where the ordinary decode did not: \(error)")
    }
  }
}
