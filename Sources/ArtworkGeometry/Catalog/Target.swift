/// One screen or canvas artwork is checked against: a device, an iPad multitasking
/// window, the windows a person resizes on a screen, a video aspect ratio, or a raw canvas
/// from the command line.
///
/// Figures that no source gives are nil, never invented; `confidence` says how well
/// each figure is sourced, `sources` where it comes from (ids in `Catalog.references`).
public struct Target: Sendable, Hashable {
  /// A window of an iPad in Split View or Slide Over.
  public struct SplitWindow: Sendable, Hashable {
    /// The iPad's catalog name.
    public var device: String
    /// `1/3`, `1/2`, `2/3` or `slide-over`.
    public var fraction: String

    /// A window of `device` at `fraction` of its width.
    public init(device: String, fraction: String) {
      self.device = device
      self.fraction = fraction
    }
  }

  /// Insets of both orientations.
  public struct SafeArea: Sendable, Hashable {
    /// The insets in portrait, in points, when known.
    public var portrait: Insets?
    /// The insets in landscape, in points, when known.
    public var landscape: Insets?
    /// Which OS release the figures describe.
    public var basis: String

    /// A safe area from each orientation's insets and the release they describe.
    public init(portrait: Insets?, landscape: Insets?, basis: String) {
      self.portrait = portrait
      self.landscape = landscape
      self.basis = basis
    }

    /// The insets in `orientation`, when known.
    public func insets(in orientation: ScreenOrientation) -> Insets? {
      orientation == .portrait ? portrait : landscape
    }
  }

  /// The stored figures, behind one reference: a target rides in every result of a run (a
  /// `check` of 1,000 artworks copies one 200,000 times and more), and a copy is then one
  /// retain instead of a retain per string and array and a few hundred bytes moved. The box is
  /// never written: a change makes a new one, so a copy never sees another's change (and a
  /// `let` in a class is read without a run-time exclusivity check).
  private final class Box: Sendable {
    let figures: Figures
    init(_ figures: Figures) { self.figures = figures }
  }

  private struct Figures: Sendable, Hashable {
    var name: String
    var aliases: [String]
    var slug: String
    var family: Family
    var points: Size
    var scale: Double
    var nativeScale: Double?
    var nativePixels: PixelSize?
    var corners: CornerRadii?
    var mask: IconMask?
    var refusesAlpha: Bool
    var safeArea: SafeArea?
    var safeAreaAlternate: SafeArea?
    var regions: [ScreenRegion]
    var homeIndicator: HomeIndicator?
    var statusBarPortrait: Double?
    var statusBarLandscape: Double?
    var statusBarEdge: ScreenEdge
    var statusBarLandscapeEdge: ScreenEdge
    var sizeClassesPortrait: SizeClasses?
    var sizeClassesLandscape: SizeClasses?
    var orientations: [ScreenOrientation]
    var split: SplitWindow?
    var smallestWindow: Size?
    var appWindows = AppWindowLimits.none
    var sources: [String: [String]]
    var confidence: [String: String]
    var notes: [String]
  }

  private var box: Box

  private mutating func update(_ change: (inout Figures) -> Void) {
    var figures = box.figures
    change(&figures)
    box = Box(figures)
  }

  /// Two targets are equal when every figure is: the same box, or boxes holding equal figures.
  public static func == (lhs: Target, rhs: Target) -> Bool {
    lhs.box === rhs.box || lhs.box.figures == rhs.box.figures
  }

  /// Hashes the figures, as `==` compares them.
  public func hash(into hasher: inout Hasher) { hasher.combine(box.figures) }

