import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec

/// A gain map recoded for previews: for any figures, one code means no gain at all, every
/// other code keeps its gain (within the new code's step), and the figures written are the
/// ones read back from ISO 21496-1's segment and `hdrgm:` XMP.
struct GainMapRecodingTests {
  static func randomFigures(_ generator: inout SeededGenerator) -> GainMapFigures {
    let low = Double.random(in: -3...2, using: &generator)
    let high = low + Double.random(in: 0.1...8, using: &generator)
    let channels = Bool.random(using: &generator) ? 3 : 1
    return GainMapFigures(
      channels: channels, alternateHeadroom: max(0, high), gainMin: (0..<channels).map { _ in low },
      gainMax: (0..<channels).map { _ in high }, gamma: [Double.random(in: 0.5...2.5, using: &generator)],
      baseOffset: [1.0 / 64], alternateOffset: [1.0 / 64])
  }

  @Test func oneCodeMeansNoGainAndTheRestKeepTheirGain() {
    var generator = SeededGenerator(seed: 21496)
    for _ in 0..<300 {
      let figures = Self.randomFigures(&generator)
      let recoded = figures.recodedForNoGain()
      for channel in 0..<3 {
        let noGain = recoded.noGain[channel]
        #expect(abs(recoded.figures.gain(code: noGain, channel: channel)) < 1e-9, "\(figures)")
        for code in 0...255 {
          let before = figures.gain(code: UInt8(code), channel: channel)
          let after = recoded.figures.gain(code: recoded.table[channel][code], channel: channel)
          // Within one new code's step of the exact gain (rounded in code space; the range
          // only widens, so none clip).
          let new = Int(recoded.table[channel][code])
          let gains = [max(0, new - 1), new, min(255, new + 1)].map {
            recoded.figures.gain(code: UInt8($0), channel: channel)
          }
          let step = max(gains[1] - gains[0], gains[2] - gains[1]) + 1e-9
          #expect(abs(before - after) <= step, "\(figures) code \(code): \(before) → \(after)")
        }
      }
    }
  }

  /// An Ultra HDR JPEG assembled from an SDR image and a map: artfit's own probe finds the
  /// map where the MPF list says and reads back the figures written (ISO's outrank the XMP's).
  @Test func theFiguresWrittenAreReadBack() throws {
    var generator = SeededGenerator(seed: 64)
    let picture = Image(width: 24, height: 16, layout: .rgb, filledWith: [200, 120, 40])
    let mapImage = Image(width: 12, height: 8, layout: .gray, filledWith: [90])
    for _ in 0..<100 {
      let figures = Self.randomFigures(&generator).recodedForNoGain().figures
      let map = try ImageEncoder.jpeg(mapImage)
      let file = UltraHDRJPEG.assemble(primary: try ImageEncoder.jpeg(picture), map: map, figures: figures)
      let info = try EncodedImage(bytes: file, name: "uhdr.jpg", limits: ImageLimits()).probe()
      #expect(info.gainMap == .iso)
      let range = try #require(info.gainMapImage)
      #expect(
        range.count > map.count && Array(file[range].suffix(map.count - 20)) == Array(map.suffix(map.count - 20))
          && range.upperBound == file.count)
      let found = try #require(info.gainMapFigures)
      #expect(found.channels == figures.channels)
      for (a, b) in zip(found.gainMin + found.gainMax + found.gamma, figures.gainMin + figures.gainMax + figures.gamma)
      {
        #expect(abs(a - b) < 1e-5, "\(figures) read as \(found)")
      }
      #expect(abs(found.headroomStops - figures.headroomStops) < 1e-5)
      let decoded = try ImageDecoder.decode(data: file, name: "uhdr.jpg")
      #expect(decoded.width == 24 && decoded.height == 16)
    }
  }
}
