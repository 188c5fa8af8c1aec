extension Catalog {
  /// Apple Watch displays, portrait only, @2x, in the HIG's pixels halved to points. A watch
  /// face or a watch app's hero photo fills the display; it has no safe area beyond its
  /// rounded corners, whose radii Apple does not publish (measured figures where they exist,
  /// else unknown; Series 1–3 are square-cornered).
  static let watches: [Target] = [
    watch("Apple Watch Ultra 3 (49mm)", "apple-watch-ultra-3-49mm", 422, 514, radius: nil),
    watch("Apple Watch Series 10/11 (42mm)", "apple-watch-series-10-42mm", 374, 446, radius: nil),
    watch("Apple Watch Series 10/11 (46mm)", "apple-watch-series-10-46mm", 416, 496, radius: nil),
    watch("Apple Watch Ultra 1-2 (49mm)", "apple-watch-ultra-49mm", 410, 502, radius: 38),
    watch("Apple Watch Series 7-9 (41mm)", "apple-watch-series-7-41mm", 352, 430, radius: 37),
    watch("Apple Watch Series 7-9 (45mm)", "apple-watch-series-7-45mm", 396, 484, radius: 38),
    watch("Apple Watch Series 4-6, SE (40mm)", "apple-watch-series-4-40mm", 324, 394, radius: 28),
    watch("Apple Watch Series 4-6, SE (44mm)", "apple-watch-series-4-44mm", 368, 448, radius: 31),
    watch("Apple Watch Series 1-3 (38mm)", "apple-watch-series-1-38mm", 272, 340, radius: 0),
    watch("Apple Watch Series 1-3 (42mm)", "apple-watch-series-1-42mm", 312, 390, radius: 0),
  ]

  /// One watch of `width` × `height` pixels (@2x) whose corner radius in points is measured
  /// (`radius`), square (0) or unknown (nil).
  static func watch(_ name: String, _ slug: String, _ width: Int, _ height: Int, radius: Double?) -> Target {
    let older = width <= 396  // the sizes up to Series 7-9, which the HIG's earlier editions list too
    return Target(
      name: name, slug: slug, family: .watch, points: Size(Double(width) / 2, Double(height) / 2), scale: 2,
      cornerRadius: radius, orientations: [.portrait],
      sources: [
        "dimensions": older ? ["HIG_LAYOUT_WATCH", "HIG_WATCH_2021"] : ["HIG_LAYOUT_WATCH", "WATCH_SIZES"],
        "display_corner_radius": radius == nil ? [] : radius == 0 ? ["HIG_WATCH_2021"] : ["WATCH_RADII_M"],
      ],
      confidence: [
        "dimensions": older ? "verified-2+" : "1-source",
        "display_corner_radius": radius == nil ? "unknown" : radius == 0 ? "1-source" : "measured",
      ],
      notes: [
        "A full-screen photo fills the display; no safe area beyond the corners.",
        radius == nil
          ? "Corner radius unknown: Apple publishes none and no measurement was found; corners are not drawn."
          : radius == 0
            ? "Series 1-3 displays are drawn square-cornered."
            : "Corner radius measured by the community, not published by Apple.",
      ])
  }
}
