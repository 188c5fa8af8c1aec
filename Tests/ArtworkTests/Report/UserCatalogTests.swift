import Foundation
import Testing

@testable import ArtworkGeometry
@testable import ArtworkReport
@_spi(Support) @testable import ArtworkSupport

/// A user catalog read and checked: new devices, replacements, and every problem at once.
struct UserCatalogTests {
  /// An entry as `artfit devices --json` prints one, edited into a device artfit lacks.
  static let phone = """
    {"name": "Test Phone 1", "aliases": ["TP1"], "slug": "test-phone-1", "family": "iphone",
     "points": {"w": 400, "h": 880}, "scale": 3, "corner_radius": 55,
     "safe_area": {"portrait": {"top": 70, "left": 0, "bottom": 30, "right": 0},
                   "landscape": {"top": 0, "left": 70, "bottom": 20, "right": 70}},
     "sensor_housing": {"shape": "island", "x": 137, "y": 12, "w": 126, "h": 37},
     "home_indicator": {"w": 140, "h": 5, "bottom": 8}, "status_bar": 60,
     "size_classes": {"portrait": {"width": "compact", "height": "regular"},
                      "landscape": {"width": "compact", "height": "compact"}},
     "orientations": ["portrait", "landscape"]}
    """

  static func parse(_ text: String) throws(UserCatalog.Failure) -> UserCatalog {
    try UserCatalog.parse(Array(text.utf8), path: "mine.json")
  }

  static func problems(_ text: String) -> [String] {
    do {
      _ = try parse(text)
      return []
    } catch {
      return error.description.split(separator: "\n").map(String.init)
    }
  }

  /// A team's own screen whose windows resize: read with its smallest window, and refused by
  /// name where a range could not be solved as written.
  @Test func aScreenWhoseWindowsResizeIsReadAndCheckedByName() throws {
    let good = try Self.parse(
      #"{"targets": [{"name": "Kiosk windows", "slug": "kiosk-windows", "family": "ipad-windows", "points": {"w": 800, "h": 1200}, "scale": 2, "smallest_window": {"w": 300, "h": 200}}]}"#
    )
    let kiosk = try #require(good.catalog.target(named: "kiosk-windows"))
    #expect(Screen(target: kiosk, orientation: .landscape).windowRange?.widths == 300...1200)
    let bad =
      #"{"targets": [{"name": "A", "slug": "a", "family": "ipad-windows", "points": {"w": 800, "h": 1200}, "scale": 2, "smallest_window": {"w": 900, "h": 200}}, {"name": "B", "slug": "b", "family": "ipad-windows", "points": {"w": 800, "h": 1200}, "scale": 2.5, "smallest_window": {"w": 300.5, "h": 200}}]}"#
    let problems = Self.problems(bad)
    for line in [
      "mine.json: targets[0] (a): smallest_window: larger than the screen held either way",
      "mine.json: targets[1] (b): smallest_window: a screen whose windows resize and its smallest window take whole points",
      "mine.json: targets[1] (b): smallest_window: a screen whose windows resize takes a whole scale of 1 to 3",
    ] {
      #expect(problems.contains(line), "\(line)\nin\n\(problems.joined(separator: "\n"))")
    }
  }

