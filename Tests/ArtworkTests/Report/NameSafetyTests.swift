import Foundation
import TestSupport
import Testing

@testable import ArtworkReport

/// Names as a file system allows them, random and chosen, through the sheet's URLs, the
/// terminal's text and the CSV cells (the property `fuzz-names` holds them to under libFuzzer).
@Suite struct NameSafetyTests {
  @Test func randomNamesBreakNoWriter() {
    var generator = SeededGenerator(seed: 43)
    // Bytes weighted towards the ones that matter: controls, ASCII punctuation, UTF-8 lead
    // and continuation bytes (bidi controls among what they make), and invalid sequences.
    let palette: [UInt8] = Array(0...0x7f) + [0xe2, 0x80, 0xae, 0x81, 0xa6, 0xc3, 0xa9, 0xff, 0xfe, 0xf0, 0x9f, 0x98]
    for _ in 0..<5000 {
      let length = Int.random(in: 0...24, using: &generator)
      let bytes = (0..<length).map { _ in palette.randomElement(using: &generator)! }
      let name = String(decoding: bytes, as: UTF8.self)
      let violation = NameSafety.violation(name)
      #expect(violation == nil, "\(name.debugDescription): \(violation ?? "")")
      if violation != nil { return }
    }
  }

  @Test func theFuzzersSeedsBreakNoWriter() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "../../../Fuzz/corpus/names"
    )
    .standardized
    let seeds = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(seeds.count >= 5)
    for seed in seeds {
      let bytes = try Data(contentsOf: folder.appendingPathComponent(seed))
      #expect(NameSafety.violation(String(decoding: bytes, as: UTF8.self)) == nil, "\(seed)")
    }
  }
}
