import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec
@testable import ArtworkGeometry
@testable import ArtworkRender
@testable import ArtworkReport

/// `--auto-focus` finds the artwork's own focus: over generated artworks (seeded noise with
/// one to three bright ellipses, as JPEGs, which decode at a shrink, and PNGs, of many
/// sizes) and random target sets, `check` (no previews) and `render` (previews at the
/// targets' scales, which choose the decode's shrink) find the same focus and give the same
/// verdicts, and the focus does not change with the targets selected.
struct AutoFocusVerdictTests {
  static func artwork(width: Int, height: Int, using random: inout SeededGenerator) -> Image {
    let ellipses = (0..<Int.random(in: 1...3, using: &random)).map { _ in
      (
        x: Double.random(in: 0.1...0.9, using: &random) * Double(width),
        y: Double.random(in: 0.1...0.9, using: &random) * Double(height),
        rx: Double.random(in: 0.03...0.15, using: &random) * Double(width),
        ry: Double.random(in: 0.03...0.15, using: &random) * Double(height),
        colour: [UInt8.random(in: 180...255, using: &random), UInt8.random(in: 120...255, using: &random), 60]
      )
    }
    var noise = random
    var samples = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        let inside = ellipses.first { e in
          let (dx, dy) = ((Double(x) - e.x) / e.rx, (Double(y) - e.y) / e.ry)
          return dx * dx + dy * dy <= 1
        }
        for c in 0..<3 {
          samples[(y * width + x) * 3 + c] = inside?.colour[c] ?? UInt8.random(in: 40...110, using: &noise)
        }
      }
    }
    _ = random.next()
    return Image(width: width, height: height, layout: .rgb, storage: .uint8(samples))
  }

  static func options(targets: [Target], previews: Bool, scales: RenderOptions.Scales) -> RenderOptions {
    var options = RenderOptions(
      outputFolder: "/nonexistent", targets: targets, modes: [.fill], scales: scales,
      checks: Checks(maxCropLoss: 0.6, requireFocus: true), writePreviews: previews)
    options.solving.autoFocus = true
    return options
  }

  @Test func checkAndRenderFindTheSameFocusAndVerdictsForAnyTargets() throws {
    var random = SeededGenerator(seed: 51)
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let catalog = Catalog.all.filter { [.iphone, .ipad, .tv, .watch, .video, .mac].contains($0.family) }
    var compared = 0
    for index in 0..<20 {
      let width = Int.random(in: 300...1600, using: &random)
      let height = Int.random(in: 300...1600, using: &random)
      let image = Self.artwork(width: width, height: height, using: &random)
      let format = index % 4 == 3 ? "png" : "jpg"
      let bytes = format == "png" ? try ImageEncoder.png(image) : try ImageEncoder.jpeg(image, quality: 85)
      let file = ArtworkFile(path: folder.write(bytes, to: "art-\(index).\(format)"), stem: "art-\(index)")
      var focuses: [FocusRegion?] = []
      for _ in 0..<10 {
        let targets = Array(catalog.shuffled(using: &random).prefix(Int.random(in: 1...6, using: &random)))
        let scales: RenderOptions.Scales = Bool.random(using: &random) ? .native : .factors([1])
        let checked = try ArtworkRenderer(options: Self.options(targets: targets, previews: false, scales: scales))
          .verdicts(file)
        let rendered = try ArtworkRenderer(options: Self.options(targets: targets, previews: true, scales: scales))
          .verdicts(file)
        #expect(checked.focus == rendered.focus, "\(file.path) on \(targets.map(\.slug))")
        #expect(
          checked.results.map(\.failures) == rendered.results.map(\.failures), "\(file.path) on \(targets.map(\.slug))")
        focuses.append(rendered.focus)
        compared += checked.results.count
      }
      #expect(
        Set(focuses.map { "\(String(describing: $0))" }).count == 1, "\(file.path): the focus moved with the targets")
    }
    #expect(compared > 1000)
  }
}
