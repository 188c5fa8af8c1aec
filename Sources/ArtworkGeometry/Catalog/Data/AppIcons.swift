extension Catalog {
  /// App icon slots, in pixels (scale 1, except tvOS's @2x): the canvas a designer delivers and
  /// the shape the system shows of it. iOS, iPadOS and macOS cut a rounded square, drawn as a
  /// superellipse of exponent 5 (an approximation: Apple publishes the mask only as template
  /// art); watchOS and visionOS a circle. A tvOS icon is not masked but grows and moves when
  /// focused: its published safe zone, centred, is where content is never cut.
  static let appIcons: [Target] = [
    icon(
      "iOS and iPadOS app icon", "icon-ios", points: Size(1024, 1024), mask: IconMask(exponent: 5),
      maskNote: "The rounded square drawn as a superellipse of exponent 5 (a third-party approximation).",
      refusesAlpha: true),
    icon(
      "macOS app icon (macOS 26)", "icon-macos", points: Size(1024, 1024), mask: IconMask(exponent: 5),
      maskNote: "macOS 26 masks icons to the same rounded square as iOS; earlier macOS shows the canvas as drawn."),
    icon(
      "watchOS app icon", "icon-watchos", points: Size(1088, 1088), mask: .circle,
      maskNote: "watchOS shows the icon as a circle."),
    icon(
      "visionOS app icon", "icon-visionos", points: Size(1024, 1024), mask: .circle,
      maskNote: "visionOS shows the icon's layers as a circle."),
    Target(
      name: "tvOS app icon", aliases: ["tvOS icon"], slug: "icon-tvos", family: .icon, points: Size(400, 240),
      scale: 2,
      safeArea: .init(
        portrait: nil, landscape: Insets(top: 9, left: 15, bottom: 9, right: 15),
        basis: "the published safe zone 370x222 pt, centred"),
      orientations: [.landscape],
      sources: ["dimensions": ["HIG_APP_ICONS", "XAMARIN_TVOS_ICONS"], "safe_area_landscape": ["XAMARIN_TVOS_ICONS"]],
      confidence: ["dimensions": "verified-2+", "safe_area_landscape": "1-source"],
      notes: [
        "Actual 400x240 pt (800x480 px @2x); focused and safe zone 370x222 pt, taken as centred; unfocused 300x180 pt."
      ]),
    Target(
      name: "tvOS App Store icon", slug: "icon-tvos-app-store", family: .icon, points: Size(1280, 768), scale: 1,
      orientations: [.landscape],
      sources: ["dimensions": ["HIG_APP_ICONS", "XAMARIN_TVOS_ICONS"]],
      confidence: ["dimensions": "verified-2+"],
      notes: ["The large icon the App Store shows; no safe zone is published for it."]),
  ]

  /// A square-canvas icon slot cut to `mask`; `refusesAlpha` for the icon App Store Connect
  /// takes, which it refuses with an alpha channel even when every pixel is opaque.
  static func icon(
    _ name: String, _ slug: String, points: Size, mask: IconMask, maskNote: String, refusesAlpha: Bool = false
  ) -> Target {
    var sources = ["dimensions": ["HIG_APP_ICONS"], "mask": mask == .circle ? ["HIG_APP_ICONS"] : ["ICON_SHAPE_STUDY"]]
    var confidence = ["dimensions": "1-source", "mask": mask == .circle ? "1-source" : "third-party"]
    if refusesAlpha {
      sources["refuses_alpha"] = ["ASC_ICON_ALPHA"]
      confidence["refuses_alpha"] = "third-party"
    }
    return Target(
      name: name, slug: slug, family: .icon, points: points, scale: 1, mask: mask, refusesAlpha: refusesAlpha,
      orientations: [.portrait], sources: sources, confidence: confidence,
      notes: [maskNote] + (refusesAlpha ? ["App Store Connect refuses this icon with an alpha channel."] : []))
  }
}
