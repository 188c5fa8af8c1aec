import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec

/// Every input the fuzzers once crashed on (Fuzz/regressions) now gives an ImageError or a
/// decode that agrees with the probe, and a printable message either way.
struct FuzzRegressionTests {
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz/regressions")

  static var inputs: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted()
  }

  @Test func thereAreRegressionInputs() {
    #expect(!Self.inputs.isEmpty, "no files in \(Self.folder.path)")
  }

  @Test(arguments: inputs)
  func regressionInputIsHandled(name: String) throws {
    let bytes = try #require(FileManager.default.contents(atPath: Self.folder.appendingPathComponent(name).path))
    let limits = ImageLimits(maxPixels: 1 << 22)
    do {
      let info = try ImageDecoder.probe(data: Array(bytes), name: name, limits: limits)
      // Every shrink, as the fuzz harness asks: those the probe says apply, and the others
      // ignored (an animated WebP, a PNG).
      for shrink in [1, 2, 4, 8] {
        let image = try ImageDecoder.decode(data: Array(bytes), name: name, shrink: shrink, limits: limits)
        let factor = info.shrinksOnLoad ? shrink : 1
        #expect(
          image.width == (info.width + factor - 1) / factor && image.height == (info.height + factor - 1) / factor,
          "shrink \(shrink)")
      }
    } catch {
      #expect(error.file == name)
      #expect(!error.description.isEmpty)
    }
  }
}
