import Artwork

/// The values shells complete for the catalog's options.
enum Completion {
  /// Family names (the `custom` family is a canvas given as WxH@S, not a name).
  static let families = Family.selectable.map(\.rawValue)
  /// Every target's slug, in catalog order.
  static let devices = Catalog.all.map(\.slug)
  /// What `--targets` takes: families, `all`, and device slugs.
  static let targets = families + ["all"] + devices
}
