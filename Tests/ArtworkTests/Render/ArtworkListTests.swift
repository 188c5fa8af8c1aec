import TestSupport
import Testing

@testable import ArtworkRender
@testable import ArtworkReport

/// The compact list holds exactly what an array of files would, in every operation discovery
/// uses: whatever the paths and stems (inside the path or not, non-ASCII, empty, repeated).
struct ArtworkListTests {
  private static func randomFiles(using random: inout SeededGenerator) -> [ArtworkFile] {
    let parts = ["kite", "Kité", "a", "set", "日本", "x.y", ""]
    return (0..<Int.random(in: 0...30, using: &random)).map { _ in
      let folder = parts.randomElement(using: &random)!
      let name = parts.randomElement(using: &random)!
      let path = "/in/" + folder + "/" + name + ".png"
      let stem: String
      switch Int.random(in: 0..<4, using: &random) {
      case 0: stem = folder + "/" + name  // the usual: below the input folder
      case 1: stem = name
      case 2: stem = name + "-png-2"  // renamed: not a part of the path
      default: stem = "/in/" + folder
      }
      return ArtworkFile(path: path, stem: stem)
    }
  }

  @Test func holdsWhatAnArrayHolds() {
    var random = SeededGenerator(seed: 7)
    for _ in 0..<300 {
      let files = Self.randomFiles(using: &random)
      let list = ArtworkList(files)
      #expect(Array(list) == files)
      #expect(list.count == files.count)
      #expect(
        Array(list.sortedByPath()).map(\.path)
          == files.map(\.path).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
      #expect(Set(list.sortedByPath()) == Set(files))
      let keep = { (file: ArtworkFile) in file.stem.count % 2 == 0 }
      #expect(Array(list.filter(keep)) == files.filter(keep))
      #expect(Array(list.sortedByPath().filter(keep)) == Array(list.sortedByPath()).filter(keep))
      guard !files.isEmpty else { continue }
      var renamed = list
      var expected = files
      let index = Int.random(in: 0..<files.count, using: &random)
      let stem = Self.randomFiles(using: &random).first?.stem ?? "other"
      renamed.setStem(stem, at: index)
      expected[index].stem = stem
      #expect(Array(renamed) == expected)
      #expect(
        Array(renamed.sortedByPath()).sorted { $0.path < $1.path || ($0.path == $1.path && $0.stem < $1.stem) }
          == expected.sorted { $0.path < $1.path || ($0.path == $1.path && $0.stem < $1.stem) })
    }
  }
}
