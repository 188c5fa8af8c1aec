import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec
@testable import ArtworkGeometry
@testable import ArtworkRender

/// The HDR highlights a result keeps, against a brute-force count: for random maps (gray and
/// RGB, smaller than the source or not), random figures and random rects, the share of a
/// region's highlights inside a crop equals counting every map sample by its centre and its
/// gain computed from the figures directly.
struct HDRHighlightsTests {
  @Test func keptSharesEqualABruteForceCount() {
    var generator = SeededGenerator(seed: 2026)
    for _ in 0..<200 {
      let channels = Bool.random(using: &generator) ? 3 : 1
      let width = Int.random(in: 1...40, using: &generator)
      let height = Int.random(in: 1...40, using: &generator)
      let source = PixelSize(
        width * Int.random(in: 1...5, using: &generator), height * Int.random(in: 1...5, using: &generator))
      let samples = (0..<width * height * channels).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let low = Double.random(in: -2...0.5, using: &generator)
      let figures = GainMapFigures(
        channels: channels, alternateHeadroom: 3, gainMin: [low],
        gainMax: [low + Double.random(in: 0.1...6, using: &generator)],
        gamma: [Double.random(in: 0.5...2, using: &generator)], baseOffset: [0], alternateOffset: [0])
      let map = Image(
        width: width, height: height, layout: channels == 1 ? .gray : .rgb, storage: .uint8(samples))
      let highlights = HDRHighlights(GainMapImage(map: map, figures: figures), source: source)

      // Brute force: a sample is a highlight when a channel's gain reaches one stop.
      func isHighlight(_ x: Int, _ y: Int) -> Bool {
        (0..<channels).contains {
          figures.gain(code: samples[(y * width + x) * channels + $0], channel: $0) >= 1
        }
      }
      func centreInside(_ x: Int, _ y: Int, _ rect: Rect) -> Bool {
        let cx = (Double(x) + 0.5) * Double(source.width) / Double(width)
        let cy = (Double(y) + 0.5) * Double(source.height) / Double(height)
        return cx >= rect.x && cx < rect.maxX && cy >= rect.y && cy < rect.maxY
      }
      func randomRect() -> Rect {
        let x = Double.random(in: 0..<Double(source.width), using: &generator)
        let y = Double.random(in: 0..<Double(source.height), using: &generator)
        return Rect(
          x: x, y: y, width: Double.random(in: 0...(Double(source.width) - x), using: &generator),
          height: Double.random(in: 0...(Double(source.height) - y), using: &generator))
      }
      let whole = Rect(x: 0, y: 0, width: Double(source.width), height: Double(source.height))
      let all = (0..<height).flatMap { y in (0..<width).map { (x: $0, y: y) } }
      #expect(
        abs(highlights.share - Double(all.filter { isHighlight($0.x, $0.y) }.count) / Double(all.count)) < 1e-12)
      for _ in 0..<5 {
        let region = Bool.random(using: &generator) ? whole : randomRect()
        let visible = randomRect()
        let inRegion = all.filter { isHighlight($0.x, $0.y) && centreInside($0.x, $0.y, region) }
        let kept = inRegion.filter { centreInside($0.x, $0.y, visible) }
        let expected = inRegion.isEmpty ? nil : Double(kept.count) / Double(inRegion.count)
        #expect(
          highlights.kept(in: visible, of: region) == expected, "\(width)x\(height) on \(source) \(region) \(visible)")
      }
    }
  }

  @Test func aMapUnderOneStopHasNoHighlights() {
    let figures = GainMapFigures(
      alternateHeadroom: 0.9, gainMin: [-2], gainMax: [0.9], gamma: [1], baseOffset: [0], alternateOffset: [0])
    let map = Image(width: 4, height: 4, layout: .gray, storage: .uint8(Array(repeating: 255, count: 16)))
    let highlights = HDRHighlights(GainMapImage(map: map, figures: figures), source: PixelSize(8, 8))
    #expect(highlights.share == 0)
    #expect(
      highlights.kept(in: Rect(x: 0, y: 0, width: 8, height: 8), of: Rect(x: 0, y: 0, width: 8, height: 8)) == nil)
  }
}
