extension Catalog {
  /// Every size App Store Connect accepts for a screenshot, and every app preview size: exact
  /// pixel canvases (scale 1) with no safe area and square corners, listed portrait where a
  /// class takes both ways (landscape is the transpose), else as the class takes them.
  /// Rows a third-party table gives but Apple's page was not seen for are marked measured.
  static let appStoreCanvases: [Target] =
    [
      screenshot("iPhone 6.9-inch", [(1320, 2868), (1290, 2796), (1260, 2736)], measured: false),
      screenshot("iPhone 6.5-inch", [(1284, 2778), (1242, 2688)], measured: false),
      screenshot(
        "iPhone 6.3-inch", [(1206, 2622), (1179, 2556), (1170, 2532), (1125, 2436), (1080, 2340)], measured: true),
      screenshot("iPad 13-inch", [(2064, 2752), (2048, 2732)], measured: false),
      screenshot("iPad 11-inch", [(1668, 2420), (1668, 2388), (1640, 2360), (1488, 2266)], measured: true),
      screenshot("Mac", [(2880, 1800), (2560, 1600), (1440, 900), (1280, 800)], measured: true, turns: false),
      screenshot("Apple TV", [(3840, 2160), (1920, 1080)], measured: true, turns: false),
      screenshot("Apple Vision Pro", [(3840, 2160)], measured: true, turns: false),
      screenshot(
        "Apple Watch", [(422, 514), (416, 496), (410, 502), (396, 484), (368, 448), (312, 390)], measured: false,
        turns: false),
    ].flatMap { $0 } + [
      preview("iPhone 6.9, 6.5 and 6.3-inch", 886, 1920, note: "No device's size: App Store Connect's own canvas."),
      preview("iPhone 5.5-inch and older 16:9", 1080, 1920, note: nil),
      preview("iPhone 4.7-inch", 750, 1334, note: nil),
      preview("iPad", 1200, 1600, note: nil),
      preview("Mac and Apple TV", 1920, 1080, note: nil),
    ]

  /// The screenshot sizes of one display class.
  static func screenshot(_ display: String, _ sizes: [(Int, Int)], measured: Bool, turns: Bool = true) -> [Target] {
    sizes.map { width, height in
      let slugClass = display.lowercased().replacingOccurrences(" ", with: "-").replacingOccurrences(".", with: "-")
      return Target(
        name: "App Store screenshot \(display) \(width)x\(height)", slug: "appstore-\(slugClass)-\(width)x\(height)",
        family: .appstore, points: Size(Double(width), Double(height)), scale: 1, cornerRadius: 0,
        orientations: turns ? [.portrait, .landscape] : [width > height ? .landscape : .portrait],
        sources: ["dimensions": measured ? ["ASC_SCREENSHOTS_COPIES"] : ["ASC_SCREENSHOTS", "ASC_SCREENSHOTS_COPIES"]],
        confidence: ["dimensions": measured ? "measured" : "verified-2+"],
        notes: ["An exact canvas: App Store Connect refuses any other size for this class; no alpha."])
    }
  }

  /// One app preview size.
  static func preview(_ display: String, _ width: Int, _ height: Int, note: String?) -> Target {
    Target(
      name: "App Store preview \(display) \(width)x\(height)", slug: "appstore-preview-\(width)x\(height)",
      family: .appstore, points: Size(Double(width), Double(height)), scale: 1, cornerRadius: 0,
      orientations: [width > height ? .landscape : .portrait],
      sources: ["dimensions": ["ASC_PREVIEWS"]], confidence: ["dimensions": "1-source"],
      notes: ["An app preview (15-30 s video) canvas."] + (note.map { [$0] } ?? []))
  }
}
