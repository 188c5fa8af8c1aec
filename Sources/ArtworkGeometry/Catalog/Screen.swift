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

  /// The sensor housing in canvas pixels, when its rect is known.
  public var sensorHousing: Rect? {
    target.sensorHousing?.rect(in: orientation, portrait: target.points)?.scaled(by: scale)
  }

  /// The Home indicator pill in canvas pixels.
  public var homeIndicator: Rect? {
    target.homeIndicator?.rect(on: points).scaled(by: scale)
  }

  /// The display's corner radius in canvas pixels (0 for square corners or unknown).
  public var cornerRadius: Double { (target.cornerRadius ?? 0) * scale }

  /// The status bar band's height in canvas pixels (0 when hidden or unknown).
  public var statusBarHeight: Double { (target.statusBarHeight(in: orientation) ?? 0) * scale }

  /// The size classes an app gets on this screen, when known.
  public var sizeClasses: SizeClasses? { target.sizeClasses(in: orientation) }
}

extension Screen {
  /// A scale as file names and reports write it: "2", "3", "2.5".
  public static func scaleText(_ scale: Double) -> String {
    scale == scale.rounded() ? String(Int(scale)) : String(scale)
  }
}
