/// Solves how a source lands on a canvas under fit, fill or auto. Pure and instant.
public enum FitSolver {
  /// The long-over-short range in which Apple's video gravity fills (HIG "Playing video":
  /// wide video 2:1 through 2.40:1).
  public static let videoFillRange: ClosedRange<Double> = 2.0...2.40

  /// Where the artwork lands on the canvas under `mode`, what of it is visible, and what
  /// is lost to the crop and to the safe area.
  ///
  /// - Parameters:
  ///   - source: the artwork in pixels, after EXIF orientation.
  ///   - canvas: the target canvas in pixels.
  ///   - safeArea: safe-area insets in canvas pixels.
  ///   - mode: fit, fill or auto.
  ///   - gravity: where a fill crop sits (`focus` needs `focus`, else it centres).
  ///   - focus: the important region, if known.
  ///   - maxCropLoss: under `auto`, fill is refused when it would lose more than this.
  ///   - regions: the screen's reserved regions in canvas pixels: occlusions hide what is
  ///     under them, divisions split what they cross.
  ///   - mask: an app icon's mask, inscribed in the canvas: what lies outside it is hidden.
  public static func solve(
    source: Size, canvas: PixelSize, safeArea: Insets = .zero, mode: FitMode,
    gravity: Gravity = .center, focus: FocusRegion? = nil, maxCropLoss: Double? = nil,
    regions: [ScreenRegion] = [], mask: IconMask? = nil
  ) -> Placement {
    precondition(source.width > 0 && source.height > 0, "source has no pixels")
    precondition(canvas.width > 0 && canvas.height > 0, "canvas has no pixels")
    let screen = (insets: safeArea, regions: regions, mask: mask)
    switch mode {
    case .fit, .fill:
      return place(source, canvas, screen, mode, gravity, focus, requested: mode)
    case .auto:
      let fill = place(source, canvas, screen, .fill, gravity, focus, requested: .auto)
      if autoFills(source) && fill.cropLoss <= (maxCropLoss ?? 1) + 1e-12 { return fill }
      return place(source, canvas, screen, .fit, gravity, focus, requested: .auto)
    }
  }

  /// How far, in source pixels, a focus may stand past the visible safe area and still count as
  /// inside it: rounding, not content.
  static let focusTolerance = 1e-6

  /// Whether `auto` fills `source` (where the fill keeps within any crop limit): its long side
  /// over its short side lies in `videoFillRange`.
  public static func autoFills(_ source: Size) -> Bool {
    let ratio = source.longOverShort
    return ratio >= videoFillRange.lowerBound - 1e-9 && ratio <= videoFillRange.upperBound + 1e-9
  }

