import ArtworkCodec
import ArtworkGeometry
import ArtworkPixels
import Foundation

/// An artwork's HDR gain map carried into its JPEG previews: the map decoded upright and
/// recoded so one code means no gain, cut from the same rect of the source as each preview's
/// picture and resized with it (bilinear), and written with the preview as an Ultra HDR JPEG.
/// Where the preview shows anything but the artwork (bars, the overlays artfit draws), the map
/// holds the no-gain code over whole JPEG blocks, so those pixels show exactly the SDR image.
struct GainMapCarrier: Sendable {
  /// The map, upright, recoded, 8-bit gray or RGB.
  let map: Image
  /// The figures written with it (`GainMapFigures.recodedForNoGain`).
  let figures: GainMapFigures
  /// The code, per channel of the map, that means no gain.
  let noGain: [UInt8]
  /// Map pixels per source pixel, across and down.
  let scale: (x: Double, y: Double)

  /// The map `read` as `format` previews of a `source`-sized artwork carry it; nil when that
  /// format cannot (`whyNot` says so).
  init?(_ read: GainMapImage, format: RenderOptions.PreviewFormat, source: PixelSize) {
    guard format.carriesGainMaps else { return nil }
    self.init(read.map, figures: read.figures, source: source)
  }

  /// Why `format` previews do not carry a gain map artfit read, when they do not.
  static func whyNot(_ format: RenderOptions.PreviewFormat) -> String? {
    format.carriesGainMaps ? nil : "\(format.rawValue.uppercased()) previews are SDR (JPEG previews carry it)"
  }

  private init(_ decoded: Image, figures: GainMapFigures, source: PixelSize) {
    let recoded = figures.recodedForNoGain()
    let channels = decoded.layout.channels
    guard case .uint8(var samples) = decoded.storage else { preconditionFailure("8-bit") }
    // Unchanged figures mean every table is the identity (a range already starting at 0).
    if recoded.figures != figures {
      for index in samples.indices { samples[index] = recoded.table[index % channels][Int(samples[index])] }
    }
    var written = recoded.figures
    // A gray map's one channel codes all three.
    if channels == 1 { written.channels = 1 }
    map = Image(
      width: decoded.width, height: decoded.height, layout: decoded.layout, storage: .uint8(samples),
      iccProfile: figures.alternateColourSpace ? decoded.iccProfile : nil)
    self.figures = written
    noGain = Array(recoded.noGain.prefix(channels))
    scale = (Double(decoded.width) / Double(source.width), Double(decoded.height) / Double(source.height))
  }

  /// The map under `rect` of the source, at `size` pixels.
  func picture(of rect: Rect, size: PixelSize) -> Image {
    let inMap = Rect(
      x: rect.x * scale.x, y: rect.y * scale.y, width: rect.width * scale.x, height: rect.height * scale.y)
    return Resampler.resample(map, from: inMap, to: size, options: ResampleOptions(kernel: .bilinear, threads: 1))
  }

  /// The map of a preview of `size` whose picture (`picture`, the map's share of it) lies at
  /// `origin`: the picture's codes where the preview shows the artwork, the no-gain code over
  /// every JPEG block that holds a pixel outside it or one the overlays changed (`before` and
  /// `after` are the preview's RGB samples before and after they were drawn).
  func canvas(
    _ picture: Image, at origin: (x: Int, y: Int), size: PixelSize, before: [UInt8], after: [UInt8]
  ) -> Image {
    let channels = map.layout.channels
    // The encoder's block: 8 pixels for gray, 16 for colour (its chroma is halved both ways).
    let block = channels == 1 ? 8 : 16
    let across = (size.width + block - 1) / block
    let inside = (
      x: (origin.x..<origin.x + picture.width).clamped(to: 0..<size.width),
      y: (origin.y..<origin.y + picture.height).clamped(to: 0..<size.height)
    )
    let sdr = sdrBlocks(size: size, block: block, inside: inside, before: before, after: after)
    guard case .uint8(let codes) = picture.storage else { preconditionFailure("8-bit") }
    var out = [UInt8](repeating: 0, count: size.width * size.height * channels)
    out.withUnsafeMutableBufferPointer { out in
      codes.withUnsafeBufferPointer { codes in
        let rowBytes = size.width * channels
        for y in 0..<size.height {
          let row = out.baseAddress! + y * rowBytes
          // The picture's codes along the row, then the no-gain code over each SDR block.
          if inside.y.contains(y), !inside.x.isEmpty {
            let from = ((y - origin.y) * picture.width + (inside.x.lowerBound - origin.x)) * channels
            (row + inside.x.lowerBound * channels).update(
              from: codes.baseAddress! + from, count: inside.x.count * channels)
          }
          let blocks = y / block * across
          for column in 0..<across where sdr[blocks + column] {
            for x in column * block..<min(size.width, (column + 1) * block) {
              for channel in 0..<channels { row[x * channels + channel] = noGain[channel] }
            }
          }
        }
      }
    }
    return Image(
      width: size.width, height: size.height, layout: map.layout, storage: .uint8(out), iccProfile: map.iccProfile)
  }

  /// Which blocks of a `size` RGB preview show anything but the artwork: a pixel outside
  /// `inside` (where the picture lies), or one whose samples differ between `before` and
  /// `after` (the overlays). Row by row, a block's run of bytes compared at once.
  private func sdrBlocks(
    size: PixelSize, block: Int, inside: (x: Range<Int>, y: Range<Int>), before: [UInt8], after: [UInt8]
  ) -> [Bool] {
    let across = (size.width + block - 1) / block
    var sdr = [Bool](repeating: false, count: across * ((size.height + block - 1) / block))
    before.withUnsafeBytes { before in
      after.withUnsafeBytes { after in
        for y in 0..<size.height {
          let blocks = y / block * across
          for column in 0..<across where !sdr[blocks + column] {
            let x0 = column * block
            let x1 = min(size.width, x0 + block)
            if !inside.y.contains(y) || x0 < inside.x.lowerBound || x1 > inside.x.upperBound {
              sdr[blocks + column] = true
              continue
            }
            let at = (y * size.width + x0) * 3
            if memcmp(before.baseAddress! + at, after.baseAddress! + at, (x1 - x0) * 3) != 0 {
              sdr[blocks + column] = true
            }
          }
        }
      }
    }
    return sdr
  }

  /// The Ultra HDR JPEG of an SDR preview and its map.
  func file(sdr: Image, map: Image, quality: Int, name: String) throws(ImageError) -> [UInt8] {
    let primary = try ImageEncoder.jpeg(sdr, quality: quality, name: name)
    let encodedMap = try ImageEncoder.jpeg(map, quality: quality, name: name)
    return UltraHDRJPEG.assemble(primary: primary, map: encodedMap, figures: figures)
  }
}

extension RenderOptions.PreviewFormat {
  /// Whether previews in this format carry an HDR gain map: JPEG's as Ultra HDR.
  var carriesGainMaps: Bool { self == .jpeg }
}
