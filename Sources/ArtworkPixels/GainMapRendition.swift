import ArtworkCodec
import Foundation

/// An HDR base image taken down to the SDR rendition its gain map describes (ISO 21496-1,
/// applied for a display with no headroom): per pixel and channel, the base's light relative
/// to SDR white plus its offset, times 2 to the map's log2 gain (weighted as the figures
/// say), less the alternate's offset, clipped to SDR and sRGB-encoded at 16 bits. The map is
/// sampled bilinearly at each pixel's centre, as a map smaller than its image is scaled up.
public enum GainMapRendition {
  /// `base` (upright, its samples the HDR signal) with `map` (upright, 8-bit gray or RGB)
  /// applied under `figures`; `light[sample]` is the linear light of each stored sample
  /// (`HDRTransfer.relativeLight`, one entry per code of the base's bit depth). `conversion`
  /// (a row-major 3×3 matrix, nil for none) takes the base's light into the colour space the
  /// gain applies in, the alternate's where the figures say so; the rendition is in that
  /// space, tagged `profile`. Alpha is kept. Up to `threads` threads draw bands of rows.
  public static func sdr(
    base: Image, light: [Float], conversion: [Double]? = nil, map: Image, figures: GainMapFigures, profile: [UInt8],
    threads: Int = 1
  ) -> Image {
    precondition(light.count == 1 << base.bitDepth, "one light per stored code")
    precondition(
      base.layout.withoutAlpha.channels == 3 || conversion == nil, "a conversion between primaries takes three channels"
    )
    let pass = RenditionPass(base: base, light: light, conversion: conversion, map: map, figures: figures)
    // Bands of rows, each written by one worker: the samples are the same for any number of threads.
    let bandRows = 16
    let bands = (base.height + bandRows - 1) / bandRows
    let workers = max(1, min(threads, bands))
    let count = base.width * base.height * base.layout.channels
    let out = [UInt16](unsafeUninitializedCapacity: count) { buffer, initialized in
      let target = SendableBuffer(buffer.baseAddress!)
      DispatchQueue.concurrentPerform(iterations: workers) { worker in
        for band in stride(from: worker, to: bands, by: workers) {
          pass.draw(rows: band * bandRows..<min((band + 1) * bandRows, base.height), into: target.pointer)
        }
      }
      initialized = count
    }
    return Image(
      width: base.width, height: base.height, layout: base.layout, storage: .uint16(out), iccProfile: profile)
  }

  /// How much of the map's gain a display with no headroom takes: ISO 21496-1's weight,
  /// (0 − base headroom) / (alternate headroom − base headroom) clamped to 0...1, negative
  /// when the alternate has less headroom than the base (the map codes the gain toward more).
  public static func weightForSDR(_ figures: GainMapFigures) -> Double {
    let span = figures.alternateHeadroom - figures.baseHeadroom
    guard span != 0 else { return 0 }
    let weight = min(1, max(0, -figures.baseHeadroom / span))
    return span < 0 ? -weight : weight
  }
}

