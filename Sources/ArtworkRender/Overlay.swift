import ArtworkCodec
import ArtworkGeometry
import ArtworkPixels

/// The marks a preview can carry, switched with `--overlays`.
public enum Overlay: String, Sendable, Hashable, CaseIterable, Codable {
  /// Tint outside the safe area and a 1-point outline along it.
  case safeArea = "safe-area"
  /// The display's rounded corners, and an app icon's mask: the area outside them is black.
  case corners
  /// Every reserved region: occlusions (notch, Dynamic Island, camera hole, housing) solid
  /// black, divisions (folds, hinges) as a line.
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
  static let divisionColour = RGB(235, 250, 255)
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
  /// Corners and occlusions.
  public var black = RGB(0, 0, 0)
  /// Divisions: a fold or a hinge.
  public var division = Overlay.divisionColour

  /// The default colours, in sRGB.
  public init() {}

  /// Every colour passed through `convert`.
  public func converted(_ convert: (RGB) -> RGB) -> OverlayColours {
    var colours = self
    for path in [\OverlayColours.safeAreaTint, \.statusBar, \.focus, \.homeIndicator, \.outline, \.black, \.division] {
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
    if overlays.contains(.statusBar), let band = screen.statusBar {
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
    if overlays.contains(.sensor) {
      for region in screen.regions { paint(region, on: &canvas, point: point) }
    }
    if overlays.contains(.corners) {
      paintCorners(screen.corners, on: &canvas)
      if let mask = screen.mask { canvas.fill(.outside(.mask(Rect.of(canvas.size.size), mask)), colours.black) }
    }
  }

  /// An occlusion solid black; a division as a light line two points wide (or its own width)
  /// with a dark edge, so it shows on light and dark artwork alike.
  func paint(_ region: ScreenRegion, on canvas: inout Canvas, point: Double) {
    guard let rect = region.rect else { return }
    switch region.kind {
    case .occlusion:
      canvas.fill(occlusionShape(rect, shape: region.shape, canvas: canvas.size.size), colours.black)
    case .division:
      let line = max(2, 2 * point)
      let band =
        rect.width < rect.height
        ? Rect(x: rect.midX - max(rect.width, line) / 2, y: rect.y, width: max(rect.width, line), height: rect.height)
        : Rect(x: rect.x, y: rect.midY - max(rect.height, line) / 2, width: rect.width, height: max(rect.height, line))
      let edge = max(1, point / 2)
      canvas.fill(.rect(band.expanded(by: edge)), colours.outline, opacity: 0.6)
      canvas.fill(.rect(band), colours.division, opacity: 0.9)
    }
  }

  /// Black outside the display's rounded corners, each corner its own radius.
  func paintCorners(_ corners: CornerRadii, on canvas: inout Canvas) {
    guard corners.largest > 0 else { return }
    let size = canvas.size
    let bounds = Rect.of(size.size)
    let outside = CanvasRegion.outside(
      corners.uniform.map { .roundedRect(bounds, radius: $0) } ?? .roundedCorners(bounds, corners))
    let placed = [
      (corners.topLeft, false, false), (corners.topRight, true, false), (corners.bottomLeft, false, true),
      (corners.bottomRight, true, true),
    ]
    for (radius, right, bottom) in placed where radius > 0 {
      let side = Int(radius.rounded(.up)) + 1
      let x = right ? size.width - side : 0
      let y = bottom ? size.height - side : 0
      canvas.fill(outside, colours.black, within: PixelRect(x: x, y: y, width: side, height: side))
    }
  }

  /// The ring of `width` centred on the edge of `rect`, as four non-overlapping strips
  /// (so filling it visits only the ring's pixels).
  func frame(_ rect: Rect, width: Double) -> [CanvasRegion] { rect.ring(width: width).map(CanvasRegion.rect) }

  /// A capsule for the Dynamic Island and a camera hole; for a notch or a Mac's housing, a rect
  /// whose inner corners are rounded (the edge it hangs from, the canvas edge it touches, is
  /// extended past the screen so only the inner corners show).
  func occlusionShape(_ rect: Rect, shape: ScreenRegion.Shape, canvas: Size) -> CanvasRegion {
    switch shape {
    case .island, .hole:
      return .roundedRect(rect, radius: min(rect.width, rect.height) / 2)
    case .rect, .fold:
      return .rect(rect)
    case .notch, .housing:
      let edge = Self.edgeTouched(by: rect, canvas: canvas)
      let depth = edge == .top || edge == .bottom ? rect.height : rect.width
      let radius = depth * (shape == .notch ? 0.6 : 0.3)
      switch edge {
      case .top:
        return .roundedRect(
          Rect(x: rect.x, y: rect.y - radius, width: rect.width, height: rect.height + radius), radius: radius)
      case .left:
        return .roundedRect(
          Rect(x: rect.x - radius, y: rect.y, width: rect.width + radius, height: rect.height), radius: radius)
      case .right:
        return .roundedRect(Rect(x: rect.x, y: rect.y, width: rect.width + radius, height: rect.height), radius: radius)
      case .bottom:
        return .roundedRect(Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height + radius), radius: radius)
      }
    }
  }

  /// The canvas edge a region hangs from: the one it lies nearest.
  static func edgeTouched(by rect: Rect, canvas: Size) -> ScreenEdge {
    let gaps: [(ScreenEdge, Double)] = [
      (.top, rect.y), (.left, rect.x), (.bottom, canvas.height - rect.maxY), (.right, canvas.width - rect.maxX),
    ]
    return gaps.min { $0.1 < $1.1 }!.0
  }

  /// What distinguishes this screen's overlays, for sharing identical previews.
  public func identity(of screen: Screen) -> [Double] {
    var key: [Double] = []
    if overlays.contains(.safeArea) {
      let s = screen.safeInsets
      key += [1, s.top, s.left, s.bottom, s.right]
    }
    if overlays.contains(.corners) { key += [2] + screen.corners.all + [Double(screen.mask?.exponent ?? 0)] }
    if overlays.contains(.sensor) {
      for region in screen.regions {
        guard let r = region.rect else { continue }
        let kind = Double(ScreenRegion.Kind.allCases.firstIndex(of: region.kind)!)
        let shape = Double(ScreenRegion.Shape.allCases.firstIndex(of: region.shape)!)
        key += [3, r.x, r.y, r.width, r.height, kind, shape]
      }
    }
    if overlays.contains(.homeIndicator), let r = screen.homeIndicator { key += [4, r.x, r.y, r.width, r.height] }
    if overlays.contains(.statusBar), let r = screen.statusBar { key += [5, r.x, r.y, r.width, r.height] }
    if overlays.contains(.focus) { key += [6, screen.scale] }
    return key
  }
}