  /// The name people know it by ("iPhone 16 Pro"), as the catalog lists it.
  public var name: String {
    get { box.figures.name }
    set { update { $0.name = newValue } }
  }
  /// Other names that select it ("iPhone 16 Pro (A3083)").
  public var aliases: [String] {
    get { box.figures.aliases }
    set { update { $0.aliases = newValue } }
  }
  /// The name's form for files and reports ("iphone-16-pro").
  public var slug: String {
    get { box.figures.slug }
    set { update { $0.slug = newValue } }
  }
  /// The family it belongs to, which `--target iphone` and the like select.
  public var family: Family {
    get { box.figures.family }
    set { update { $0.family = newValue } }
  }
  /// Size in points: portrait for devices, the window itself for split targets, the
  /// canvas as it stands for video, Apple TV and raw canvases (see `orientations`).
  public var points: Size {
    get { box.figures.points }
    set { update { $0.points = newValue } }
  }
  /// UIKit scale: pixels per point of the canvas an app draws.
  public var scale: Double {
    get { box.figures.scale }
    set { update { $0.scale = newValue } }
  }
  /// The physical panel's scale where it differs (Plus models, 12/13 mini).
  public var nativeScale: Double? {
    get { box.figures.nativeScale }
    set { update { $0.nativeScale = newValue } }
  }
  /// The physical panel in portrait pixels where it differs from points × scale.
  public var nativePixels: PixelSize? {
    get { box.figures.nativePixels }
    set { update { $0.nativePixels = newValue } }
  }
  /// The display's corner radii in points, clockwise from the top left of `points` (0 = a
  /// square corner, nil = unknown).
  public var corners: CornerRadii? {
    get { box.figures.corners }
    set { update { $0.corners = newValue } }
  }
  /// The shape an app icon slot cuts the canvas to (nil: the whole canvas shows).
  public var mask: IconMask? {
    get { box.figures.mask }
    set { update { $0.mask = newValue } }
  }
  /// Whether the slot refuses an image with an alpha channel, opaque or not (App Store
  /// Connect's icon).
  public var refusesAlpha: Bool {
    get { box.figures.refusesAlpha }
    set { update { $0.refusesAlpha = newValue } }
  }
  /// The safe area artfit uses (iOS 26 where the research has it, else iOS 14–18).
  public var safeArea: SafeArea? {
    get { box.figures.safeArea }
    set { update { $0.safeArea = newValue } }
  }
  /// The other era's safe area where the sources record a different one.
  public var safeAreaAlternate: SafeArea? {
    get { box.figures.safeAreaAlternate }
    set { update { $0.safeAreaAlternate = newValue } }
  }
  /// What hardware hides or divides (a notch, the Dynamic Island, a camera hole, a Mac's camera
  /// housing, a fold), in the points of `points`.
  public var regions: [ScreenRegion] {
    get { box.figures.regions }
    set { update { $0.regions = newValue } }
  }
  /// The Home indicator at the bottom, when it has one.
  public var homeIndicator: HomeIndicator? {
    get { box.figures.homeIndicator }
    set { update { $0.homeIndicator = newValue } }
  }
  /// Status bar height in points in portrait (0 = hidden, nil = unknown or none).
  public var statusBarPortrait: Double? {
    get { box.figures.statusBarPortrait }
    set { update { $0.statusBarPortrait = newValue } }
  }
  /// Status bar height in points in landscape (0 = hidden, nil = unknown or none).
  public var statusBarLandscape: Double? {
    get { box.figures.statusBarLandscape }
    set { update { $0.statusBarLandscape = newValue } }
  }
  /// The edge the status bar runs along in portrait.
  public var statusBarEdge: ScreenEdge {
    get { box.figures.statusBarEdge }
    set { update { $0.statusBarEdge = newValue } }
  }
  /// The edge the status bar runs along in landscape.
  public var statusBarLandscapeEdge: ScreenEdge {
    get { box.figures.statusBarLandscapeEdge }
    set { update { $0.statusBarLandscapeEdge = newValue } }
  }
  /// The size classes an app gets full-screen in portrait, when known.
  public var sizeClassesPortrait: SizeClasses? {
    get { box.figures.sizeClassesPortrait }
    set { update { $0.sizeClassesPortrait = newValue } }
  }
  /// The size classes an app gets full-screen in landscape, when known.
  public var sizeClassesLandscape: SizeClasses? {
    get { box.figures.sizeClassesLandscape }
    set { update { $0.sizeClassesLandscape = newValue } }
  }
  /// The orientations this target is shown in; one for fixed canvases.
  public var orientations: [ScreenOrientation] {
    get { box.figures.orientations }
    set { update { $0.orientations = newValue } }
  }
  /// The iPad and the fraction, for a Split View or Slide Over window.
  public var split: SplitWindow? {
    get { box.figures.split }
    set { update { $0.split = newValue } }
  }
  /// The smallest window a person can make, in whole points, for a target that stands for every
  /// window of a screen (iPadOS 26's windows): its windows are every whole-point size from this
  /// to `canvasPoints(in:)` of each orientation. Nil for a screen or canvas of one size.
  public var smallestWindow: Size? {
    get { box.figures.smallestWindow }
    set { update { $0.smallestWindow = newValue } }
  }
  /// The window sizes the app allows itself (`--window-min`, `--window-max`), within
  /// `smallestWindow` and the screen; `.none` for the system's limits alone.
  public var appWindows: AppWindowLimits { box.figures.appWindows }

  /// This target with the app's window limits, when it stands for every window of a screen;
  /// else as it is.
  public func limitingWindows(to limits: AppWindowLimits) -> Target {
    guard smallestWindow != nil, limits != appWindows else { return self }
    var target = self
    target.update { $0.appWindows = limits }
    return target
  }

