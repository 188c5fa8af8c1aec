extension Catalog {
  /// CarPlay screens as the CarPlay Simulator offers them; a car's own screen may be any
  /// other size. No safe area or corner figures are published.
  static let carPlayScreens: [Target] = [
    carPlay("CarPlay standard (800x480)", "carplay-standard", 800, 480, scale: 2),
    carPlay("CarPlay minimum (748x456)", "carplay-minimum", 748, 456, scale: 2),
    carPlay("CarPlay portrait (768x1024)", "carplay-portrait", 768, 1024, scale: 2),
    carPlay("CarPlay high resolution (1920x720)", "carplay-high-resolution", 1920, 720, scale: 3),
  ]

  /// A screen of `width` × `height` pixels at `scale`, as the article gives it.
  static func carPlay(_ name: String, _ slug: String, _ width: Double, _ height: Double, scale: Double) -> Target {
    Target(
      name: name, slug: slug, family: .carplay, points: Size(width / scale, height / scale), scale: scale,
      orientations: [width > height ? .landscape : .portrait],
      sources: ["dimensions": ["CARPLAY_SIM"]], confidence: ["dimensions": "1-source"],
      notes: ["A configuration of the CarPlay Simulator; safe area and corners unpublished."])
  }
}
