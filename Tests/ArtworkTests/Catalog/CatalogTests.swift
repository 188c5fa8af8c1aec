import TestSupport
import Testing

@testable import ArtworkGeometry

/// The catalog reproduces Apple's HIG tables and keeps its data honest.
struct CatalogTests {
  /// "414x736 pt (1080x1920 px @3x)" → points, pixels, scale.
  static func parseDimensions(_ text: String) -> (points: Size, pixels: PixelSize, scale: Double)? {
    let numbers = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    guard numbers.count == 5 else { return nil }
    return (Size(Double(numbers[0]), Double(numbers[1])), PixelSize(numbers[2], numbers[3]), Double(numbers[4]))
  }

  @Test func everyHIGDimensionRowIsFoundWithItsFigures() throws {
    let rows = Research.table("device-dimensions.tsv")
    #expect(rows.count == 35)
    for row in rows {
      let name = row[0]
      let target = try #require(Catalog.target(named: name), "no target named \(name)")
      let published = try #require(Self.parseDimensions(row[1]))
      #expect(target.scale == published.scale, "\(name) scale")
      if name == "10.5\" iPad Pro" {
        // The one wrong row of that HIG edition: the catalog carries the real screen.
        #expect(target.points == Size(834, 1112) && target.pixels == PixelSize(1668, 2224))
        #expect(target.notes.contains { $0.contains("834x1194") }, "the correction is documented")
        continue
      }
      #expect(target.points == published.points, "\(name) points")
      // The HIG's pixel column is the physical panel for the Plus models, points x scale
      // for every other row (the minis included).
      let expected = name.hasSuffix("Plus") ? target.nativePixels : target.pixels
      #expect(expected == published.pixels, "\(name) pixels")
    }
  }

  @Test func plusModelsDrawAtThreeTimesAndShowOnA1080Panel() throws {
    let plus = try #require(Catalog.target(named: "iPhone 7 Plus"))
    #expect(plus.pixels == PixelSize(1242, 2208))
    #expect(plus.nativePixels == PixelSize(1080, 1920))
    let mini = try #require(Catalog.target(named: "iPhone 13 mini"))
    #expect(mini.pixels == PixelSize(1125, 2436) && mini.nativePixels == PixelSize(1080, 2340))
  }

  @Test func deviceSizeClassTableIsReproduced() throws {
    let rows = Research.table("device-size-classes.tsv")
    #expect(rows.count == 24)
    for row in rows {
      let target = try #require(Catalog.target(named: row[0]), "no target named \(row[0])")
      #expect(target.sizeClassesPortrait == SizeClasses(higText: row[1]), "\(row[0]) portrait")
      #expect(target.sizeClassesLandscape == SizeClasses(higText: row[2]), "\(row[0]) landscape")
    }
  }

  @Test func multitaskingTableIsReproduced() throws {
    var device = ""
    let rows = Research.table("multitasking-size-classes.tsv")
    #expect(rows.count == 15)
    for row in rows {
      if !row[0].isEmpty { device = row[0] }
      let ipad = try #require(Catalog.target(named: device), "no iPad named \(device)")
      let fraction = String(row[1].prefix(3))
      for (orientation, text) in [(ScreenOrientation.portrait, row[2]), (.landscape, row[3])] {
        let window = Catalog.targets(in: .split).first {
          $0.split?.device == ipad.name && $0.split?.fraction == fraction && $0.orientations == [orientation]
        }
        if text == "N/A" {
          #expect(window == nil, "\(device) \(fraction) \(orientation) does not exist")
        } else {
          let found = try #require(window, "\(device) \(fraction) \(orientation)")
          #expect(found.sizeClasses(in: orientation) == SizeClasses(higText: text), "\(found.name)")
        }
      }
    }
  }

  @Test func namesSlugsAndAliasesAreUniqueWhereTheyMatter() {
    let slugs = Catalog.all.map(\.slug)
    #expect(Set(slugs).count == slugs.count, "slugs are unique")
    let names = Catalog.all.map { normalizedName($0.name) }
    #expect(Set(names).count == names.count, "names are unique")
  }

  @Test func familiesHoldWhatTheContractLists() {
    #expect(Catalog.targets(in: .video).count == 10)
    #expect(Catalog.targets(in: .tv).map(\.name) == ["Apple TV HD (4th gen)", "Apple TV 4K (1st-3rd gen)"])
    #expect(Catalog.targets(in: .iphone).count == 37)
    #expect(Catalog.targets(in: .ipad).count == 16)
    for name in ["iPhone 16e", "iPhone Air", "iPhone 17 Pro Max", "iPhone 14", "iPad mini 8.3\" (6th gen, A17 Pro)"] {
      #expect(Catalog.target(named: name) != nil, "\(name) is in the catalog")
    }
  }

  @Test(arguments: Catalog.all)
  func everyTargetIsConsistent(target: Target) {
    #expect(target.points.width > 0 && target.points.height > 0)
    #expect(!target.orientations.isEmpty)
    if [.iphone, .ipad, .ipod].contains(target.family) {
      #expect(target.points.width < target.points.height, "devices are listed in portrait")
      #expect(target.safeArea?.portrait != nil && target.sizeClassesPortrait != nil)
    }
    for region in target.regions {
      guard let rect = region.rect else { continue }
      #expect(Rect.of(target.points).contains(rect), "every region inside the screen")
    }
    if let home = target.homeIndicator {
      #expect(Rect.of(target.points).contains(home.rect(on: target.points)))
    }
    for region in target.regions where region.kind == .occlusion && target.safeArea != nil {
      for orientation in target.orientations {
        let screen = Screen(target: target, orientation: orientation)
        let clear = screen.occlusions.allSatisfy { $0.intersection(screen.safeArea).isEmpty }
        #expect(clear, "the \(orientation) safe area clears every occlusion of \(target.name)")
      }
    }
  }

  @Test func unknownFiguresStayUnknown() throws {
    let pro17 = try #require(Catalog.target(named: "iPhone 17 Pro"))
    #expect(pro17.regions == [ScreenRegion(.occlusion, .island, rect: nil)])
    #expect(pro17.confidence["cutout"] == "unknown")
    #expect(pro17.statusBarPortrait == nil)
  }

  @Test func iOS26InsetsAreDefaultAndTheReferenceIsKept() throws {
    let ipad = try #require(Catalog.target(named: "iPad Pro 13\" (M4, M5)"))
    #expect(ipad.safeArea?.portrait == Insets(top: 32, bottom: 25))
    #expect(ipad.safeAreaAlternate?.portrait == Insets(top: 24, bottom: 20))
    #expect(ipad.safeArea?.basis.hasPrefix("iOS 26") == true)
  }

  @Test func lookupIgnoresCaseQuotesAndSpacing() {
    #expect(Catalog.target(named: "iphone  15 PRO")?.name == "iPhone 15 Pro")
    #expect(Catalog.target(named: "12.9\u{201D} iPad Pro")?.slug == "ipad-pro-12-9-gen3-6")
    #expect(Catalog.target(named: "iphone-x")?.name == "iPhone X")
    #expect(Catalog.target(named: "iPhone 99") == nil)
  }

  @Test func suggestionsNameCloseTargets() {
    #expect(Catalog.suggestions(for: "iPhone 15 Pro Maxx").first == "iPhone 15 Pro Max")
    #expect(Catalog.suggestions(for: "ipad mini").contains { $0.contains("iPad mini") })
  }
}
