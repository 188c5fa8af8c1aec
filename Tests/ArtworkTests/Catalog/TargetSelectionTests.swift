import TestSupport
import Testing

@testable import ArtworkGeometry

struct TargetSelectionTests {
  @Test func familiesNamesAndCanvasesResolveInOrderWithoutRepeats() throws {
    let targets = try TargetSelection.resolve(["tv", "Apple TV 4K", "390x844@3", "video-16x9"])
    #expect(targets.map(\.slug) == ["apple-tv-hd", "apple-tv-4k", "canvas-390x844-3x", "video-16x9"])
    let canvas = targets[2]
    #expect(canvas.pixels == PixelSize(1170, 2532) && canvas.safeArea == nil)
  }

  @Test func namesWithCommasSurviveTheCommaList() throws {
    let targets = try TargetSelection.resolve(list: "iPhone 16 Pro,iPad Pro 13\" (M4, M5), tv")
    #expect(targets.map(\.slug) == ["iphone-16-pro", "ipad-pro-13-m4", "apple-tv-hd", "apple-tv-4k"])
  }

  @Test func plainCanvasIsPixelsAtScaleOne() throws {
    let target = try TargetSelection.canvas("1920x1080")
    #expect(target.scale == 1 && target.pixels == PixelSize(1920, 1080) && target.orientations == [.landscape])
  }

  @Test func unknownNameSuggests() {
    #expect(throws: TargetSelection.Failure.self) { try TargetSelection.resolve(["iPhone 15 Prro"]) }
    do {
      _ = try TargetSelection.resolve(["iPhone 15 Prro"])
    } catch {
      guard case .unknown(_, let suggestions) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(suggestions.first == "iPhone 15 Pro")
    }
  }

  @Test(arguments: ["0x10", "10x", "axb@2", "10x10@0", "10x10@x"])
  func badCanvasesAreRefused(text: String) {
    #expect(throws: TargetSelection.Failure.self) { try TargetSelection.resolve([text]) }
  }

  @Test func defaultFamiliesAreTheContractDefault() throws {
    let targets = try TargetSelection.resolve(Family.inDefaultRun.map(\.rawValue))
    #expect(Set(targets.map(\.family)) == Set(Catalog.defaultFamilies))
    #expect(Set(targets.map(\.family)) == [.iphone, .ipad, .ipadWindows, .tv, .video])
    // The contract's default list, `iphone,ipad,tv,video`, names the same targets: `ipad` brings
    // iPadOS 26's windows.
    #expect(try TargetSelection.resolve(list: "iphone,ipad,tv,video") == targets)
  }

  /// Every family selected with another is selected by that one's name, and by its own alone.
  @Test func aFamilySelectedWithAnotherComesWithIt() throws {
    for family in Family.selectable {
      guard let with = family.traits.selectedWith else { continue }
      let selected = Set(try TargetSelection.resolve([with.rawValue]).map(\.family))
      #expect(selected.contains(family) && selected.contains(with), "\(with.rawValue) leaves out \(family.rawValue)")
      #expect(Set(try TargetSelection.resolve([family.rawValue]).map(\.family)) == [family])
    }
  }
}