  private static func place(
    _ source: Size, _ canvas: PixelSize, _ screen: (insets: Insets, regions: [ScreenRegion], mask: IconMask?),
    _ mode: FitMode, _ gravity: Gravity, _ focus: FocusRegion?, requested: FitMode
  ) -> Placement {
    let (insets, regions, mask) = screen
    let target = canvas.size
    let scaleX = target.width / source.width
    let scaleY = target.height / source.height
    // Exact for whole-pixel sizes: the ratios match when the cross products do.
    let sameRatio = source.width * target.height == source.height * target.width
    let scale = mode == .fit ? min(scaleX, scaleY) : max(scaleX, scaleY)
    let sourceBounds = Rect.of(source)

    var placement: Rect
    var crop: Rect
    if mode == .fit || sameRatio {
      let placed = sameRatio ? target : source.scaled(by: scale)
      placement = Rect(origin: (target.width - placed.width) / 2, (target.height - placed.height) / 2, size: placed)
      crop = sourceBounds
    } else {
      let visible = target.scaled(by: 1 / scale)
      crop = fillCrop(
        visible: visible, in: source, gravity: gravity, focus: focus, safeInsets: insets.scaled(by: 1 / scale),
        blocked: regions.compactMap(\.rect).map { $0.scaled(by: 1 / scale) })
      placement = Rect(
        x: -crop.x * scale, y: -crop.y * scale, width: source.width * scale, height: source.height * scale)
    }
    if sameRatio { placement = Rect.of(target) }

    let renderedPlacement = renderedRect(placement, canvas: canvas, fit: mode == .fit)
    let boxing: Boxing
    var bars = Bars()
    var barsFraction = 0.0
    if mode == .fit && !sameRatio {
      bars = Bars(
        top: renderedPlacement.y, bottom: canvas.height - renderedPlacement.maxY,
        left: renderedPlacement.x, right: canvas.width - renderedPlacement.maxX)
      boxing = scaleX < scaleY ? .letterbox : .pillarbox
      barsFraction = clampUnit(1 - placement.area / target.area)
    } else {
      boxing = sameRatio ? .none : .crop
    }
    let cropLoss = sameRatio || mode == .fit ? 0 : clampUnit(1 - crop.area / source.area)

    let safe = Rect.of(target).inset(by: insets)
    let onCanvas = safe.intersection(placement)
    let visibleSafe = Rect(
      x: (onCanvas.x - placement.x) / scale, y: (onCanvas.y - placement.y) / scale,
      width: onCanvas.width / scale, height: onCanvas.height / scale
    ).intersection(sourceBounds)
    let toSource = { (rect: Rect) in
      Rect(
        x: (rect.x - placement.x) / scale, y: (rect.y - placement.y) / scale, width: rect.width / scale,
        height: rect.height / scale)
    }
    let hidden = regions.filter { $0.kind == .occlusion }.compactMap(\.rect).map {
      toSource($0).intersection(visibleSafe)
    }
    .filter { !$0.isEmpty }
    // What the mask cuts from a source rect, in source pixels (occlusions sit inside a mask).
    let toCanvas = { (rect: Rect) in rect.scaled(by: scale).offsetBy(dx: placement.x, dy: placement.y) }
    let masked = { (rect: Rect) -> Double in
      guard let mask else { return 0 }
      let onCanvas = toCanvas(rect)
      return max(0, onCanvas.area - mask.area(of: onCanvas, in: Rect.of(target))) / (scale * scale)
    }
    let safeCropLoss = clampUnit(
      1 - (visibleSafe.area - RectSet.unionArea(hidden) - masked(visibleSafe)) / source.area)
    let shownCrop = crop.intersection(sourceBounds)
    let maskLoss: Double? =
      mask == nil ? nil : shownCrop.area > 0 ? clampUnit(masked(shownCrop) / shownCrop.area) : 0

    let focusRect = focus?.rect(in: source)
    var focusLoss: Double?
    var focusVisible: Bool?
    if let focusRect {
      let shown = focusRect.intersection(visibleSafe)
      let occluded = RectSet.unionArea(hidden.map { $0.intersection(shown) })
      // Inside the mask is decided exactly (corners of a convex shape), the share cut by it
      // only when some is.
      let insideMask = mask.map { $0.contains(toCanvas(shown), in: Rect.of(target)) } ?? true
      let hiddenOfFocus = occluded + (insideMask ? 0 : masked(shown))
      focusVisible =
        visibleSafe.contains(focusRect, tolerance: focusTolerance) && occluded <= 1e-9 * focusRect.area && insideMask
      // One tolerance for both figures: a focus kept whole within it has lost nothing.
      focusLoss = focusVisible == true ? 0 : clampUnit(1 - (shown.area - hiddenOfFocus) / focusRect.area)
    }
    let divisions = regions.filter { $0.kind == .division }.compactMap(\.rect).map(toSource)
    let focusDivided = focusRect.flatMap { focus in
      divisions.isEmpty ? nil : divisions.contains { RectSet.crosses(focus.intersection(crop), $0) }
    }
    return Placement(
      requestedMode: requested, mode: mode, gravity: gravity, source: source, canvas: canvas,
      scaleFactor: scale, imageRect: placement, crop: crop, renderedImageRect: renderedPlacement,
      renderedCrop: crop.rounded, boxing: boxing, bars: bars, barsFraction: barsFraction,
      cropLoss: cropLoss, safeCropLoss: safeCropLoss, safeArea: safe, visibleSafeSource: visibleSafe,
      focus: focusRect, focusVisible: focusVisible, focusLoss: focusLoss, hiddenSource: hidden,
      focusDivided: focusDivided, maskLoss: maskLoss,
      maskedSafeSource: mask.map { toSource($0.inscribedRect(in: Rect.of(target))).intersection(visibleSafe) })
  }

  /// The visible rect of a fill, placed by gravity and clamped inside the source.
  ///
  /// Under gravity `focus` the part of the visible rect inside the safe area (`safeInsets`,
  /// in source pixels) is centred on the focus, then the rect is clamped into the source.
  /// Along each axis the focus's overlap with the safe part rises, holds and falls as the
  /// crop slides, so the clamped centre is a best position on both axes at once: no fill
  /// crop shows more of the focus inside the safe area. Regions the screen blocks (`blocked`,
  /// in source pixels from the crop's corner) can cover the centred focus; the crop then
  /// slides clear of them where it can (`FocusClearance`), so `focus_visible` false means no
  /// fill crop can show all of it.
  static func fillCrop(
    visible: Size, in source: Size, gravity: Gravity, focus: FocusRegion?, safeInsets: Insets = .zero,
    blocked: [Rect] = []
  ) -> Rect {
    let bounds = Rect.of(source)
    if gravity == .focus, let focus {
      let region = focus.rect(in: source)
      let safeMidX = safeInsets.left + (visible.width - safeInsets.left - safeInsets.right) / 2
      let safeMidY = safeInsets.top + (visible.height - safeInsets.top - safeInsets.bottom) / 2
      let centred = Rect(origin: region.midX - safeMidX, region.midY - safeMidY, size: visible).clamped(into: bounds)
      return FocusClearance.crop(centred, in: source, focus: region, safeInsets: safeInsets, blocked: blocked)
    }
    let alignment = gravity.alignment
    return Rect(
      origin: (source.width - visible.width) * alignment.x, (source.height - visible.height) * alignment.y,
      size: visible)
  }

  /// The pixels the renderer fills: edges rounded halves up, never empty, never outside
  /// the canvas under fit.
  static func renderedRect(_ rect: Rect, canvas: PixelSize, fit: Bool) -> PixelRect {
    var pixels = rect.rounded
    if fit {
      pixels.x = min(max(pixels.x, 0), canvas.width - 1)
      pixels.y = min(max(pixels.y, 0), canvas.height - 1)
      pixels.width = min(max(pixels.width, 1), canvas.width - pixels.x)
      pixels.height = min(max(pixels.height, 1), canvas.height - pixels.y)
    }
    return pixels
  }
}

func clampUnit(_ value: Double) -> Double {
  let snapped = abs(value) < 1e-12 ? 0 : value
  return min(1, max(0, snapped))
}
