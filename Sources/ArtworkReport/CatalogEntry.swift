import ArtworkGeometry
@_spi(Support) import ArtworkSupport

/// One target of a user catalog, read from the object `artfit devices --json` prints for a
/// target, and checked: every problem is kept (with the key it concerns), so a file is
/// reported whole at once.
struct CatalogEntry {
  /// The families an entry may belong to (a raw canvas is given on the command line).
  static let families: [Family] = Family.selectable
  static let fractions = ["1/3", "1/2", "2/3", "slide-over"]

  var target: Target?
  /// The slug as written, when it is a string (problems name the entry by it).
  var slug: String?
  /// The built-in slug the entry swaps, when it says `replaces`.
  var replaces: String?
  var problems: [String] = []

  /// Reads `value`; its problems name the key they concern (the catalog adds which entry).
  init(_ value: JSONValue) {
    guard case .object(let members) = value else {
      problems.append("expected a target object")
      return
    }
    var fields = CatalogFields(members)
    read(&fields)
    for key in fields.unread {
      problems.append("unknown key \"\(key)\" (an entry has the keys 'artfit devices --json' prints, and \"replaces\")")
    }
    problems += fields.problems
  }

  private mutating func read(_ fields: inout CatalogFields) {
    let name = fields.string("name", required: true)
    let slug = fields.string("slug", required: true)
    self.slug = slug
    if let slug, slug.isEmpty || !slug.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }) {
      fields.problems.append("slug: \"\(slug)\" is not a slug (lower-case letters, digits and hyphens)")
    }
    let familyName = fields.string("family", required: true)
    let family = familyName.flatMap { Family(rawValue: $0) }.flatMap { Self.families.contains($0) ? $0 : nil }
    if let familyName, family == nil {
      fields.problems.append(
        "family: unknown family \"\(familyName)\" (one of \(Self.families.map(\.rawValue).joined(separator: ", ")))")
    }
    let points = fields.size("points", required: true)
    let scale = fields.number("scale", required: true, above: 0, atMost: 10)
    replaces = fields.string("replaces")
    let aliases = fields.strings("aliases") ?? []
    fields.skip("pixels")  // points × scale, printed for people; the entry's points and scale decide
    let nativeScale = fields.number("native_scale", above: 0, atMost: 10)
    let nativePixels = fields.pixelSize("native_pixels")
    let orientations = fields.orientations(family: family, points: points)
    var target = Target(
      name: name ?? "", aliases: aliases, slug: slug ?? "", family: family ?? .custom,
      points: points ?? Size(1, 1), scale: scale ?? 1, nativeScale: nativeScale, nativePixels: nativePixels,
      orientations: orientations)
    readScreen(&fields, into: &target, checked: points != nil)
    readSplit(&fields, into: &target, family: family)
    readWindows(&fields, into: &target, checked: points != nil && scale != nil)
    target.sources = fields.stringLists("sources") ?? [:]
    target.confidence = fields.stringMap("confidence") ?? [:]
    target.notes = fields.strings("notes") ?? []
    guard name != nil, slug != nil, family != nil, points != nil, scale != nil else { return }
    self.target = target
  }

  /// Corners, an icon mask, safe areas, regions, Home indicator, status bar, size classes: each
  /// checked against the screen when its size is known.
  private func readScreen(_ fields: inout CatalogFields, into target: inout Target, checked: Bool) {
    let portrait = target.canvasPoints(in: .portrait)
    target.corners = fields.corners(on: portrait, checked: checked)
    target.mask = fields.mask()
    target.refusesAlpha = fields.flag("refuses_alpha") ?? false
    target.safeArea = fields.safeArea("safe_area", target: target, checked: checked, basisKey: "safe_area_basis")
    target.safeAreaAlternate = fields.safeArea("safe_area_alternate", target: target, checked: checked, basisKey: nil)
    target.regions = fields.regions(on: target.points, checked: checked)
    target.homeIndicator = fields.homeIndicator(on: portrait, checked: checked)
    target.statusBarPortrait = fields.statusBar("status_bar", height: portrait.height, checked: checked)
    target.statusBarLandscape = fields.statusBar(
      "status_bar_landscape", height: target.canvasPoints(in: .landscape).height, checked: checked)
    target.statusBarEdge = fields.edge("status_bar_edge")
    target.statusBarLandscapeEdge = fields.edge("status_bar_landscape_edge")
    let classes = fields.sizeClasses()
    target.sizeClassesPortrait = classes.portrait
    target.sizeClassesLandscape = classes.landscape
  }

  /// The smallest window of a target that stands for every window of its screen: whole points,
  /// no larger than the screen in any orientation it has, at a whole scale of 1 to 3, on a
  /// screen with no regions or mask (a window range is solved without them).
  private func readWindows(_ fields: inout CatalogFields, into target: inout Target, checked: Bool) {
    guard let smallest = fields.size("smallest_window", required: false) else { return }
    target.smallestWindow = smallest
    guard checked else { return }
    let largest = target.orientations.map { target.canvasPoints(in: $0) }
    if smallest.width != smallest.width.rounded() || smallest.height != smallest.height.rounded()
      || target.points.width != target.points.width.rounded() || target.points.height != target.points.height.rounded()
    {
      fields.problems.append("smallest_window: a screen whose windows resize and its smallest window take whole points")
    } else if largest.contains(where: { smallest.width > $0.width || smallest.height > $0.height }) {
      fields.problems.append(
        "smallest_window: larger than the screen held \(target.orientations.count > 1 ? "either way" : "as it is")")
    }
    if ![1.0, 2, 3].contains(target.scale) {
      fields.problems.append("smallest_window: a screen whose windows resize takes a whole scale of 1 to 3")
    }
    if !target.regions.isEmpty || target.mask != nil {
      fields.problems.append(
        "smallest_window: a screen whose windows resize has no regions or mask in this catalog schema")
    }
  }

  /// A split window's iPad and fraction (and its one orientation, printed again).
  private func readSplit(_ fields: inout CatalogFields, into target: inout Target, family: Family?) {
    let device = fields.string("device")
    let fraction = fields.string("fraction")
    let orientation = fields.string("orientation")
    if let orientation, ScreenOrientation(rawValue: orientation) != target.orientations.first {
      fields.problems.append("orientation: \"\(orientation)\" is not the window's one orientation in \"orientations\"")
    }
    guard family == .split else {
      if device != nil || fraction != nil {
        fields.problems.append("device, fraction: only a split window (family \"split\") has them")
      }
      return
    }
    guard let device, let fraction else {
      return fields.problems.append("device, fraction: a split window names its iPad and its fraction")
    }
    if !Self.fractions.contains(fraction) {
      fields.problems.append("fraction: \"\(fraction)\" is not one of \(Self.fractions.joined(separator: ", "))")
    }
    if target.orientations.count != 1 {
      fields.problems.append("orientations: a split window has one orientation")
    }
    target.split = Target.SplitWindow(device: device, fraction: fraction)
  }
}
