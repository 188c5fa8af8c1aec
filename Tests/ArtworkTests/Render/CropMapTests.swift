import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec
@testable import ArtworkGeometry
@testable import ArtworkRender
@testable import ArtworkReport

/// The crop map: shaded by how many fills show each part, the safe-everywhere region in white.
struct CropMapTests {
  @Test func partsNoFillShowsAreDarkAndTheMiddleIsClear() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
    _ = folder.write(
      try ImageEncoder.png(Image(width: 200, height: 200, layout: .rgb, filledWith: [200, 200, 200])), to: "art/sq.png")
    var options = RenderOptions(inputs: [folder.path("art")], outputFolder: folder.path("out"))
    options.solving.targets = try TargetSelection.resolve(["iPhone 16 Pro"])
    options.solving.modes = [.fill]
    options.drawing.overlays = []
    options.solving.scales = .factors([0.25])
    let report = BatchRenderer(options: options).run().report
    let artwork = try #require(report.artworks.first)
    let map = try ImageDecoder.decode(file: folder.path("out/" + (artwork.cropMap ?? "")))
    #expect(map.width == 200 && map.height == 200)
    // Portrait fill cuts the sides, landscape fill the top and bottom: no fill shows a corner.
    #expect(map.pixel(x: 1, y: 1) == [80, 80, 80], "60 % black where no fill shows the source")
    let safe = try #require(artwork.safeEverywhere)
    let inside = (Int(safe.x + safe.width / 2), Int(safe.y + safe.height / 2))
    #expect(map.pixel(x: inside.0, y: inside.1) == [200, 200, 200], "clear where every fill shows it")
    let edge = map.pixel(x: Int(safe.x + 2), y: inside.1)
    #expect(edge == [255, 255, 255], "the safe-everywhere outline is white: \(edge)")
  }
}
