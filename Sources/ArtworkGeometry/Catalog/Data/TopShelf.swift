extension Catalog {
  /// Apple TV Top Shelf, @2x in points. The static image is wider than the screen: tvOS fits
  /// it into 1920 points at 16:9, so the centred 1920-point band is its safe area. A dynamic
  /// item is drawn at its actual size; its focused size, centred, is its safe zone, and its
  /// unfocused size, centred, a second check (its own target).
  static let topShelf: [Target] =
    [
      Target(
        name: "Top Shelf static image", aliases: ["Top Shelf"], slug: "topshelf-static", family: .topshelf,
        points: Size(2320, 720), scale: 2, cornerRadius: 0,
        safeArea: .init(portrait: nil, landscape: Insets(left: 200, right: 200), basis: "tvOS fits it into 1920 pt"),
        orientations: [.landscape],
        sources: ["dimensions": ["HIG_TOPSHELF", "UNITY_TOPSHELF"], "safe_area_landscape": ["HIG_TOPSHELF"]],
        confidence: ["dimensions": "verified-2+", "safe_area_landscape": "1-source"],
        notes: ["The static image; tvOS shows the centred 1920 points at 16:9."])
    ]
    + topShelfItem("poster", "Poster (2:3)", actual: Size(404, 608), focused: Size(380, 570), unfocused: Size(333, 570))
    + topShelfItem("square", "Square", actual: Size(608, 608), focused: Size(570, 570), unfocused: Size(500, 500))
    + topShelfItem("wide", "16:9", actual: Size(908, 512), focused: Size(852, 479), unfocused: Size(782, 440))
    + topShelfItem(
      "banner", "Scrolling inset banner", actual: Size(1940, 692), focused: Size(1740, 620),
      unfocused: Size(1740, 560))

  /// An item's two targets: its actual size with the focused size as its safe zone, and with
  /// the unfocused size.
  static func topShelfItem(_ slug: String, _ kind: String, actual: Size, focused: Size, unfocused: Size) -> [Target] {
    [("focused", focused), ("unfocused", unfocused)].map { state, visible in
      let across = (actual.width - visible.width) / 2
      let down = (actual.height - visible.height) / 2
      let zone = Insets(top: down, left: across, bottom: down, right: across)  // the item stands as it is
      return Target(
        name: "Top Shelf \(kind) (\(state))", slug: "topshelf-\(slug)-\(state)", family: .topshelf,
        points: actual, scale: 2, cornerRadius: 0,
        safeArea: .init(portrait: zone, landscape: zone, basis: "the item's \(state) size, centred"),
        orientations: [actual.width >= actual.height ? .landscape : .portrait],
        sources: ["dimensions": ["HIG_TOPSHELF"], "safe_area_landscape": ["HIG_TOPSHELF"]],
        confidence: ["dimensions": "1-source", "safe_area_landscape": "inferred"],
        notes: [
          "Actual \(formatNumber(actual.width))x\(formatNumber(actual.height)) pt; \(state) \(formatNumber(visible.width))x\(formatNumber(visible.height)) pt, taken as centred."
        ])
    }
  }
}
