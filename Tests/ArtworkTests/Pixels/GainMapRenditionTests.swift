import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec
@testable import ArtworkPixels

/// An HDR base image taken down to SDR by its gain map, against ISO 21496-1's formula
/// computed here in doubles with Foundation's `pow`: the map sampled bilinearly at each
/// pixel's centre, the code's share to the power of 1 / gamma placing the log2 gain, the
/// weight for a display with no headroom (negative toward less), the offsets, SDR's clip
/// and the sRGB curve.
struct GainMapRenditionTests {
  /// Display light per 16-bit code: any increasing curve reaching above SDR white will do
  /// (the transfer's own table is LittleCMS-side and checked where it is built).
  static let light: [Float] = (0..<65536).map { Float(pow(Double($0) / 65535, 2.2) * 12) }

  /// The reference for one sample: ISO 21496-1 in doubles.
  static func reference(
    base: Double, map: Image, x: Int, y: Int, width: Int, height: Int, channel: Int, figures: GainMapFigures
  ) -> Double {
    let mapChannels = map.layout.channels
    func code(_ column: Int, _ row: Int) -> Double {
      Double(map.pixel(x: column, y: row)[min(channel, mapChannels - 1)])
    }
    func around(_ at: Double, _ count: Int) -> (Int, Int, Double) {
      let clamped = min(max(at, 0), Double(count - 1))
      let low = Int(clamped.rounded(.down))
      return (low, min(low + 1, count - 1), clamped - Double(low))
    }
    let (x0, x1, tx) = around((Double(x) + 0.5) * Double(map.width) / Double(width) - 0.5, map.width)
    let (y0, y1, ty) = around((Double(y) + 0.5) * Double(map.height) / Double(height) - 0.5, map.height)
    let value =
      (code(x0, y0) * (1 - tx) + code(x1, y0) * tx) * (1 - ty) + (code(x0, y1) * (1 - tx) + code(x1, y1) * tx) * ty
    let recovery = pow(value / 255, 1 / figures.gamma[channel])
    let logGain = figures.gainMin[channel] + (figures.gainMax[channel] - figures.gainMin[channel]) * recovery
    let (baseHeadroom, alternateHeadroom) = (figures.baseHeadroom, figures.alternateHeadroom)
    var weight = min(1, max(0, (0 - baseHeadroom) / (alternateHeadroom - baseHeadroom)))
    if alternateHeadroom < baseHeadroom { weight = -weight }
    let sdr = (base + figures.baseOffset[channel]) * pow(2, logGain * weight) - figures.alternateOffset[channel]
    let clipped = min(1, max(0, sdr))
    let encoded = clipped <= 0.0031308 ? clipped * 12.92 : 1.055 * pow(clipped, 1 / 2.4) - 0.055
    return encoded * 65535
  }

  @Test(
    "random HDR bases, maps (gray or RGB, smaller than the image), figures and conversions into the gain's primaries: every sample is ISO 21496-1's SDR rendition within a 16-bit code, alpha kept"
  )
  func everySampleIsTheFormulas() throws {
    var random = SeededGenerator(seed: 2153)
    for round in 0..<10 {
      let (width, height) = (Int.random(in: 5...31, using: &random), Int.random(in: 5...70, using: &random))
      let layout: ChannelLayout = round % 3 == 2 ? .rgba : .rgb
      let base = Image(
        width: width, height: height, layout: layout,
        storage: .uint16(
          (0..<(width * height * layout.channels)).map { _ in UInt16.random(in: 0...65535, using: &random) }))
      let mapLayout: ChannelLayout = round % 2 == 0 ? .gray : .rgb
      let (mapWidth, mapHeight) = (
        Int.random(in: 1...width, using: &random), Int.random(in: 1...height, using: &random)
      )
      let map = Image(
        width: mapWidth, height: mapHeight, layout: mapLayout,
        storage: .uint8(
          (0..<(mapWidth * mapHeight * mapLayout.channels)).map { _ in UInt8.random(in: 0...255, using: &random) }))
      let channels = mapLayout.channels
      func three(_ range: ClosedRange<Double>) -> [Double] {
        (0..<3).map { _ in Double.random(in: range, using: &random) }
      }
      let low = three(-1...0.5)
      let figures = GainMapFigures(
        channels: channels, baseIsHDR: true, baseHeadroom: Double.random(in: 1...5, using: &random),
        alternateHeadroom: round == 9 ? 0.5 : 0, gainMin: low,
        gainMax: low.map { $0 + Double.random(in: 0.5...5, using: &random) },
        gamma: round % 4 == 1 ? [1, 1, 1] : three(0.5...2), baseOffset: three(0...0.05),
        alternateOffset: three(0...0.05))
      // Half the rounds apply the gain in other primaries: a random matrix, rows summing near 1.
      let conversion: [Double]? =
        round % 2 == 1
        ? (0..<9).map {
          $0 % 4 == 0 ? Double.random(in: 0.7...1.3, using: &random) : Double.random(in: -0.3...0.3, using: &random)
        }
        : nil
      let sdr = GainMapRendition.sdr(
        base: base, light: Self.light, conversion: conversion, map: map, figures: figures, profile: [1, 2, 3])
      #expect(sdr.layout == layout && sdr.bitDepth == 16 && sdr.iccProfile == [1, 2, 3])
      let threads = Int.random(in: 2...5, using: &random)
      let banded = GainMapRendition.sdr(
        base: base, light: Self.light, conversion: conversion, map: map, figures: figures, profile: [1, 2, 3],
        threads: threads)
      #expect(banded.storage == sdr.storage, "round \(round): \(threads) threads draw the same samples as one")
      guard case .uint16(let out) = sdr.storage, case .uint16(let stored) = base.storage else {
        Issue.record("16-bit samples expected")
        return
      }
      var worst = 0.0
      for y in 0..<height {
        for x in 0..<width {
          let at = (y * width + x) * layout.channels
          let lights = (0..<3).map { Double(Self.light[Int(stored[at + $0])]) }
          for channel in 0..<3 {
            let light =
              conversion.map { m in (0..<3).map { m[channel * 3 + $0] * lights[$0] }.reduce(0, +) } ?? lights[channel]
            let expected = Self.reference(
              base: light, map: map, x: x, y: y, width: width, height: height, channel: channel, figures: figures)
            worst = max(worst, abs(Double(out[at + channel]) - expected))
          }
          if layout == .rgba { #expect(out[at + 3] == stored[at + 3], "alpha kept") }
        }
      }
      #expect(worst <= 1, "round \(round): \(worst) codes from the formula at worst")
    }
  }

  /// ISO 21496-1's weight for a display with no headroom: all of the map from an HDR base
  /// down to an SDR alternate, negative; none from SDR toward HDR; a share when the alternate
  /// keeps some headroom; none when the two headrooms are equal.
  @Test func theWeightForSDRIsTheStandards() {
    func figures(_ base: Double, _ alternate: Double) -> GainMapFigures {
      GainMapFigures(
        baseHeadroom: base, alternateHeadroom: alternate, gainMin: [0], gainMax: [1], gamma: [1], baseOffset: [0],
        alternateOffset: [0])
    }
    #expect(GainMapRendition.weightForSDR(figures(4, 0)) == -1)
    #expect(GainMapRendition.weightForSDR(figures(0, 4)) == 0)
    #expect(GainMapRendition.weightForSDR(figures(4, 2)) == -1)
    #expect(GainMapRendition.weightForSDR(figures(2, 2)) == 0)
    #expect(abs(GainMapRendition.weightForSDR(figures(-1, 3)) - 0.25) < 1e-12)
  }
}
