import ArtworkCodec
import ArtworkGeometry
import ArtworkPixels

/// The marks a preview can carry, switched with `--overlays`.
public enum Overlay: String, Sendable, Hashable, CaseIterable, Codable {
  /// Tint outside the safe area and a 1-point outline along it.
  case safeArea = "safe-area"
  /// The display's rounded corners: the area outside them is black.
  case corners
  /// The notch or Dynamic Island, solid black.
  case sensor
  /// The Home indicator pill.
  case homeIndicator = "home-indicator"
  /// An outline of the status bar band.
  case statusBar = "status-bar"
  /// An outline of the focus region as placed on the canvas.
  case focus

  /// Colours of the marks, documented in the README.
  static let safeAreaTint = RGB(255, 59, 48)
  static let statusBarColour = RGB(10, 132, 255)
  static let focusColour = RGB(255, 214, 10)
  static let homeIndicatorColour = RGB(255, 255, 255)
  static let outlineColour = RGB(20, 20, 20)
}

/// The colours overlays are drawn in: defined in sRGB, converted into a preview's profile.
public struct OverlayColours: Sendable, Equatable {
  /// The tint outside the safe area and its outline.
  public var safeAreaTint = Overlay.safeAreaTint
  /// The status bar band's outline.
  public var statusBar = Overlay.statusBarColour
  /// The focus region's outline.
  public var focus = Overlay.focusColour
  /// The Home indicator pill.
  public var homeIndicator = Overlay.homeIndicatorColour
  /// The dark edge around the Home indicator pill, so it shows on light artwork.
  public var outline = Overlay.outlineColour
  /// Corners and the sensor housing.
  public var black = RGB(0, 0, 0)

  /// The default colours, in sRGB.
  public init() {}

  /// Every colour passed through `convert`.
  public func converted(_ convert: (RGB) -> RGB) -> OverlayColours {
    var colours = self
    for path in [\OverlayColours.safeAreaTint, \.statusBar, \.focus, \.homeIndicator, \.outline, \.black] {
      colours[keyPath: path] = convert(self[keyPath: path])
    }
    return colours
  }
}

/// Draws overlays for one screen onto a canvas, at the screen's pixel scale.
public struct OverlayPainter: Sendable {
  /// Which overlays it draws.
  public var overlays: Set<Overlay>
  /// sRGB unless the preview has another profile.
  public var colours = OverlayColours()

  /// A painter of `overlays`, in sRGB.
  public init(overlays: Set<Overlay>) { self.overlays = overlays }

  /// The same overlays in `colours`.
  public func inColours(_ colours: OverlayColours) -> OverlayPainter {
    var painter = self
    painter.colours = colours
    return painter
  }

  /// Paints every requested overlay; `focus` is the focus region in canvas pixels.
  public func paint(_ canvas: inout Canvas, screen: Screen, focus: Rect?) {
    let size = canvas.size
    let bounds = Rect.of(size.size)
    let point = screen.scale  // one point, in canvas pixels
    if overlays.contains(.safeArea) {
      let safe = screen.safeArea
      if safe != bounds {
        for band in [
          Rect(x: 0, y: 0, width: bounds.width, height: safe.y),
          Rect(x: 0, y: safe.maxY, width: bounds.width, height: bounds.maxY - safe.maxY),
          Rect(x: 0, y: safe.y, width: safe.x, height: safe.height),
          Rect(x: safe.maxX, y: safe.y, width: bounds.maxX - safe.maxX, height: safe.height),
        ] where !band.isEmpty {
          canvas.fill(.rect(band), colours.safeAreaTint, opacity: 0.3)
        }
        let line = max(1, point)
        for side in frame(safe, width: line) { canvas.fill(side, colours.safeAreaTint, opacity: 0.9) }
      }
    }
    if overlays.contains(.statusBar) && screen.statusBarHeight > 0 {
      let band = Rect(x: 0, y: 0, width: bounds.width, height: screen.statusBarHeight)
      for side in frame(band, width: max(1, point)) { canvas.fill(side, colours.statusBar, opacity: 0.85) }
    }
    if overlays.contains(.focus), let focus {
      for side in frame(focus, width: max(2, 2 * point)) { canvas.fill(side, colours.focus, opacity: 1) }
    }
    if overlays.contains(.homeIndicator), let pill = screen.homeIndicator {
      let radius = pill.height / 2
      let border = max(1, point / 2)
      canvas.fill(.roundedRect(pill.expanded(by: border), radius: radius + border), colours.outline, opacity: 0.5)
      canvas.fill(.roundedRect(pill, radius: radius), colours.homeIndicator, opacity: 0.95)
    }
    if overlays.contains(.sensor), let housing = screen.sensorHousing, let shape = screen.target.sensorHousing?.shape {
      canvas.fill(sensorRegion(housing, shape: shape, orientation: screen.orientation), colours.black)
    }
    if overlays.contains(.corners) && screen.cornerRadius > 0 {
      let r = screen.cornerRadius
      let outside = CanvasRegion.outside(.roundedRect(bounds, radius: r))
      let side = Int(r.rounded(.up)) + 1
      for (x, y) in [(0, 0), (size.width - side, 0), (0, size.height - side), (size.width - side, size.height - side)] {
        canvas.fill(outside, colours.black, within: PixelRect(x: x, y: y, width: side, height: side))
      }
    }
  }

  /// The ring of `width` centred on the edge of `rect`, as four non-overlapping strips
  /// (so filling it visits only the ring's pixels).
  func frame(_ rect: Rect, width: Double) -> [CanvasRegion] { rect.ring(width: width).map(CanvasRegion.rect) }

  /// A capsule for the Dynamic Island; for a notch, a rect whose inner corners are rounded
  /// (the edge it hangs from is extended past the screen so only the inner corners show).
  func sensorRegion(_ rect: Rect, shape: SensorHousing.Shape, orientation: ScreenOrientation) -> CanvasRegion {
    switch shape {
    case .island:
      return .roundedRect(rect, radius: min(rect.width, rect.height) / 2)
    case .notch:
      let depth = orientation == .portrait ? rect.height : rect.width
      let radius = depth * 0.6
      switch orientation {
      case .portrait:
        return .roundedRect(
          Rect(x: rect.x, y: rect.y - radius, width: rect.width, height: rect.height + radius), radius: radius)
      case .landscape:
        return .roundedRect(
          Rect(x: rect.x - radius, y: rect.y, width: rect.width + radius, height: rect.height), radius: radius)
      case .landscapeRight:
        return .roundedRect(Rect(x: rect.x, y: rect.y, width: rect.width + radius, height: rect.height), radius: radius)
      }
    }
  }

  /// What distinguishes this screen's overlays, for sharing identical previews.
  public func identity(of screen: Screen) -> [Double] {
    var key: [Double] = []
    if overlays.contains(.safeArea) {
      let s = screen.safeInsets
      key += [1, s.top, s.left, s.bottom, s.right]
    }
    if overlays.contains(.corners) { key += [2, screen.cornerRadius] }
    if overlays.contains(.sensor), let r = screen.sensorHousing {
      key += [3, r.x, r.y, r.width, r.height, screen.target.sensorHousing?.shape == .island ? 1 : 0]
    }
    if overlays.contains(.homeIndicator), let r = screen.homeIndicator { key += [4, r.x, r.y, r.width, r.height] }
    if overlays.contains(.statusBar) { key += [5, screen.statusBarHeight] }
    if overlays.contains(.focus) { key += [6, screen.scale] }
    return key
  }
}
