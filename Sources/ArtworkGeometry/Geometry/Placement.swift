/// How one artwork lands on one canvas: the solver's whole answer.
///
/// Canvas rects are in canvas pixels, source rects in source pixels (after EXIF
/// orientation). Exact rects are floating; `rendered*` rects are the exact ones with each
/// edge rounded to the nearest pixel, halves up, which is what the renderer draws.
public struct Placement: Sendable, Hashable {
  /// The mode asked for (`auto` included).
  public var requestedMode: FitMode
  /// The mode applied: `fit` or `fill`.
  public var mode: FitMode
  /// Where a fill keeps the picture when it must cut (the focus's centre under `focus`).
  public var gravity: Gravity
  /// The source's size in pixels, upright.
  public var source: Size
  /// The screen's canvas in pixels.
  public var canvas: PixelSize
  /// Canvas pixels per source pixel.
  public var scaleFactor: Double
  /// The whole source as placed on the canvas (reaches outside it under fill).
  public var imageRect: Rect
  /// The part of the source that is visible.
  public var crop: Rect
  /// `imageRect` as drawn: each edge rounded to the nearest pixel.
  public var renderedImageRect: PixelRect
  /// `crop` as drawn: each edge rounded to the nearest pixel.
  public var renderedCrop: PixelRect
  /// What the mode does to the picture: cropped, letterboxed, pillarboxed, or neither.
  public var boxing: Boxing
  /// The bars a fit leaves on each side, in canvas pixels (0 under fill).
  public var bars: Bars
  /// 1 − placed area / canvas area (fit), 0 under fill.
  public var barsFraction: Double
  /// 1 − visible source area / source area.
  public var cropLoss: Double
  /// Like crop loss, counting only what lands inside the safe area and is not hidden by an
  /// occlusion (a notch, a camera hole, a housing).
  public var safeCropLoss: Double
  /// The safe area on the canvas.
  public var safeArea: Rect
  /// The part of the source that lands inside the safe area.
  public var visibleSafeSource: Rect
  /// The focus region in source pixels, when one is known.
  public var focus: Rect?
  /// Whether the focus region lies wholly inside the visible safe area, clear of occlusions.
  public var focusVisible: Bool?
  /// The fraction of the focus region outside the visible safe area or under an occlusion.
  public var focusLoss: Double?
  /// The parts of `visibleSafeSource` that occlusions hide, in source pixels (may overlap).
  public var hiddenSource: [Rect]
  /// Whether a division (a fold, a hinge) crosses the visible focus region; nil when there
  /// is no focus or the screen has no division.
  public var focusDivided: Bool?
  /// The share of the visible picture an app icon's mask cuts away; nil when the screen has
  /// no mask.
  public var maskLoss: Double?
  /// The part of the source inside the largest rectangle the mask holds, in source pixels:
  /// where content is safe whatever the mask; nil when the screen has no mask.
  public var maskedSafeSource: Rect?

  /// A placement from its figures, as the solver or a report read back gives them.
  public init(
    requestedMode: FitMode, mode: FitMode, gravity: Gravity, source: Size, canvas: PixelSize, scaleFactor: Double,
    imageRect: Rect, crop: Rect, renderedImageRect: PixelRect, renderedCrop: PixelRect, boxing: Boxing, bars: Bars,
    barsFraction: Double, cropLoss: Double, safeCropLoss: Double, safeArea: Rect, visibleSafeSource: Rect, focus: Rect?,
    focusVisible: Bool?, focusLoss: Double?, hiddenSource: [Rect] = [], focusDivided: Bool? = nil,
    maskLoss: Double? = nil, maskedSafeSource: Rect? = nil
  ) {
    self.requestedMode = requestedMode
    self.mode = mode
    self.gravity = gravity
    self.source = source
    self.canvas = canvas
    self.scaleFactor = scaleFactor
    self.imageRect = imageRect
    self.crop = crop
    self.renderedImageRect = renderedImageRect
    self.renderedCrop = renderedCrop
    self.boxing = boxing
    self.bars = bars
    self.barsFraction = barsFraction
    self.cropLoss = cropLoss
    self.safeCropLoss = safeCropLoss
    self.safeArea = safeArea
    self.visibleSafeSource = visibleSafeSource
    self.focus = focus
    self.focusVisible = focusVisible
    self.focusLoss = focusLoss
    self.hiddenSource = hiddenSource
    self.focusDivided = focusDivided
    self.maskLoss = maskLoss
    self.maskedSafeSource = maskedSafeSource
  }
}

extension Placement {
  /// This placement, solved on a part of a larger source whose top-left corner is at
  /// (`dx`, `dy`), with its source rects moved into the larger source's pixels.
  public func shifted(dx: Double, dy: Double) -> Placement {
    var moved = self
    moved.crop = crop.offsetBy(dx: dx, dy: dy)
    moved.visibleSafeSource = visibleSafeSource.offsetBy(dx: dx, dy: dy)
    moved.maskedSafeSource = maskedSafeSource?.offsetBy(dx: dx, dy: dy)
    moved.focus = focus?.offsetBy(dx: dx, dy: dy)
    moved.hiddenSource = hiddenSource.map { $0.offsetBy(dx: dx, dy: dy) }
    moved.renderedCrop = PixelRect(
      x: renderedCrop.x + Int(dx.rounded()), y: renderedCrop.y + Int(dy.rounded()),
      width: renderedCrop.width, height: renderedCrop.height)
    return moved
  }
}
