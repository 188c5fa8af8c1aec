import Artwork
import Foundation
import TestSupport
import Testing

/// `artfit assets` writes only what it owns: an image set a designer made in Xcode is never
/// replaced unless `--take-over` is given, group and catalog Contents.json files keep every
/// key they had, and two sets with one asset name in one namespace, or a group named like an
/// asset type, are errors naming the files.
struct AssetOwnershipTests {
  let folder = TemporaryFolder()

  func place(_ paths: [String]) throws {
    for path in paths {
      try FileManager.default.createDirectory(
        atPath: (folder.path(path) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      _ = folder.write(try ImageEncoder.png(TestPictures.quadrants(width: 90, height: 60)), to: path)
    }
  }

  /// `bytes` at `path` below the test's folder, its folders made.
  func put(_ bytes: [UInt8], _ path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (folder.path(path) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    _ = folder.write(bytes, to: path)
  }

  func assets(_ extra: [String] = []) throws -> ArtfitRun {
    try ArtfitRun(["assets", folder.path("art"), "--out", folder.path("App.xcassets"), "--points", "30x20"] + extra)
  }

  /// Every file under the catalog with its bytes.
  func snapshot() throws -> [String: Data] {
    let root = folder.path("App.xcassets")
    var files: [String: Data] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: root) {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue,
        !path.hasPrefix(".")
      {
        files[path] = FileManager.default.contents(atPath: root + "/" + path)
      }
    }
    return files
  }

  static let xcodeSet = #"""
    {
      "images" : [
        { "filename" : "hero@2x.png", "idiom" : "universal", "scale" : "2x" },
        { "filename" : "hero@3x.png", "idiom" : "universal", "scale" : "3x" }
      ],
      "info" : { "author" : "xcode", "version" : 1 }
    }
    """#

  @Test func aSetMadeInXcodeIsLeftAsItIsUnlessTakenOver() throws {
    defer { folder.remove() }
    try place(["art/hero.png", "art/kite.png"])
    try put(Array(Self.xcodeSet.utf8), "App.xcassets/hero.imageset/Contents.json")
    try put([1, 2, 3], "App.xcassets/hero.imageset/hero@2x.png")
    let before = try snapshot()
    let refused = try assets()
    #expect(refused.status == 2, "\(refused.stdout)\(refused.stderr)")
    #expect(refused.stderr.contains("hero.imageset") && refused.stderr.contains("art/hero.png"), "\(refused.stderr)")
    #expect(refused.stderr.contains("xcode") && refused.stderr.contains("--take-over"), "\(refused.stderr)")
    #expect(try snapshot() == before, "nothing in the catalog changed")
    let taken = try assets(["--take-over"])
    #expect(taken.status == 0, "\(taken.stderr)")
    let contents = try String(contentsOfFile: folder.path("App.xcassets/hero.imageset/Contents.json"), encoding: .utf8)
    #expect(contents.contains("\"author\" : \"artfit\""))
    #expect(try assets().status == 0, "a set artfit took over is its own on the next run")
  }

  @Test func groupAndCatalogFilesKeepEveryKey() throws {
    defer { folder.remove() }
    try place(["art/onboarding/step.png"])
    let group = #"{ "info" : { "author" : "xcode", "version" : 1 }, "properties" : { "provides-namespace" : true } }"#
    let root = #"{ "info" : { "author" : "xcode", "version" : 1 } }"#
    try put(Array(group.utf8), "App.xcassets/onboarding/Contents.json")
    try put(Array(root.utf8), "App.xcassets/Contents.json")
    for _ in 0..<2 {
      let run = try assets()
      #expect(run.status == 0, "\(run.stderr)")
      #expect(
        try String(contentsOfFile: folder.path("App.xcassets/onboarding/Contents.json"), encoding: .utf8) == group)
      #expect(try String(contentsOfFile: folder.path("App.xcassets/Contents.json"), encoding: .utf8) == root)
    }
  }

  @Test func oneAssetNameTwiceInANamespaceIsAnErrorNamingBoth() throws {
    defer { folder.remove() }
    try place(["art/hero.png", "art/onboarding/hero.png", "art/settings/Hero.png"])
    let run = try assets()
    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.stderr.contains("art/hero.png") && run.stderr.contains("art/onboarding/hero.png"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.path("App.xcassets/hero.imageset")))
    // A group that provides a namespace holds its own names.
    try FileManager.default.removeItem(atPath: folder.path("art/settings"))
    try put(
      Array(
        #"{ "info" : { "author" : "xcode", "version" : 1 }, "properties" : { "provides-namespace" : true } }"#.utf8),
      "App.xcassets/onboarding/Contents.json")
    #expect(try assets().status == 0)
    // A designer's set elsewhere in the catalog holds its name too.
    try put(Array(Self.xcodeSet.utf8), "App.xcassets/icons/kite.imageset/Contents.json")
    try place(["art/kite.png"])
    let clash = try assets()
    #expect(clash.status == 2 && clash.stderr.contains("icons/kite.imageset"), "\(clash.stderr)")
  }

  @Test func aFolderNamedLikeAnAssetTypeIsAnError() throws {
    defer { folder.remove() }
    try place(["art/sub.imageset/a.png"])
    let run = try assets()
    #expect(run.status == 2 && run.stderr.contains("sub.imageset"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.path("App.xcassets/sub.imageset")))
  }
}
