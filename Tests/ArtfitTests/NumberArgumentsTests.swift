import Foundation
import TestSupport
import Testing

/// Sizes on the command line are read by one rule: positive, finite, whole where pixels are
/// counted, within --max-pixels; anything else is bad usage naming the option, never a crash
/// or an allocation past the limit.
struct NumberArgumentsTests {
  let folder = TemporaryFolder()

  static let bad = ["1e19x1", "0.0001x1", "100000x100000", "nanx1", "1x-5", "3.5x2", "1e308x1e308"]

  @Test(arguments: bad)
  func fitAndTemplateRefuseASourceNoImageHas(_ size: String) throws {
    defer { folder.remove() }
    for command in [["fit", "--target", "iPhone 16 Pro"], ["template", "--out", folder.path("t")]] {
      let run = try ArtfitRun(command + ["--source", size])
      #expect(run.status == 2, "\(command[0]) \(size): \(run.stderr)")
      #expect(run.stderr.contains("--source") && run.stderr.contains(size), "\(run.stderr)")
    }
  }

  @Test func aSourceAboveTheDefaultLimitIsTakenWhenTheLimitIsRaised() throws {
    let refused = try ArtfitRun(["fit", "--source", "20000x20000", "--target", "iPhone 16 Pro"])
    #expect(refused.status == 2 && refused.stderr.contains("--max-pixels"), "\(refused.stderr)")
    let taken = try ArtfitRun([
      "fit", "--source", "20000x20000", "--target", "iPhone 16 Pro", "--max-pixels", "400000000",
    ])
    #expect(taken.status == 0, "\(taken.stderr)")
  }

  @Test func assetsPointsAreBoundedLikeEveryCanvas() throws {
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: Fixtures.path("jpeg-baseline.jpg"), toPath: folder.path("art/hero.jpg"))
    for points in ["100000x100000", "6000x6000", "1e19x1", "0x5"] {
      let run = try ArtfitRun(["assets", folder.path("art"), "--out", folder.path("App.xcassets"), "--points", points])
      #expect(run.status == 2, "\(points): \(run.stderr)")
      #expect(run.stderr.contains("--points"), "\(run.stderr)")
      #expect(!FileManager.default.fileExists(atPath: folder.path("App.xcassets/hero.imageset")))
    }
    let fine = try ArtfitRun([
      "assets", folder.path("art"), "--out", folder.path("App.xcassets"), "--points", "100x50.5",
    ])
    #expect(fine.status == 0, "\(fine.stderr)")
  }
}
