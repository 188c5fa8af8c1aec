import Foundation
import TestSupport
import Testing

@testable import ArtworkRender
@_spi(Support) @testable import ArtworkSupport

struct ManifestTests {
  func write(_ text: String) -> (TemporaryFolder, String) {
    let folder = TemporaryFolder()
    return (folder, folder.write(Array(text.utf8), to: "artfit.json"))
  }

  @Test func contractExampleAppliesDefaultsThenMatchingEntries() throws {
    let (folder, path) = write(
      """
      {
        "defaults": { "modes": ["fill"], "max_crop_loss": 0.3, "targets": ["iphone", "ipad"] },
        "artworks": {
          "onboarding/hero.png": { "focus": [0.30, 0.20, 0.40, 0.50], "require_focus": true },
          "posters/*.jpg": { "modes": ["auto"] }
        }
      }
      """)
    defer { folder.remove() }
    let manifest = try Manifest.load(path)
    let hero = manifest.settings(for: folder.path("onboarding/hero.png"))
    #expect(hero.modes == [.fill] && hero.maxCropLoss == 0.3 && hero.requireFocus == true)
    #expect(hero.focus?.x == 0.3 && hero.focus?.origin == .manifest)
    // `ipad` selects the iPads and every window a person can make on those running iPadOS 26.
    #expect(Set(hero.targets?.map(\.family) ?? []) == [.iphone, .ipad, .ipadWindows])
    #expect(manifest.settings(for: folder.path("posters/a.jpg")).modes == [.auto])
    #expect(manifest.settings(for: folder.path("posters/deep/a.jpg")).modes == [.fill], "* stays within a folder")
    #expect(manifest.settings(for: "/elsewhere/hero.png").focus == nil)
  }

  @Test func globsMatchLikeShells() {
    #expect(Manifest.matches("*.png", "a.png") && !Manifest.matches("*.png", "d/a.png"))
    #expect(Manifest.matches("**/*.png", "d/e/a.png") && Manifest.matches("a?.jpg", "ab.jpg"))
    #expect(!Manifest.matches("a?.jpg", "a/.jpg"))
  }

  @Test(arguments: [
    ("{\"defaults\": {\"fokus\": [0, 0, 1, 1]}}", "unknown key \"fokus\""),
    ("{\"extra\": {}}", "unknown key \"extra\""),
    ("{\"artworks\": {\"a.png\": {\"focus\": [0.5, 0.5, 0.6, 0.2]}}}", "reaches outside"),
    ("{\"artworks\": {\"a.png\": {\"focus\": [0.1, 0.1, 0, 0.2]}}}", "empty"),
    ("{\"defaults\": {\"modes\": [\"stretch\"]}}", "modes are fit, fill, auto"),
    ("{\"defaults\": {\"targets\": [\"iPhone 99\"]}}", "unknown target"),
    ("{\"artworks\": {\"../x.png\": {}}}", "relative"),
    ("{\"defaults\": ", "not valid JSON"),
  ])
  func badManifestsNameTheKeyAndTheFile(text: String, expected: String) {
    let (folder, path) = write(text)
    defer { folder.remove() }
    do {
      _ = try Manifest.load(path)
      Issue.record("accepted \(text)")
    } catch {
      #expect(error.description.contains(expected), "\(error.description)")
      #expect(error.description.hasPrefix(path))
    }
  }

  @Test func parserKeepsKeyOrderAndRejectsHostileNesting() throws {
    let value = try JSONParser.parse(Array("{\"b\": 1, \"a\": [true, null, -2.5e3, \"\\u00e9\\n\"]}".utf8))
    #expect(value.serialized(pretty: false) == "{\"b\":1,\"a\":[true,null,-2500.0,\"é\\n\"]}")
    #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Array(String(repeating: "[", count: 10000).utf8)) }
    let awkward = "q\"b\\s\u{1}\u{2028}é\n\t"
    let written = JSONValue.array([.string(awkward), .string("plain")]).bytes(pretty: false)
    #expect(String(decoding: written, as: UTF8.self) == "[\"q\\\"b\\\\s\\u0001\\u2028é\\n\\t\",\"plain\"]")
    #expect(try JSONParser.parse(written) == .array([.string(awkward), .string("plain")]))
  }
}