  /// Source ids per figure (`dimensions`, `safe_area_portrait`, …).
  public var sources: [String: [String]] {
    get { box.figures.sources }
    set { update { $0.sources = newValue } }
  }
  /// `verified-2+`, `1-source`, `inferred` or `unknown`, per figure.
  public var confidence: [String: String] {
    get { box.figures.confidence }
    set { update { $0.confidence = newValue } }
  }
  /// What the research says about figures that need a word (an estimate, a disputed value).
  public var notes: [String] {
    get { box.figures.notes }
    set { update { $0.notes = newValue } }
  }

  /// A target from its figures; what no source gives stays nil. `cornerRadius` is the same
  /// radius at every corner, `corners` each its own (give one).
  public init(
    name: String, aliases: [String] = [], slug: String, family: Family, points: Size,
    scale: Double, nativeScale: Double? = nil, nativePixels: PixelSize? = nil,
    cornerRadius: Double? = nil, corners: CornerRadii? = nil, mask: IconMask? = nil, refusesAlpha: Bool = false,
    safeArea: SafeArea? = nil,
    safeAreaAlternate: SafeArea? = nil, regions: [ScreenRegion] = [], homeIndicator: HomeIndicator? = nil,
    statusBarPortrait: Double? = nil, statusBarLandscape: Double? = nil, statusBarEdge: ScreenEdge = .top,
    statusBarLandscapeEdge: ScreenEdge = .top,
    sizeClassesPortrait: SizeClasses? = nil, sizeClassesLandscape: SizeClasses? = nil,
    orientations: [ScreenOrientation] = [.portrait, .landscape], split: SplitWindow? = nil,
    smallestWindow: Size? = nil, sources: [String: [String]] = [:], confidence: [String: String] = [:],
    notes: [String] = []
  ) {
    box = Box(
      Figures(
        name: name,
        aliases: aliases,
        slug: slug,
        family: family,
        points: points,
        scale: scale,
        nativeScale: nativeScale,
        nativePixels: nativePixels,
        corners: corners ?? cornerRadius.map { CornerRadii(uniform: $0) },
        mask: mask,
        refusesAlpha: refusesAlpha,
        safeArea: safeArea,
        safeAreaAlternate: safeAreaAlternate,
        regions: regions,
        homeIndicator: homeIndicator,
        statusBarPortrait: statusBarPortrait,
        statusBarLandscape: statusBarLandscape,
        statusBarEdge: statusBarEdge,
        statusBarLandscapeEdge: statusBarLandscapeEdge,
        sizeClassesPortrait: sizeClassesPortrait,
        sizeClassesLandscape: sizeClassesLandscape,
        orientations: orientations,
        split: split,
        smallestWindow: smallestWindow,
        sources: sources,
        confidence: confidence,
        notes: notes))
  }

  /// The pixel sizes an app icon slot takes (its family's `takesExactSize`): its points at each
  /// whole scale up to its own (tvOS's 400x240 pt slot takes 400x240 and 800x480 px); nil for
  /// a screen, which takes any size.
  public var exactSizes: [PixelSize]? {
    guard family.traits.takesExactSize else { return nil }
    let scales = 1...max(1, Int(scale.rounded(.up)))
    return scales.map { PixelSize(roundHalfUp(points.width * Double($0)), roundHalfUp(points.height * Double($0))) }
  }

  /// The canvas an app draws, in pixels (points × scale), as listed.
  public var pixels: PixelSize {
    PixelSize(roundHalfUp(points.width * scale), roundHalfUp(points.height * scale))
  }

  /// The canvas in points when held in `orientation`.
  public func canvasPoints(in orientation: ScreenOrientation) -> Size {
    if orientations.count == 1 { return points }
    return orientation == .portrait ? points : points.transposed
  }

  /// Safe-area insets in points when held in `orientation` (zero when none is known).
  public func safeAreaInsets(in orientation: ScreenOrientation) -> Insets {
    safeArea?.insets(in: orientation) ?? .zero
  }

  /// The size classes in `orientation`, when known.
  public func sizeClasses(in orientation: ScreenOrientation) -> SizeClasses? {
    orientation == .portrait ? sizeClassesPortrait : sizeClassesLandscape
  }

  /// The status bar's height in points in `orientation` (0 = hidden, nil = unknown or none).
  public func statusBarHeight(in orientation: ScreenOrientation) -> Double? {
    orientation == .portrait ? statusBarPortrait : statusBarLandscape
  }

  /// The edge the status bar runs along in `orientation`.
  public func statusBarEdge(in orientation: ScreenOrientation) -> ScreenEdge {
    orientation == .portrait ? statusBarEdge : statusBarLandscapeEdge
  }

  /// Whether figures given in `points` turn with the screen: only a device held both ways.
  public var turnsWithOrientation: Bool { orientations.count > 1 }

  /// Every name the target answers to: name, slug and aliases.
  public var allNames: [String] { [name, slug] + aliases }
}
