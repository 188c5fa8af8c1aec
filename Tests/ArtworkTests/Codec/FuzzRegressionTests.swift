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
      let image = try ImageDecoder.decode(data: Array(bytes), name: name, limits: limits)
      #expect(image.width == info.width && image.height == info.height)
    } catch {
      #expect(error.file == name)
      #expect(!error.description.isEmpty)
    }
  }
}
