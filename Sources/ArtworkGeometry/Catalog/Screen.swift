/// A target held in one orientation and drawn at one scale: everything in canvas pixels.
public struct Screen: Sendable, Hashable {
  /// The device or canvas.
  public var target: Target
  /// How it is held.
  public var orientation: ScreenOrientation
  /// Pixels per point of this canvas (the target's own scale, or a `--scales` factor).
  public var scale: Double

  /// `target` held in `orientation`, at `scale` or the target's own.
  public init(target: Target, orientation: ScreenOrientation, scale: Double? = nil) {
    self.target = target
    self.orientation = orientation
    self.scale = scale ?? target.scale
  }

  /// The canvas in points.
  public var points: Size { target.canvasPoints(in: orientation) }

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