  @Test func aNewDeviceIsATargetLikeAnyOther() throws {
    let catalog = try Self.parse("{\"targets\": [\(Self.phone)]}")
    let phone = try #require(catalog.catalog.target(named: "TP1"))
    #expect(phone.name == "Test Phone 1" && phone.family == .iphone && phone.pixels == PixelSize(1200, 2640))
    #expect(phone.safeArea?.portrait == Insets(top: 70, left: 0, bottom: 30, right: 0))
    #expect(phone.regions == [ScreenRegion(.occlusion, .island, rect: Rect(x: 137, y: 12, width: 126, height: 37))])
    #expect(phone.homeIndicator == HomeIndicator(width: 140, height: 5, bottom: 8))
    #expect(
      phone.corners == CornerRadii(uniform: 55) && phone.statusBarPortrait == 60 && phone.statusBarLandscape == nil)
    #expect(phone.sizeClassesLandscape == SizeClasses(.compact, .compact))
    // After the last built-in iPhone, before the iPod: `iphone` lists it.
    let iphones = catalog.catalog.targets(in: .iphone)
    #expect(iphones.last?.slug == "test-phone-1" && iphones.count == Catalog.targets(in: .iphone).count + 1)
    #expect(catalog.catalog.all.count == Catalog.all.count + 1)
    #expect(try TargetSelection.resolve(["iphone"], in: catalog.catalog).contains(phone))
    #expect(catalog.fingerprint == ContentHash.hex128(Array("{\"targets\": [\(Self.phone)]}".utf8)))
    #expect(catalog.slugsUsed(by: [phone, Catalog.all[0], phone]) == ["test-phone-1"])
  }

  @Test func absentMeansNone() throws {
    let catalog = try Self.parse(
      #"{"targets": [{"name": "Kiosk", "slug": "kiosk", "family": "tv", "points": {"w": 1080, "h": 1920}, "scale": 1}]}"#
    )
    let kiosk = try #require(catalog.targets.first)
    #expect(
      kiosk.safeArea == nil && kiosk.regions.isEmpty && kiosk.homeIndicator == nil && kiosk.corners == nil)
    #expect(kiosk.orientations == [.portrait], "a fixed canvas stands as its shape")
  }

  @Test func aReplacementSwapsTheBuiltInInPlace() throws {
    let built = try #require(Catalog.target(named: "iPhone 16 Pro"))
    let text =
      #"{"targets": [{"name": "iPhone 16 Pro", "slug": "iphone-16-pro", "family": "iphone", "points": {"w": 402, "h": 874}, "scale": 3, "replaces": "iphone-16-pro", "safe_area": {"portrait": {"top": 80, "left": 0, "bottom": 34, "right": 0}, "landscape": null}}]}"#
    let catalog = try Self.parse(text)
    let swapped = try #require(catalog.catalog.target(named: "iphone-16-pro"))
    #expect(swapped.safeArea?.portrait?.top == 80 && swapped.safeArea?.landscape == nil)
    #expect(catalog.catalog.all.firstIndex(of: swapped) == Catalog.all.firstIndex(of: built))
    #expect(catalog.catalog.all.count == Catalog.all.count)
  }

  @Test func everyProblemNamesTheFileTheEntryAndTheKey() {
    let bad = """
      {"targets": [
        {"name": "Test Phone 1", "slug": "test-phone-1", "family": "iphone", "points": {"w": 402, "h": 880},
         "scale": 3, "safe_area": {"portrait": {"top": 900, "left": 0, "bottom": 30, "right": 0}}},
        {"name": "Neg", "slug": "neg", "family": "iphone", "points": {"w": -3, "h": 880}, "scale": 3},
        {"name": "Fam", "slug": "fam", "family": "phone", "points": {"w": 400, "h": 800}, "scale": 2},
        {"name": "Again", "slug": "test-phone-1", "family": "ipad", "points": {"w": 800, "h": 1000}, "scale": 2},
        {"name": "iPhone 16 Pro", "slug": "mine", "family": "iphone", "points": {"w": 400, "h": 800}, "scale": 3},
        {"name": "Home", "slug": "home", "family": "iphone", "points": {"w": 400, "h": 800}, "scale": 3,
         "home_indicator": {"w": 500, "h": 5, "bottom": 8}, "colour": "red"},
        {"name": "R", "slug": "r", "family": "iphone", "points": {"w": 400, "h": 800}, "scale": 3, "replaces": "iphone-99"}
      ]}
      """
    let problems = Self.problems(bad)
    let expected = [
      "mine.json: targets[0] (test-phone-1): safe_area.portrait: top 900 + bottom 30 exceeds the height 880",
      "mine.json: targets[1] (neg): points.w: -3 must be above 0",
      "mine.json: targets[2] (fam): family: unknown family \"phone\" (one of \(Family.selectable.map(\.rawValue).joined(separator: ", ")))",
      "mine.json: targets[3] (test-phone-1): slug: \"test-phone-1\" is already targets[0] (test-phone-1)'s",
      "mine.json: targets[4] (mine): name: \"iPhone 16 Pro\" is already the built-in iPhone 16 Pro (iphone-16-pro)'s; add \"replaces\" to swap it",
      "mine.json: targets[5] (home): home_indicator: width 500 exceeds the screen's width 400",
      "mine.json: targets[6] (r): replaces: \"iphone-99\" is not a built-in slug (see 'artfit devices')",
    ]
    for line in expected { #expect(problems.contains(line), "\(line)\nin\n\(problems.joined(separator: "\n"))") }
    #expect(problems.contains { $0.hasPrefix("mine.json: targets[5] (home): unknown key \"colour\"") })
    #expect(problems.count == expected.count + 1, "\(problems)")
  }

  @Test func malformedFilesSayWhereAndWhat() {
    let truncated = Self.problems("{\"targets\": [\n\(Self.phone.prefix(60))")
    #expect(
      truncated.count == 1 && truncated[0].hasPrefix("mine.json: not valid JSON: line 2, column 61: "), "\(truncated)")
    #expect(Self.problems("[1]") == ["mine.json: a catalog is a JSON object {\"targets\": [...]}"])
    #expect(Self.problems("{\"devices\": []}") == ["mine.json: unknown key \"devices\" (a catalog has \"targets\")"])
    #expect(Self.problems("{\"targets\": []}") == ["mine.json: \"targets\" holds no target"])
    #expect(Self.problems("{\"targets\": [3]}") == ["mine.json: targets[0]: expected a target object"])
  }

  /// The whole built-in catalog as `devices --json` prints it, each entry replacing itself,
  /// reads back as the same targets: the schema cannot fall behind the catalog.
  @Test func theBuiltInCatalogReadsBackAsItself() throws {
    var entries: [JSONValue] = []
    for target in Catalog.all {
      guard case .object(let members) = target.json else { throw CancellationError() }
      entries.append(.object(members + [("replaces", .string(target.slug))]))
    }
    let text = JSONValue.object([("targets", .array(entries))]).serialized()
    let catalog = try Self.parse(text)
    #expect(catalog.catalog.all.count == Catalog.all.count)
    for (read, built) in zip(catalog.catalog.all, Catalog.all) {
      #expect(read == built, "\(built.slug) reads back differently")
    }
  }

  /// Version 2's shape: each problem of corners and regions named by its key, and a figure
  /// given in both versions' forms refused.
  @Test func theShapesProblemsAreNamed() {
    let bad = """
      {"version": 2, "targets": [
        {"name": "Shaped", "slug": "shaped", "family": "iphone", "points": {"w": 400, "h": 800}, "scale": 2,
         "corner_radius": 40, "corners": {"top_left": 8, "top_right": 300, "bottom_right": 50, "bottom_left": 8},
         "regions": [{"kind": "hole", "shape": "hole", "x": 1, "y": 1, "w": 4, "h": 4},
                     {"kind": "occlusion", "shape": "star", "x": 1, "y": 1, "w": 4, "h": 4},
                     {"kind": "occlusion", "shape": "hole", "x": 390, "y": 1, "w": 40, "h": 4},
                     {"kind": "division", "shape": "fold", "x": 0, "y": 400, "w": 0, "h": 0}],
         "status_bar_edge": "middle"}]}
      """
    let problems = Self.problems(bad)
    let entry = "mine.json: targets[0] (shaped): "
    for expected in [
      "corners, corner_radius: give one (version 2 writes \"corners\")",
      "corners: 300 exceeds half the shorter side, 200",
      "regions[0].kind: expected \"occlusion\" or \"division\"",
      "regions[1].shape: expected one of \"notch\", \"island\", \"hole\", \"housing\", \"fold\", \"rect\"",
      "regions[2]: (390, 1, 40x4) reaches outside the screen 400x800",
      "regions[3]: (0, 400, 0x0) covers nothing (an occlusion needs an area, a division a length)",
      "status_bar_edge: \"middle\" is not an edge (top, left, bottom, right)",
    ] {
      #expect(problems.contains(entry + expected), "\(expected) in \(problems)")
    }
    #expect(
      Self.problems(
        #"{"version": 3, "targets": [{"name": "A", "slug": "a", "family": "tv", "points": {"w": 1, "h": 1}, "scale": 1}]}"#
      )
        == ["mine.json: \"version\": this artfit reads catalog versions 1 to 2 (got 3)"])
  }

  @Test func anIconMaskIsReadAndItsProblemsNamed() throws {
    func entry(_ slug: String, _ mask: String) -> String {
      #"{"name": "\#(slug)", "slug": "\#(slug)", "family": "icon", "points": {"w": 512, "h": 512}, "scale": 2, "mask": \#(mask)}"#
    }
    let catalog = try Self.parse(
      "{\"targets\": [\(entry("round", #"{"shape": "circle"}"#)), \(entry("squircle", #"{"shape": "superellipse", "exponent": 4}"#))]}"
    )
    #expect(catalog.targets.map(\.mask) == [.circle, IconMask(exponent: 4)])
    let problems = Self.problems(
      "{\"targets\": [\(entry("a", #"{"shape": "star"}"#)), \(entry("b", #"{"shape": "superellipse"}"#)), "
        + "\(entry("c", #"{"shape": "circle", "exponent": 3}"#)), \(entry("d", #"{"shape": "superellipse", "exponent": 1.5}"#)), "
        + "\(entry("e", #"{"shape": "circle", "radius": 3}"#)), \(entry("f", "5"))]}")
    for expected in [
      "targets[0] (a): mask.shape: \"star\" is not \"circle\" or \"superellipse\"",
      "targets[1] (b): mask.exponent: required for a superellipse",
      "targets[2] (c): mask.exponent: a circle's exponent is 2",
      "targets[3] (d): mask.exponent: a whole number from 2 to 64",
      "targets[4] (e): mask: unknown key \"radius\"",
      "targets[5] (f): mask: expected an object with \"shape\" (\"circle\" or \"superellipse\") and \"exponent\"",
    ] {
      #expect(problems.contains("mine.json: " + expected), "\(expected) in \(problems)")
    }
  }
}
