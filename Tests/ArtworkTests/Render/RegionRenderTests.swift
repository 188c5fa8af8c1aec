import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec
@testable import ArtworkGeometry
@testable import ArtworkRender
@testable import ArtworkReport

/// A large JPEG whose fills read only part of it is decoded only there (and whole at a small
/// scale for the crop map): the previews are the same bytes as when a fit makes the whole
/// decode, and the report the same.
struct RegionRenderTests {
  @Test(arguments: [false, true])
  func aFillFromARegionDecodeMatchesOneFromTheWholeImage(progressive: Bool) throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
    let art = RegionDecodeTests.photo(.rgb, width: 2400, height: 1350)
    _ = folder.write(try ImageEncoder.jpeg(art, quality: 80, progressive: progressive), to: "art/wide.jpg")

    func render(modes: [FitMode], into name: String) throws -> ArtworkReport {
      var options = RenderOptions(inputs: [folder.path("art")], outputFolder: folder.path(name))
      options.solving.targets = try TargetSelection.resolve(["iPhone 16 Pro"])
      options.solving.orientations = [.portrait]
      options.solving.modes = modes
      // Small canvases: the decode is shrunk on load too, and the test stays quick under the
      // sanitizers.
      options.solving.scales = .factors([0.25])
      options.drawing.overlays = []
      options.writing.thumbnails = false
      let run = BatchRenderer(options: options).run()
      #expect(run.report.errors.isEmpty)
      return try #require(run.report.artworks.first)
    }
    let fillOnly = try render(modes: [.fill], into: "region")
    let withFit = try render(modes: [.fill, .fit], into: "whole")
    let plan = PreviewPlan(
      stem: "wide", results: fillOnly.results.map(\.result), overlays: OverlayPainter(overlays: []), format: .png)
    let shrink = plan.loadShrink()
    let decoded = PixelSize((2400 + shrink - 1) / shrink, (1350 + shrink - 1) / shrink)
    #expect(shrink > 1, "the small canvases shrink the decode")
    #expect(
      plan.sourceRegion(shrink: shrink, decoded: decoded, kernel: .lanczos3) != nil,
      "the fill reads a region, so this run took the region path")
    let fill = try #require(fillOnly.results.first?.preview)
    let region = try FileBytes.read(folder.path("region/" + fill), limit: 1 << 26)
    let whole = try FileBytes.read(folder.path("whole/" + fill), limit: 1 << 26)
    #expect(region == whole, "the same preview bytes from the region as from the whole decode")
    #expect(fillOnly.embeddedBars == withFit.embeddedBars)
    let map = try ImageDecoder.decode(file: folder.path("region/" + (fillOnly.cropMap ?? "")))
    #expect(map.width == 1024 && map.height == 576, "the crop map keeps its size from the 1/2 decode")
  }
}