/// What `GainMapRendition.sdr` works from, prepared once: the base's stored samples, the map's
/// codes, the figures as single floats and the sRGB encoding table.
private struct RenditionPass: Sendable {
  let width: Int
  let channels: Int
  let colours: Int
  let mapChannels: Int
  let mapWidth: Int
  let light: [Float]
  let matrix: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)?
  let weight: Float
  let ranges: [(Float, Float)]
  let inverseGammas: [Float]
  let offsets: [(Float, Float)]
  let codes: [UInt8]
  let stored: [UInt16]
  let sampler: MapSampler
  let columns: [(Int, Int, t: Float)]
  let alphaScale: Float

  init(base: Image, light: [Float], conversion: [Double]?, map: Image, figures: GainMapFigures) {
    width = base.width
    channels = base.layout.channels
    colours = base.layout.withoutAlpha.channels
    mapChannels = map.layout.channels
    mapWidth = map.width
    self.light = light
    matrix = conversion.map { m in
      (
        SIMD3<Float>(Float(m[0]), Float(m[1]), Float(m[2])), SIMD3<Float>(Float(m[3]), Float(m[4]), Float(m[5])),
        SIMD3<Float>(Float(m[6]), Float(m[7]), Float(m[8]))
      )
    }
    weight = Float(GainMapRendition.weightForSDR(figures))
    ranges = (0..<3).map { (Float(figures.gainMin[$0]), Float(figures.gainMax[$0] - figures.gainMin[$0])) }
    inverseGammas = figures.gamma.map { Float(1 / $0) }
    offsets = (0..<3).map { (Float(figures.baseOffset[$0]), Float(figures.alternateOffset[$0])) }
    guard case .uint8(let codes) = map.storage else { preconditionFailure("an 8-bit map") }
    self.codes = codes
    stored =
      switch base.storage {
      case .uint8(let samples): samples.map(UInt16.init)
      case .uint16(let samples): samples
      }
    sampler = MapSampler(width: map.width, height: map.height, imageWidth: base.width, imageHeight: base.height)
    columns = (0..<base.width).map(sampler.columns)
    alphaScale = 65535 / Float((1 << base.bitDepth) - 1)
  }

  /// Rows `rows` of the rendition, written into `out` (the whole image's samples).
  func draw(rows: Range<Int>, into out: UnsafeMutablePointer<UInt16>) {
    codes.withUnsafeBufferPointer { codes in
      stored.withUnsafeBufferPointer { stored in
        light.withUnsafeBufferPointer { light in
          SRGBEncoding.values.withUnsafeBufferPointer { encoding in
            for y in rows {
              let mapRows = sampler.rows(y)
              let (above, below) = (mapRows.0 * mapWidth, mapRows.1 * mapWidth)
              for x in 0..<width {
                let column = columns[x]
                let at = (y * width + x) * channels
                // Held in a SIMD value, not an array: no allocation per pixel.
                var lights = SIMD3<Float>(repeating: 0)
                for channel in 0..<colours { lights[channel] = light[Int(stored[at + channel])] }
                if let matrix {
                  lights = SIMD3((matrix.0 * lights).sum(), (matrix.1 * lights).sum(), (matrix.2 * lights).sum())
                }
                for channel in 0..<colours {
                  let c = min(channel, mapChannels - 1)
                  func code(_ row: Int, _ column: Int) -> Float { Float(codes[(row + column) * mapChannels + c]) }
                  let top = code(above, column.0) * (1 - column.t) + code(above, column.1) * column.t
                  let bottom = code(below, column.0) * (1 - column.t) + code(below, column.1) * column.t
                  // ISO 21496-1: the code's share to the power of 1 / gamma places the log2 gain.
                  let share = (top * (1 - mapRows.t) + bottom * mapRows.t) / 255
                  let inverseGamma = inverseGammas[min(channel, 2)]
                  let recovery = inverseGamma == 1 ? share : powf(share, inverseGamma)
                  let (gainMin, gainSpan) = ranges[min(channel, 2)]
                  let logGain = (gainMin + gainSpan * recovery) * weight
                  let (baseOffset, alternateOffset) = offsets[min(channel, 2)]
                  let sdr = (lights[channel] + baseOffset) * exp2f(logGain) - alternateOffset
                  out[at + channel] = SRGBEncoding.encode(sdr, table: encoding)
                }
                if channels > colours {
                  out[at + colours] = UInt16(Float(stored[at + colours]) * alphaScale + 0.5)
                }
              }
            }
          }
        }
      }
    }
  }
}

/// Where a pixel's centre falls in a map of another size: the two map rows (or columns)
/// around it and how far between them, clamped at the edges.
private struct MapSampler: Sendable {
  let scaleX: Float
  let scaleY: Float
  let width: Int
  let height: Int

  init(width: Int, height: Int, imageWidth: Int, imageHeight: Int) {
    self.width = width
    self.height = height
    scaleX = Float(width) / Float(imageWidth)
    scaleY = Float(height) / Float(imageHeight)
  }

  func rows(_ y: Int) -> (Int, Int, t: Float) { Self.around((Float(y) + 0.5) * scaleY - 0.5, count: height) }
  func columns(_ x: Int) -> (Int, Int, t: Float) { Self.around((Float(x) + 0.5) * scaleX - 0.5, count: width) }

  private static func around(_ at: Float, count: Int) -> (Int, Int, t: Float) {
    let clamped = min(max(at, 0), Float(count - 1))
    let low = Int(clamped)
    return (low, min(low + 1, count - 1), clamped - Float(low))
  }
}

/// Linear light (0...1) to a 16-bit sRGB-encoded sample, through a table with linear
/// interpolation between its entries (under a hundredth of a 16-bit code from the exact curve).
private enum SRGBEncoding {
  static let entries = 65536
  static let values: [Float] = (0...entries).map {
    Float(ColorTransfer.sRGB(fromLinear: Double($0) / Double(entries)) * 65535)
  }

  @inline(__always)
  static func encode(_ linear: Float, table: UnsafeBufferPointer<Float>) -> UInt16 {
    let at = min(max(linear, 0), 1) * Float(entries)
    let low = min(entries - 1, Int(at))
    let share = at - Float(low)
    return UInt16(table[low] * (1 - share) + table[low + 1] * share + 0.5)
  }
}
