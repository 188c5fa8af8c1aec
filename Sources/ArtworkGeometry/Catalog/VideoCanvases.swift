extension Catalog {
  /// Video and social aspect ratios as 1080-pixel-high canvases (1080 wide when portrait
  /// or square); no safe area, square corners. Ratios and typical uses: Research/devices.md §11.
  static let videoCanvases: [Target] = [
    video("4:3", 1440, 1080, use: "SD television, iPad-shaped video"),
    video("16:9", 1920, 1080, use: "HD and UHD video"),
    video("1.85:1", 1998, 1080, use: "DCI Flat, US theatrical"),
    video("2:1", 2160, 1080, use: "Univisium, streaming originals; the HIG's fill boundary"),
    video("2.20:1", 2376, 1080, use: "70 mm"),
    video("2.39:1", 2581, 1080, use: "DCI Scope (anamorphic)"),
    video("2.76:1", 2981, 1080, use: "Ultra Panavision 70"),
    video("9:16", 1080, 1920, use: "vertical video: Stories, Reels, Shorts"),
    video("1:1", 1080, 1080, use: "square feed post"),
    video("4:5", 1080, 1350, use: "portrait feed post"),
  ]

  static func video(_ ratio: String, _ width: Double, _ height: Double, use: String) -> Target {
    let slug = "video-" + ratio.replacingOccurrences(":", with: "x").replacingOccurrences(".", with: "-")
    return Target(
      name: "Video \(ratio)", aliases: [ratio], slug: slug, family: .video,
      points: Size(width, height), scale: 1, cornerRadius: 0,
      orientations: [width > height ? .landscape : .portrait],
      sources: ["ratio": ["ISDCF", "HIG_VIDEO", "PLANYOURFEED", "FILMFAQ"]],
      confidence: ["ratio": "verified-2+"], notes: [use])
  }

  /// One iPad multitasking window.
  static func window(
    _ device: String, _ deviceSlug: String, _ fraction: String, _ orientation: ScreenOrientation,
    _ size: Size, scale: Double, _ sizeClasses: SizeClasses, sources: [String], confidence: String
  ) -> Target {
    let label = fraction == "slide-over" ? "Slide Over" : "\(fraction) split"
    let slugPart = fraction == "slide-over" ? "slide-over" : fraction.replacingOccurrences("/", with: "-") + "-split"
    return Target(
      name: "\(device) \(label) (\(orientation.rawValue))",
      slug: "\(deviceSlug)-\(slugPart)-\(orientation.rawValue)", family: .split,
      points: size, scale: scale,
      sizeClassesPortrait: orientation == .portrait ? sizeClasses : nil,
      sizeClassesLandscape: orientation == .portrait ? nil : sizeClasses,
      orientations: [orientation], split: .init(device: device, fraction: fraction),
      sources: ["window": sources], confidence: ["window": confidence])
  }
}

extension String {
  /// Every occurrence of `target` replaced (Foundation-free, for the pure catalog).
  func replacingOccurrences(_ target: Character, with replacement: String) -> String {
    var result = ""
    for character in self { result += character == target ? replacement : String(character) }
    return result
  }
}
