/// What artfit says and does for a family, in one place: adding a family is its case in
/// `Family`, its row here and its devices' data; the default run, the legends, the crop map's
/// colours, the verdicts' words, `devices`, help and completions all follow from this table.
public struct FamilyTraits: Sendable, Equatable {
  /// Whether `--targets` and `devices --family` take it by name (a custom canvas is not chosen
  /// by family).
  public var selectable: Bool
  /// Whether the default `--targets` holds it.
  public var inDefaultRun: Bool
  /// Whether its screens are held both ways (portrait and landscape) unless an entry says
  /// otherwise; a fixed canvas stands as its shape.
  public var turns: Bool
  /// The family a legend draws it as: itself, or another (iPod touch is drawn as an iPhone).
  public var legendFamily: Family
  /// Where a legend lists it (families drawn as another are not listed).
  public var legendPosition: Int
  /// The word a legend uses ("iPhone", "split window").
  public var legendLabel: String
  /// Its screens' outline colour on the crop map and the template, as 8-bit sRGB.
  public var outline: (red: UInt8, green: UInt8, blue: UInt8)
  /// How a verdict speaks of its screens together ("iPhones", "video canvases").
  public var plural: String
  /// Whether its slots take a picture of exactly their size (app icons), not any size.
  public var takesExactSize = false
  /// The family whose name selects this one too (iPadOS 26's windows are chosen with `ipad`).
  public var selectedWith: Family? = nil

  /// Whether two rows say the same in every field (the colour is a tuple, which is not
  /// `Equatable` by itself).
  public static func == (a: FamilyTraits, b: FamilyTraits) -> Bool {
    a.selectable == b.selectable && a.inDefaultRun == b.inDefaultRun && a.turns == b.turns
      && a.legendFamily == b.legendFamily
      && a.legendPosition == b.legendPosition && a.legendLabel == b.legendLabel && a.outline == b.outline
      && a.plural == b.plural && a.selectedWith == b.selectedWith
      && a.takesExactSize == b.takesExactSize
  }
}

extension Family {
  /// This family's row of the table.
  public var traits: FamilyTraits {
    switch self {
    case .iphone:
      FamilyTraits(
        selectable: true, inDefaultRun: true, turns: true, legendFamily: .iphone, legendPosition: 0,
        legendLabel: "iPhone", outline: (255, 59, 48), plural: "iPhones")
    case .ipad:
      FamilyTraits(
        selectable: true, inDefaultRun: true, turns: true, legendFamily: .ipad, legendPosition: 1,
        legendLabel: "iPad", outline: (10, 132, 255), plural: "iPads")
    case .ipod:
      FamilyTraits(
        selectable: true, inDefaultRun: false, turns: true, legendFamily: .iphone, legendPosition: 0,
        legendLabel: "iPhone", outline: (255, 59, 48), plural: "iPods")
    case .tv:
      FamilyTraits(
        selectable: true, inDefaultRun: true, turns: false, legendFamily: .tv, legendPosition: 2,
        legendLabel: "Apple TV", outline: (52, 199, 89), plural: "Apple TVs")
    case .split:
      FamilyTraits(
        selectable: true, inDefaultRun: false, turns: false, legendFamily: .split, legendPosition: 5,
        legendLabel: "split window", outline: (255, 159, 10), plural: "split windows")
    case .ipadWindows:
      FamilyTraits(
        selectable: true, inDefaultRun: false, turns: true, legendFamily: .ipadWindows, legendPosition: 4,
        legendLabel: "iPad window", outline: (100, 210, 255), plural: "iPad windows", selectedWith: .ipad)
    case .video:
      FamilyTraits(
        selectable: true, inDefaultRun: true, turns: false, legendFamily: .video, legendPosition: 3,
        legendLabel: "video", outline: (191, 90, 242), plural: "video canvases")
    case .watch:
      FamilyTraits(
        selectable: true, inDefaultRun: false, turns: false, legendFamily: .watch, legendPosition: 6,
        legendLabel: "Apple Watch", outline: (94, 92, 230), plural: "Apple Watches")
    case .mac:
      FamilyTraits(
        selectable: true, inDefaultRun: false, turns: false, legendFamily: .mac, legendPosition: 7,
        legendLabel: "Mac", outline: (172, 142, 104), plural: "Macs")
    case .vision:
      FamilyTraits(
        selectable: true, inDefaultRun: false, turns: false, legendFamily: .vision, legendPosition: 8,
        legendLabel: "Vision Pro", outline: (48, 176, 199), plural: "Vision Pro windows")
    case .carplay:
      FamilyTraits(
        selectable: true, inDefaultRun: false, turns: false, legendFamily: .carplay, legendPosition: 9,
        legendLabel: "CarPlay", outline: (255, 55, 95), plural: "CarPlay screens")
    case .appstore:
      FamilyTraits(
        selectable: true, inDefaultRun: false, turns: false, legendFamily: .appstore, legendPosition: 10,
        legendLabel: "App Store", outline: (0, 199, 190), plural: "App Store canvases")
    case .topshelf:
      FamilyTraits(
        selectable: true, inDefaultRun: false, turns: false, legendFamily: .tv, legendPosition: 2,
        legendLabel: "Apple TV", outline: (52, 199, 89), plural: "Top Shelf slots")
    case .icon:
      FamilyTraits(
        selectable: true, inDefaultRun: false, turns: false, legendFamily: .icon, legendPosition: 11,
        legendLabel: "app icon", outline: (255, 204, 0), plural: "app icon slots", takesExactSize: true)
    case .custom:
      FamilyTraits(
        selectable: false, inDefaultRun: false, turns: false, legendFamily: .custom, legendPosition: 12,
        legendLabel: "canvas", outline: (255, 255, 255), plural: "canvases")
    }
  }

  /// The families `--targets` and `devices --family` take by name, in declaration order.
  public static var selectable: [Family] { allCases.filter(\.traits.selectable) }

  /// The families a legend lists, in its order: every family drawn as itself.
  public static var legend: [Family] {
    allCases.filter { $0.traits.legendFamily == $0 }.sorted { $0.traits.legendPosition < $1.traits.legendPosition }
  }

  /// The families this name selects: itself, and the families selected with it.
  public var selection: [Family] { [self] + Family.allCases.filter { $0.traits.selectedWith == self } }

  /// The families the default `--targets` holds.
  public static var inDefaultRun: [Family] { allCases.filter(\.traits.inDefaultRun) }
}
