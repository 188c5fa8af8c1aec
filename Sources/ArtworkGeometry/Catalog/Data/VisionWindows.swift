extension Catalog {
  /// Apple Vision Pro: a window at the size visionOS gives it by default. Its pixel scale is
  /// not published: artfit draws it at 2x, the scale visionOS reports to apps.
  static let visionWindows: [Target] = [
    Target(
      name: "Vision Pro window (default size)", aliases: ["Vision Pro"], slug: "vision-pro-window", family: .vision,
      points: Size(1280, 720), scale: 2, orientations: [.landscape],
      sources: ["dimensions": ["HIG_WINDOWS_VISION", "VUPLEX_VISION"], "scale": []],
      confidence: ["dimensions": "verified-2+", "scale": "inferred", "display_corner_radius": "unknown"],
      notes: ["People resize windows; this is the size a window opens at.", "Window corner radius unknown."])
  ]
}
