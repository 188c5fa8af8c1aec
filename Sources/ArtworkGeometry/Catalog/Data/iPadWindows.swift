extension Catalog {
  /// The iPads that run iPadOS 26, by slug, with the models of a catalog row that do when not
  /// all of them do (Apple's list: A12 and later).
  static let iPadOS26: [(slug: String, models: String?)] = [
    ("ipad-pro-13-m4", nil), ("ipad-pro-11-m4", nil), ("ipad-air-13", nil), ("ipad-air-11", nil),
    ("ipad-10th-a16", nil), ("ipad-mini-8-3", nil), ("ipad-pro-12-9-gen3-6", nil), ("ipad-pro-11-gen1-4", nil),
    ("ipad-air-10-5", nil), ("ipad-10-2", "the 8th and 9th generations"), ("ipad-mini-7-9", "the 5th generation"),
  ]

  /// Every window a person can make on each iPad that runs iPadOS 26, from the smallest to the
  /// whole screen in each orientation (`Target.smallestWindow`).
  ///
  /// Apple publishes no smallest window (HIG Layout: "down to a minimum width and height").
  /// The smallest here is inferred: as wide as the narrowest window iPadOS 18 gave that iPad
  /// (a third or Slide Over, which apps already lay out at) and as tall as it is wide. A window
  /// keeps no safe-area insets of the screen's (third parties find web views in windows read 0),
  /// and its corner radius and window controls have no published size, so none is drawn.
  static let iPadWindows: [Target] = iPadOS26.compactMap { entry in
    guard let screen = ipads.first(where: { $0.slug == entry.slug }) else { return nil }
    let narrowest = splitWindows.filter { $0.slug.hasPrefix(entry.slug + "-") }.map(\.points.width).min() ?? 320
    var notes = [
      "Every whole-point window from \(formatNumber(narrowest))x\(formatNumber(narrowest)) pt to the whole screen in each orientation.",
      "Smallest window inferred: as wide as the narrowest iPadOS 18 Split View or Slide Over window on this iPad, and as tall; Apple publishes none. An app's own minimum is larger.",
      "No safe-area insets, corner radius or window controls drawn: Apple publishes no size for a window's.",
    ]
    if let models = entry.models { notes.append("iPadOS 26 runs on \(models) of this row only.") }
    return Target(
      name: "\(screen.name) windows", slug: "\(screen.slug)-windows", family: .ipadWindows, points: screen.points,
      scale: screen.scale, cornerRadius: 0, sizeClassesPortrait: nil, sizeClassesLandscape: nil,
      orientations: [.portrait, .landscape], smallestWindow: Size(narrowest, narrowest),
      sources: [
        "dimensions": screen.sources["dimensions"] ?? [], "runs_ipados_26": ["IPADOS26_DEVICES"],
        "windows": ["MACRUMORS_IPADOS26", "HIG_LAYOUT_WINDOWS"], "smallest_window": [],
      ],
      confidence: [
        "dimensions": screen.confidence["dimensions"] ?? "unknown", "runs_ipados_26": "verified-2+",
        "windows": "verified-2+", "smallest_window": "inferred",
      ],
      notes: notes)
  }
}
