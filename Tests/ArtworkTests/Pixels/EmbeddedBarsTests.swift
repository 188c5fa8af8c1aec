import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec
@testable import ArtworkGeometry
@testable import ArtworkPixels

extension Slow {
  /// Baked-in bars are found with their sizes (±1 px), through JPEG noise; art without bars,
  /// including a dark night scene, has none.
  @Suite(.tags(.slow))
  struct EmbeddedBarsTests {
    static func expectBars(_ found: Insets?, _ expected: Insets, _ label: String) {
      guard let found else {
        Issue.record("\(label): no bars found, expected \(expected)")
        return
      }
      for (side, a, b) in [
        ("top", found.top, expected.top), ("bottom", found.bottom, expected.bottom),
        ("left", found.left, expected.left), ("right", found.right, expected.right),
      ] {
        #expect(abs(a - b) <= 1, "\(label) \(side): found \(a), painted \(b)")
      }
    }

    static let cases: [(String, Insets, UInt8)] = [
      ("black letterbox", Insets(top: 37, left: 0, bottom: 41, right: 0), 0),
      ("white pillarbox", Insets(top: 0, left: 23, bottom: 0, right: 29), 255),
      ("black on one side", Insets(top: 0, left: 0, bottom: 60, right: 0), 0),
      ("black windowbox", Insets(top: 16, left: 50, bottom: 17, right: 51), 0),
    ]

    @Test(arguments: cases.indices)
    func barsAreFoundWithTheirSizes(index: Int) {
      let (label, bars, colour) = Self.cases[index]
      Self.expectBars(EmbeddedBars.detect(in: TestPictures.artwork(bars: bars, colour: colour)), bars, label)
    }

    @Test(arguments: cases.indices, [60, 85, 95])
    func barsSurviveJPEGNoise(index: Int, quality: Int) throws {
      let (label, bars, colour) = Self.cases[index]
      let jpeg = try ImageEncoder.jpeg(TestPictures.artwork(bars: bars, colour: colour), quality: quality)
      let decoded = try ImageDecoder.decode(data: jpeg, name: "bars.jpg")
      Self.expectBars(EmbeddedBars.detect(in: decoded), bars, "\(label), JPEG quality \(quality)")
    }

    @Test func artWithoutBarsHasNone() {
      #expect(EmbeddedBars.detect(in: TestPictures.artwork(bars: Insets(), colour: 0)) == nil)
    }

    /// A night sky: near-black at the top, brightening slowly, with faint noise and stars.
    @Test(arguments: [false, true])
    func darkNightSceneHasNone(asJPEG: Bool) throws {
      let width = 800
      let height = 500
      var generator = SeededGenerator(seed: 9)
      var samples = [UInt8](repeating: 0, count: width * height * 3)
      for y in 0..<height {
        for x in 0..<width {
          let star = Int.random(in: 0..<900, using: &generator) == 0
          let base = 2 + Double(y) * 0.12
          for c in 0..<3 {
            let level = star ? 230 : base + Double(c) * 2 + Double(Int.random(in: -1...1, using: &generator))
            samples[(y * width + x) * 3 + c] = UInt8(max(0, min(255, level)))
          }
        }
      }
      var image = Image(width: width, height: height, layout: .rgb, storage: .uint8(samples))
      if asJPEG { image = try ImageDecoder.decode(data: ImageEncoder.jpeg(image, quality: 85), name: "night.jpg") }
      #expect(EmbeddedBars.detect(in: image) == nil)
    }

    @Test func sampleArtHasNone() throws {
      let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("SampleArt")
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }.sorted()
      #expect(names.count >= 5)
      for name in names {
        let image = try ImageDecoder.decode(
          file: folder.appendingPathComponent(name).path, shrink: name.hasSuffix(".jpg") ? 2 : 1)
        #expect(EmbeddedBars.detect(in: image) == nil, "\(name)")
      }
    }
  }
}
