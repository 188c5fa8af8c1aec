/// One screen or canvas artwork is checked against: a device, an iPad multitasking
/// window, a video aspect ratio, or a raw canvas from the command line.
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

  /// The name people know it by ("iPhone 16 Pro"), as the catalog lists it.
  public var name: String
  /// Other names that select it ("iPhone 16 Pro (A3083)").
  public var aliases: [String]
  /// The name's form for files and reports ("iphone-16-pro").
  public var slug: String
  /// The family it belongs to, which `--target iphone` and the like select.
  public var family: Family
  /// Size in points: portrait for devices, the window itself for split targets, the
  /// canvas as it stands for video, Apple TV and raw canvases (see `orientations`).
  public var points: Size
  /// UIKit scale: pixels per point of the canvas an app draws.
  public var scale: Double
  /// The physical panel's scale where it differs (Plus models, 12/13 mini).
  public var nativeScale: Double?
  /// The physical panel in portrait pixels where it differs from points × scale.
  public var nativePixels: PixelSize?
  /// The display's corner radii in points, clockwise from the top left of `points` (0 = a
  /// square corner, nil = unknown).
  public var corners: CornerRadii?
  /// The safe area artfit uses (iOS 26 where the research has it, else iOS 14–18).
  public var safeArea: SafeArea?
  /// The other era's safe area where the sources record a different one.
  public var safeAreaAlternate: SafeArea?
  /// What hardware hides or divides (a notch, the Dynamic Island, a camera hole, a Mac's camera
  /// housing, a fold), in the points of `points`.
  public var regions: [ScreenRegion]
  /// The Home indicator at the bottom, when it has one.
  public var homeIndicator: HomeIndicator?
  /// Status bar height in points in portrait (0 = hidden, nil = unknown or none).
  public var statusBarPortrait: Double?
  /// Status bar height in points in landscape (0 = hidden, nil = unknown or none).
  public var statusBarLandscape: Double?
  /// The edge the status bar runs along in portrait.
  public var statusBarEdge: ScreenEdge
  /// The edge the status bar runs along in landscape.
  public var statusBarLandscapeEdge: ScreenEdge
  /// The size classes an app gets full-screen in portrait, when known.
  public var sizeClassesPortrait: SizeClasses?
  /// The size classes an app gets full-screen in landscape, when known.
  public var sizeClassesLandscape: SizeClasses?
  /// The orientations this target is shown in; one for fixed canvases.
  public var orientations: [ScreenOrientation]
  /// The iPad and the fraction, for a Split View or Slide Over window.
  public var split: SplitWindow?
  /// Source ids per figure (`dimensions`, `safe_area_portrait`, …).
  public var sources: [String: [String]]
  /// `verified-2+`, `1-source`, `inferred` or `unknown`, per figure.
  public var confidence: [String: String]
  /// What the research says about figures that need a word (an estimate, a disputed value).
  public var notes: [String]

  /// A target from its figures; what no source gives stays nil. `cornerRadius` is the same
  /// radius at every corner, `corners` each its own (give one).
  public init(
    name: String, aliases: [String] = [], slug: String, family: Family, points: Size,
    scale: Double, nativeScale: Double? = nil, nativePixels: PixelSize? = nil,
    cornerRadius: Double? = nil, corners: CornerRadii? = nil, safeArea: SafeArea? = nil,
    safeAreaAlternate: SafeArea? = nil, regions: [ScreenRegion] = [], homeIndicator: HomeIndicator? = nil,
    statusBarPortrait: Double? = nil, statusBarLandscape: Double? = nil, statusBarEdge: ScreenEdge = .top,
    statusBarLandscapeEdge: ScreenEdge = .top,
    sizeClassesPortrait: SizeClasses? = nil, sizeClassesLandscape: SizeClasses? = nil,
    orientations: [ScreenOrientation] = [.portrait, .landscape], split: SplitWindow? = nil,
    sources: [String: [String]] = [:], confidence: [String: String] = [:], notes: [String] = []
  ) {
    self.name = name
    self.aliases = aliases
    self.slug = slug
    self.family = family
    self.points = points
    self.scale = scale
    self.nativeScale = nativeScale
    self.nativePixels = nativePixels
    self.corners = corners ?? cornerRadius.map { CornerRadii(uniform: $0) }
    self.safeArea = safeArea
    self.safeAreaAlternate = safeAreaAlternate
    self.regions = regions
    self.homeIndicator = homeIndicator
    self.statusBarPortrait = statusBarPortrait
    self.statusBarLandscape = statusBarLandscape
    self.statusBarEdge = statusBarEdge
    self.statusBarLandscapeEdge = statusBarLandscapeEdge
    self.sizeClassesPortrait = sizeClassesPortrait
    self.sizeClassesLandscape = sizeClassesLandscape
    self.orientations = orientations
    self.split = split
    self.sources = sources
    self.confidence = confidence
    self.notes = notes
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
