/// The built-in target catalog: Apple devices, iPad multitasking windows, video aspect
/// ratios. Pure data, built once; see Research/ for where every figure comes from.
public enum Catalog {
  /// Every built-in target, in catalog order: iPhones and iPod, iPads and their iPadOS 26
  /// windows, Apple TV, video, split windows, then Apple Watch, Mac, Vision Pro, CarPlay, App
  /// Store and Top Shelf.
  public static let all: [Target] =
    recentPhones + earlierPhones + ipads + iPadWindows + televisions + videoCanvases + splitWindows + watches + macs
    + visionWindows + carPlayScreens + appStoreCanvases + topShelf + appIcons

  /// The built-in targets as a catalog a run chooses from.
  public static let builtIn = TargetCatalog(all)

  /// The families `render` and `check` use when `--targets` is not given: those the default
  /// names (`Family.inDefaultRun`) and the families selected with them.
  public static let defaultFamilies: [Family] = Family.inDefaultRun.flatMap(\.selection)

  /// The built-in targets of one family, in catalog order.
  public static func targets(in family: Family) -> [Target] { builtIn.targets(in: family) }

  /// The first built-in target whose name, slug or alias matches `name` (case, quotes and
  /// spacing are ignored).
  public static func target(named name: String) -> Target? { builtIn.target(named: name) }

  /// Up to `limit` built-in target names closest to `name`, for "did you mean".
  public static func suggestions(for name: String, limit: Int = 3) -> [String] {
    builtIn.suggestions(for: name, limit: limit)
  }
}
