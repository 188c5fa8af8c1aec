extension Catalog {
  /// Mac displays at their default ("looks like") sizes, @2x, as a desktop picture or
  /// full-screen art fills them. The notched MacBooks' camera housing hides the top centre
  /// (`NSScreen.safeAreaInsets`); its size was measured on the 14-inch MacBook Pro, and the
  /// 16-inch has the same pixel density at the same default scale, so the same housing in points.
  /// The MacBook Air's housing is known to exist but was not measured: it is listed, not placed.
  static let macs: [Target] = [
    mac("MacBook Pro 14-inch (2021 and later)", "macbook-pro-14", 1512, 982, housing: .measured),
    mac("MacBook Pro 16-inch (2021 and later)", "macbook-pro-16", 1728, 1117, housing: .inferred),
    mac("MacBook Air 13-inch (M2 and later)", "macbook-air-13", 1470, 956, housing: .unplaced),
    mac("MacBook Air 15-inch", "macbook-air-15", 1710, 1112, housing: .unplaced),
    mac("iMac 24-inch", "imac-24", 2240, 1260, housing: .none),
    mac("Studio Display", "studio-display", 2560, 1440, housing: .none),
    mac("Pro Display XDR", "pro-display-xdr", 3008, 1692, housing: .none),
  ]

  /// What is known of a Mac's camera housing.
  enum MacHousing {
    /// Measured on this Mac: 230 × 32 pt, centred, the safe area's top inset 32 pt.
    case measured
    /// Carried over from a Mac of the same density and default scale.
    case inferred
    /// The Mac has one; its size is not known.
    case unplaced
    /// The display has none.
    case none
  }

  static func mac(_ name: String, _ slug: String, _ width: Double, _ height: Double, housing: MacHousing) -> Target {
    let placed = housing == .measured || housing == .inferred
    let housingRect = Rect(x: (width - 230) / 2, y: 0, width: 230, height: 32)
    var sources: [String: [String]] = ["dimensions": ["APPLE_MAC_SPECS"]]
    var confidence: [String: String] = ["dimensions": "1-source"]
    var notes: [String] = []
    switch housing {
    case .measured, .inferred:
      sources["cutout"] = ["NSSCREEN_SAFE", "HIG_LAYOUT_MAC", "MAC_HOUSING_M"]
      sources["safe_area_landscape"] = ["NSSCREEN_SAFE", "MAC_HOUSING_M"]
      sources["status_bar"] = ["MAC_HOUSING_M"]
      confidence["cutout"] = housing == .measured ? "measured" : "inferred"
      confidence["safe_area_landscape"] = housing == .measured ? "measured" : "inferred"
      confidence["status_bar"] = housing == .measured ? "measured" : "inferred"
      notes.append(
        "Camera housing about 230x32 pt centred at the top; the safe area is NSScreen.safeAreaInsets (top 32 pt); the menu bar is 33 pt."
      )
      if housing == .inferred {
        notes.append("Housing carried over from the 14-inch: the same 254 ppi at the same default 2x scale.")
      }
    case .unplaced:
      sources["cutout"] = ["NSSCREEN_SAFE", "HIG_LAYOUT_MAC"]
      confidence["cutout"] = "unknown"
      notes.append(
        "Has a camera housing at the top centre; its size is not measured, so it is neither drawn nor checked.")
    case .none:
      notes.append("No camera housing.")
    }
    return Target(
      name: name, slug: slug, family: .mac, points: Size(width, height), scale: 2,
      safeArea: placed ? .init(portrait: nil, landscape: Insets(top: 32), basis: "NSScreen.safeAreaInsets") : nil,
      regions: housing == .none
        ? [] : [ScreenRegion(.occlusion, .housing, rect: placed ? housingRect : nil)],
      statusBarLandscape: placed ? 33 : nil, orientations: [.landscape], sources: sources, confidence: confidence,
      notes: notes)
  }
}
