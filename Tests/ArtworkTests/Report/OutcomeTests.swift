import TestSupport
import Testing

@testable import ArtworkGeometry
@testable import ArtworkReport

/// One contact-sheet card per outcome for the picture.
struct OutcomeTests {
  static func results(_ names: [String], orientations: [ScreenOrientation] = [.portrait, .landscape]) throws
    -> [ReportedResult]
  {
    try names.flatMap { name in
      let target = try #require(Catalog.target(named: name))
      return orientations.flatMap { orientation in
        [FitMode.fit, .fill].map { mode in
          ReportedResult(
            TargetResult.solve(
              source: Size(1080, 1920), screen: Screen(target: target, orientation: orientation), mode: mode,
              gravity: .center, focus: nil, checks: Checks()),
            preview: "a/\(target.slug)-\(orientation.rawValue)-\(mode.rawValue)@3x.png")
        }
      }
    }
  }

  @Test func devicesOfOneSizeShareEveryCard() throws {
    let same = ["iPhone 16", "iPhone 15", "iPhone 15 Pro", "iPhone 14 Pro"]
    let groups = Outcome.groups(try Self.results(same))
    #expect(groups.count == 4, "fit and fill in two orientations")
    for group in groups { #expect(group.map(\.screen.target.name) == same, "catalog order, first device first") }
  }

  @Test func anotherAspectIsAnotherCard() throws {
    let groups = Outcome.groups(try Self.results(["iPhone 16", "iPhone 8"], orientations: [.portrait]))
    #expect(groups.count == 4 && groups.allSatisfy { $0.count == 1 })
  }

  @Test func theSheetNamesAndLinksEveryDevice() throws {
    let names = ["iPhone 16", "iPhone 15", "iPhone 15 Pro", "iPhone 14 Pro", "iPhone 8"]
    let results = try Self.results(names)
    let artwork = ArtworkReport(
      file: ArtworkFile(path: "a.png", stem: "a"), width: 1080, height: 1920, focus: nil, results: results)
    let html = HTMLWriter.html(RunReport(options: .null, artworks: [artwork], errors: []))
    let section = try #require(html.components(separatedBy: "<h3>").dropFirst().first)
    #expect(
      section.components(separatedBy: "<figure").count - 1 == 8, "4 outcomes for the four alike, 4 for the iPhone 8")
    for name in names { #expect(html.contains(name)) }
    for result in results { #expect(html.contains("href=\"\(result.preview!)\""), "\(result.preview!) is linked") }
    #expect(section.contains(" — 393×852 pt"))
  }

  /// The figures are compared as numbers: a crop edge a hair below zero rounds to -0.0, which
  /// is the same tenth of a pixel as 0.0 and the same card.
  @Test func theSignOfARoundedZeroIsTheSameOutcome() throws {
    let results = try Self.results(["iPhone 16"], orientations: [.landscape]).filter { $0.placement.mode == .fill }
    var hair = try #require(results.first)
    #expect(hair.result.placement.crop.x == 0, "a landscape fill of a portrait source keeps its whole width")
    hair.result.placement.crop.x = -1e-9
    #expect(Outcome.groups([results[0], hair]).count == 1)
    hair.result.placement.crop.x = -0.06
    #expect(Outcome.groups([results[0], hair]).count == 2, "a tenth of a pixel apart is another card")
  }
}
