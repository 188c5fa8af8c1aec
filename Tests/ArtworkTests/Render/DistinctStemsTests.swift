import Foundation
import TestSupport
import Testing

@testable import ArtworkRender
@testable import ArtworkReport

/// Stems made distinct folder by folder give what one table of every stem of the run gives:
/// over random hand-off folders (the same name in several formats, case variants, names that
/// already end as a renamed one would, several input roots), against that table's algorithm.
struct DistinctStemsTests {
  /// The whole-run algorithm: every stem of the run in one table.
  static func reference(_ given: [ArtworkFile]) -> [ArtworkFile] {
    let files = given.map { file in
      var safe = file
      safe.stem = OutputNamespace.safeStem(file.stem)
      return safe
    }
    let counts = Dictionary(grouping: files.map { $0.stem.lowercased() }, by: { $0 }).mapValues(\.count)
    var taken = Set(files.map { $0.stem.lowercased() }.filter { counts[$0] == 1 })
    return files.map { file in
      guard counts[file.stem.lowercased(), default: 0] > 1 else { return file }
      let ext = (file.path as NSString).pathExtension
      var stem = ext.isEmpty ? file.stem : file.stem + "-" + ext
      var number = 2
      while !taken.insert(stem.lowercased()).inserted {
        stem = (ext.isEmpty ? file.stem : file.stem + "-" + ext) + "-\(number)"
        number += 1
      }
      var renamed = file
      renamed.stem = stem
      return renamed
    }
  }

  @Test func folderByFolderEqualsTheWholeRunsTable() {
    var random = SeededGenerator(seed: 45)
    let names = ["kite", "Kite", "kite-jpg", "KITE-jpg", "hero", "report", "index", "a"]
    let extensions = ["jpg", "heic", "png", "JPG", ""]
    let folders = ["", "set", "Set", "set/deep", "other"]
    for _ in 0..<300 {
      var files: [ArtworkFile] = []
      for _ in 0..<Int.random(in: 1...14, using: &random) {
        let folder = folders.randomElement(using: &random)!
        let name = names.randomElement(using: &random)!
        let ext = extensions.randomElement(using: &random)!
        let stem = folder.isEmpty ? name : folder + "/" + name
        let root = Bool.random(using: &random) ? "/in/a/" : "/in/b/"
        files.append(ArtworkFile(path: root + stem + (ext.isEmpty ? "" : "." + ext), stem: stem))
      }
      #expect(Array(InputDiscovery.distinctStems(ArtworkList(files))) == Self.reference(files), "\(files.map(\.path))")
    }
  }
}
