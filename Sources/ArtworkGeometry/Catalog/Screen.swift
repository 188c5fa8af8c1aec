/// A target held in one orientation and drawn at one scale: everything in canvas pixels.
public struct Screen: Sendable, Hashable {
  /// The device or canvas.
  public var target: Target
  /// How it is held.
  public var orientation: ScreenOrientation
  /// Pixels per point of this canvas (the target's own scale, or a `--scales` factor).
  public var scale: Double
  /// One window of a target that stands for every window of a screen (`Target.smallestWindow`):
  /// the canvas is this window; nil for the screen itself.
  public var window: WindowSize?

  /// `target` held in `orientation`, at `scale` or the target's own.
  public init(target: Target, orientation: ScreenOrientation, scale: Double? = nil) {
    self.target = target
    self.orientation = orientation
    self.scale = scale ?? target.scale
  }

  /// The canvas in points: the window, when this is one window of a range.
  public var points: Size {
    window.map { Size(Double($0.width), Double($0.height)) } ?? target.canvasPoints(in: orientation)
  }

  /// Every window a person can make on this screen, when the target stands for its windows
  /// (and this is not already one of them): from the smallest window to the screen held in
  /// this orientation, within the app's own limits (`Target.appWindows`). Nil for a screen of
  /// one size, and for a range whose sizes are not whole points or whose scale is not a whole
  /// 1 to 3 (`WindowRange`).
  public var windowRange: WindowRange? {
    guard window == nil, let smallest = target.smallestWindow else { return nil }
    let screen = target.canvasPoints(in: orientation)
    guard let scale = Int(exactly: scale), let smallestWidth = Int(exactly: smallest.width),
      let smallestHeight = Int(exactly: smallest.height), let screenWidth = Int(exactly: screen.width),
      let screenHeight = Int(exactly: screen.height)
    else { return nil }
    let (low, high) = target.appWindows.windows(
      smallest: WindowSize(smallestWidth, smallestHeight), screen: WindowSize(screenWidth, screenHeight))
    return WindowRange(
      smallest: (low.width, low.height), largest: (high.width, high.height), scale: scale,
      safeInsets: target.safeAreaInsets(in: orientation))
  }

  /// This screen's `window` of its range.
  public func at(_ window: WindowSize) -> Screen {
    var screen = self
    screen.window = window
    return screen
  }

  /// The target's name, and the window's size when this is one window of a range ("iPad Air
  /// 11\" (M2, M3) windows at 1180x412 pt").
  public var name: String {
    guard let window else { return target.name }
    return "\(target.name) at \(window) pt"
  }

  /// The canvas in pixels: points × scale, rounded.
  public var canvas: PixelSize {
    let size = points.scaled(by: scale)
    return PixelSize(max(1, roundHalfUp(size.width)), max(1, roundHalfUp(size.height)))
  }

  /// Safe-area insets in canvas pixels.
  public var safeInsets: Insets { target.safeAreaInsets(in: orientation).scaled(by: scale) }

  /// The safe area in canvas pixels.
  public var safeArea: Rect { Rect.of(canvas.size).inset(by: safeInsets) }

  /// Every region with a known place, turned with the screen and in canvas pixels.
  public var regions: [ScreenRegion] {
    target.regions.compactMap { region in
      guard let rect = region.rect else { return nil }
      let turned =
        target.turnsWithOrientation ? PortraitTurn.rect(rect, in: orientation, portrait: target.points) : rect
      return ScreenRegion(region.kind, region.shape, rect: turned.scaled(by: scale))
    }
  }

  /// Where nothing shows, in canvas pixels.
  public var occlusions: [Rect] { regions.filter { $0.kind == .occlusion }.compactMap(\.rect) }

  /// Where content reads badly across (folds, hinges), in canvas pixels.
  public var divisions: [Rect] { regions.filter { $0.kind == .division }.compactMap(\.rect) }

  /// The Home indicator pill in canvas pixels.
  public var homeIndicator: Rect? {
    target.homeIndicator?.rect(on: points).scaled(by: scale)
  }

  /// The display's corner radii in canvas pixels, turned with the screen (0 for square corners
  /// or unknown).
  public var corners: CornerRadii {
    let radii = (target.corners ?? CornerRadii(uniform: 0)).scaled(by: scale)
    return target.turnsWithOrientation ? PortraitTurn.corners(radii, in: orientation) : radii
  }

  /// The app icon mask, inscribed in the whole canvas; nil when the whole canvas shows.
  public var mask: IconMask? { target.mask }

  /// The status bar band in canvas pixels, along its edge; nil when hidden or unknown.
  public var statusBar: Rect? {
    guard let height = target.statusBarHeight(in: orientation), height > 0 else { return nil }
    return target.statusBarEdge(in: orientation).band(of: height * scale, in: Rect.of(canvas.size))
  }

  /// The size classes an app gets on this screen, when known.
  public var sizeClasses: SizeClasses? { target.sizeClasses(in: orientation) }
}

extension Screen {
  /// A scale as file names and reports write it: "2", "3", "2.5".
  public static func scaleText(_ scale: Double) -> String {
    scale == scale.rounded() ? String(Int(scale)) : String(scale)
  }
}
