import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec
@testable import ArtworkGeometry
@testable import ArtworkRender
@testable import ArtworkReport

/// template.png decoded with libpng: transparent where nothing is drawn, the regions in their
/// family's colour, the safe region white; both files written whole and the same each time.
struct TemplatePictureTests {
  /// iPhone 16 Pro in portrait, fit and fill, on a square source: the whole source and the
  /// centred fill crop.
  static func template() throws -> Template {
    let phone = try #require(try TargetSelection.resolve(["iPhone 16 Pro"]).first)
    let source = Size(1200, 1200)
    let results = [FitMode.fit, .fill].map {
      TargetResult.solve(
        source: source, screen: Screen(target: phone, orientation: .portrait), mode: $0, gravity: .center, focus: nil,
        checks: Checks())
    }
    return Template(source: source, results: results)
  }

  @Test func drawsRegionsOnTransparency() throws {
    let template = try Self.template()
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let paths = try TemplateFiles.write(template, name: "square.png", to: folder.path("out"))
    #expect(paths == [folder.path("out/template.svg"), folder.path("out/template.png")])
    let image = try ImageDecoder.decode(file: folder.path("out/template.png"))
    #expect(image.width == 1200 && image.height == 1200 && image.layout == .rgba)
    let fill = try #require(template.regions.first { $0.rect != Rect.of(template.source) })
    let red = CropMapColours.colour(for: .iphone)
    let midY = Int(fill.rect.midY)
    // The fit region (the whole source) along the left edge; the fill's edges lie under the
    // safe region's outline here (a portrait phone has no side insets).
    let onEdge = image.pixel(x: 1, y: midY)
    #expect(Array(onEdge[0..<3]) == [Int(red.r), Int(red.g), Int(red.b)] && onEdge[3] >= 220, "\(onEdge)")
    // Halfway between the source's left edge and the fill's: no line there.
    #expect(image.pixel(x: Int(fill.rect.x / 2), y: midY)[3] == 0)
    let safe = try #require(template.safeEverywhere)
    let centre = image.pixel(x: Int(safe.midX), y: Int(safe.midY))
    #expect(Array(centre[0..<3]) == [255, 255, 255] && (30...45).contains(centre[3]), "a light white wash: \(centre)")
    let outline = image.pixel(x: Int(safe.x) + 1, y: Int(safe.midY))
    #expect(outline == [255, 255, 255, 255], "the safe region's outline: \(outline)")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path("out")).sorted()
    #expect(leftovers == ["template.png", "template.svg"], "no temporary files left")
  }

  @Test func sameTemplateSameBytes() throws {
    let template = try Self.template()
    let folder = TemporaryFolder()
    defer { folder.remove() }
    _ = try TemplateFiles.write(template, name: "square.png", to: folder.path("a"))
    _ = try TemplateFiles.write(try Self.template(), name: "square.png", to: folder.path("b"))
    for name in [TemplateFiles.svgName, TemplateFiles.pngName] {
      #expect(
        FileManager.default.contents(atPath: folder.path("a/" + name))
          == FileManager.default.contents(atPath: folder.path("b/" + name)))
    }
  }

  @Test func refusesAPictureLargerThanTheLimit() throws {
    let template = Template(source: Size(5000, 5000), results: [])
    let folder = TemporaryFolder()
    defer { folder.remove() }
    #expect(throws: TemplateFiles.Failure.self) {
      try TemplateFiles.write(template, name: "big", to: folder.path("out"), maxPixels: 1_000_000)
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path("out")), "nothing written")
  }

  /// Frames meet without overlap, so a translucent outline has no darker corners.
  @Test func framesTileTheOutlineExactly() {
    let rect = Rect(x: 10.5, y: 20.25, width: 100, height: 50)
    let sides = TemplatePicture.frame(rect, width: 3)
    #expect(abs(sides.map(\.area).reduce(0, +) - (rect.area - Rect(x: 0, y: 0, width: 94, height: 44).area)) < 1e-9)
    for (i, a) in sides.enumerated() {
      for b in sides[(i + 1)...] { #expect(a.intersection(b).area < 1e-9) }
    }
    let dashed: Double = TemplatePicture.dashes(sides, length: 10).map(\.area).reduce(0, +)
    let solid: Double = sides.map(\.area).reduce(0, +)
    // Half of each side, give or take the last dash of each.
    #expect(abs(dashed - solid / 2) < 4 * 3 * 10)
  }
}
