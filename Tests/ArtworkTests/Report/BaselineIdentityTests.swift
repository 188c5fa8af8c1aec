import Foundation
import TestSupport
import Testing

@testable import ArtworkGeometry
@testable import ArtworkRender
@testable import ArtworkReport
@_spi(Support) @testable import ArtworkSupport

/// `--baseline` matches an artwork by the input it was found under and its path below it:
/// over random input trees changed between the baseline and the run (files added and deleted,
/// an input folder renamed, added or removed; the same name in several formats, case and
/// Unicode-form variants, subfolders), found by discovery and read back from report.json, no
/// new failure is ever baselined and no known failure is ever new.
struct BaselineIdentityTests {
  /// A model input folder: the name it has now and the files below it.
  struct Input {
    var name: String
    /// The same folder across runs, whatever it is called.
    var id: Int
    var files: Set<String>
  }

  static let paths = [
    "hero.png", "hero.jpg", "Hero.png", "kite.png", "kite.jpg", "sub/hero.png", "Sub/kite.jpg", "sub/deep/a.png",
    "caf\u{e9}.png", "cafe\u{301}.png", "hero-png.png", "a.png",
  ]
  static let names = ["ios", "tvos", "ipados", "Art", "art2", "watch", "m\u{e9}dia"]

  /// A report where every artwork of `inputs` fails the same way (a square on a phone, filled,
  /// against a 10% limit), so only an artwork's identity tells a known failure from a new one.
  static func run(_ inputs: [Input], in root: URL) throws -> RunReport {
    let manager = FileManager.default
    try? manager.removeItem(at: root)
    for input in inputs {
      for path in input.files {
        let file = root.appendingPathComponent(input.name).appendingPathComponent(path)
        try manager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: file)
      }
      try manager.createDirectory(at: root.appendingPathComponent(input.name), withIntermediateDirectories: true)
    }
    let found = InputDiscovery.find(inputs.map { root.path + "/" + $0.name }, excluding: nil)
    let screen = Screen(target: Catalog.target(named: "iPhone 16 Pro")!, orientation: .portrait)
    let result = TargetResult.solve(
      source: Size(1000, 1000), screen: screen, mode: .fill, gravity: .center, focus: nil,
      checks: Checks(maxCropLoss: 0.1))
    let artworks = found.files.map { file in
      ArtworkReport(file: file, width: 1000, height: 1000, focus: nil, results: [ReportedResult(result)])
    }
    return RunReport(options: .object([]), artworks: artworks, errors: [])
  }

  @Test func noNewFailureIsBaselinedAndNoKnownOneIsNew() throws {
    var random = SeededGenerator(seed: 51)
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("artfit-baseline-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    var checked = 0
    for _ in 0..<300 {
      var before: [Input] = []
      for (id, name) in Self.names.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)).enumerated() {
        before.append(Input(name: name, id: id, files: Set(Self.paths.filter { _ in Bool.random(using: &random) })))
      }
      let after = Self.change(before, using: &random)
      let baselineReport = try Self.run(before, in: root)
      let read = try ReportReader.report(JSONParser.parse(baselineReport.jsonBytes()))
      var report = try Self.run(after, in: root)
      let inputs = after.map { root.path + "/" + $0.name }
      let baseline = Baseline(read).aligned(toInputs: inputs.map { ArtworkFile.input(ofArgument: $0, isFolder: true) })
      for index in report.artworks.indices { baseline.apply(to: &report.artworks[index]) }
      for artwork in report.artworks {
        let known = Self.isKnown(artwork.file, before: before, after: after, root: root)
        #expect(
          artwork.results[0].baselined == known, "\(artwork.file.path): \(before.map(\.name)) → \(after.map(\.name))")
        checked += 1
      }
    }
    #expect(checked > 1000)
  }

  /// Whether the model says `file` failed in the baseline: a file of the same folder (by id)
  /// with the same path, case folded, when the folder kept its name or is the one folder renamed.
  static func isKnown(_ file: ArtworkFile, before: [Input], after: [Input], root: URL) -> Bool {
    guard let input = after.first(where: { file.path.hasPrefix(root.path + "/\($0.name)/") }),
      let earlier = before.first(where: { $0.id == input.id })
    else { return false }
    let gone = before.filter { old in !after.contains { $0.name.lowercased() == old.name.lowercased() } }
    let new = after.filter { now in !before.contains { $0.name.lowercased() == now.name.lowercased() } }
    if earlier.name != input.name && !(gone.count == 1 && new.count == 1) { return false }
    return earlier.files.contains { $0.lowercased() == file.relativePath.lowercased() }
  }

  /// One change of the folders (one renamed, added or removed) and of their files.
  static func change(_ inputs: [Input], using random: inout SeededGenerator) -> [Input] {
    var after = inputs
    for index in after.indices {
      after[index].files = after[index].files.filter { _ in Int.random(in: 0..<4, using: &random) > 0 }
      after[index].files.formUnion(Self.paths.filter { _ in Int.random(in: 0..<6, using: &random) == 0 })
    }
    let unused = Self.names.filter { name in !inputs.contains { $0.name == name } }
    switch Int.random(in: 0..<4, using: &random) {
    case 0 where !unused.isEmpty:
      after[Int.random(in: 0..<after.count, using: &random)].name = unused.randomElement(using: &random)!
    case 1 where !unused.isEmpty:
      after.append(
        Input(
          name: unused.randomElement(using: &random)!, id: 99,
          files: Set(Self.paths.filter { _ in Bool.random(using: &random) })))
    case 2 where after.count > 1: after.remove(at: Int.random(in: 0..<after.count, using: &random))
    default: break
    }
    return after
  }
}
