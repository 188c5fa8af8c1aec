import TestSupport
import Testing

@testable import ArtworkGeometry

/// Gravity `focus` keeps the focus clear of what a screen blocks whenever any fill crop can:
/// for random sources, canvases, safe insets, focus regions, occlusions and divisions, if any
/// crop origin along the free axis (every whole source pixel and both ends), checked here by
/// its own arithmetic, keeps the focus inside the safe part, uncovered and uncrossed, the
/// solved crop keeps it too; and a crop that needs no move is not moved.
struct FocusClearanceTests {
  /// Whether the crop at `origin` along the free axis keeps `focus` whole: inside the safe
  /// part, no occlusion over any of it, no division through it (all in source pixels).
  static func keeps(
    origin: Double, freeIsX: Bool, fixed: Double, visible: Size, focus: Rect, insets: Insets,
    regions: [(kind: ScreenRegion.Kind, rect: Rect)]
  ) -> Bool {
    let crop =
      freeIsX
      ? Rect(x: origin, y: fixed, width: visible.width, height: visible.height)
      : Rect(x: fixed, y: origin, width: visible.width, height: visible.height)
    let safe = Rect(
      x: crop.x + insets.left, y: crop.y + insets.top, width: visible.width - insets.left - insets.right,
      height: visible.height - insets.top - insets.bottom)
    guard safe.contains(focus, tolerance: 1e-6) else { return false }
    return regions.allSatisfy { region in
      let placed = region.rect.offsetBy(dx: crop.x, dy: crop.y)
      switch region.kind {
      case .occlusion: return placed.intersection(focus).area <= 1e-9 * focus.area
      case .division: return !RectSet.crosses(focus, placed)
      }
    }
  }

  @Test func theFocusIsKeptClearWheneverAnyCropCan() {
    var random = SeededGenerator(seed: 66)
    var cleared = 0
    for round in 0..<600 {
      let source = Size(
        Double(Int.random(in: 40...300, using: &random)), Double(Int.random(in: 40...300, using: &random)))
      let canvas = PixelSize(Int.random(in: 40...300, using: &random), Int.random(in: 40...300, using: &random))
      let size = canvas.size
      func inset(_ side: Double) -> Double {
        Bool.random(using: &random) ? 0 : Double.random(in: 0...0.2, using: &random) * side
      }
      let insets = Insets(
        top: inset(size.height), left: inset(size.width), bottom: inset(size.height), right: inset(size.width))
      var regions: [ScreenRegion] = []
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        if Int.random(in: 0..<4, using: &random) == 0 {
          // A fold across the canvas, along either axis.
          let across = Bool.random(using: &random)
          let at = Double.random(in: 0...1, using: &random)
          let rect =
            across
            ? Rect(x: 0, y: at * size.height, width: size.width, height: 0)
            : Rect(x: at * size.width, y: 0, width: 0, height: size.height)
          regions.append(ScreenRegion(.division, .fold, rect: rect))
        } else {
          let width = Double.random(in: 0.05...0.4, using: &random) * size.width
          let height = Double.random(in: 0.05...0.4, using: &random) * size.height
          let rect = Rect(
            x: Double.random(in: 0...(size.width - width), using: &random),
            y: Double.random(in: 0...(size.height - height), using: &random), width: width, height: height)
          regions.append(ScreenRegion(.occlusion, .rect, rect: rect))
        }
      }
      let fw = Double.random(in: 0.03...0.3, using: &random)
      let fh = Double.random(in: 0.03...0.3, using: &random)
      guard
        let focus = FocusRegion(
          x: Double.random(in: 0...(1 - fw), using: &random), y: Double.random(in: 0...(1 - fh), using: &random),
          width: fw, height: fh, origin: .option)
      else {
        Issue.record("round \(round): a focus inside the source")
        continue
      }
      let placement = FitSolver.solve(
        source: source, canvas: canvas, safeArea: insets, mode: .fill, gravity: .focus, focus: focus, regions: regions)
      guard placement.boxing == .crop else { continue }
      // The free axis, and the search over it in source pixels.
      let scale = placement.scaleFactor
      let visible = size.scaled(by: 1 / scale)
      let freeIsX = source.width - visible.width > 1e-9
      let slack = freeIsX ? source.width - visible.width : source.height - visible.height
      let fixed = freeIsX ? placement.crop.y : placement.crop.x
      let inSource = regions.map { (kind: $0.kind, rect: $0.rect!.scaled(by: 1 / scale)) }
      let focusRect = focus.rect(in: source)
      let origins = (0...Int(slack.rounded(.down))).map(Double.init) + [slack]
      let someCropKeeps = origins.contains {
        Self.keeps(
          origin: $0, freeIsX: freeIsX, fixed: fixed, visible: visible, focus: focusRect,
          insets: insets.scaled(by: 1 / scale), regions: inSource)
      }
      let solvedKeeps = placement.focusVisible == true && placement.focusDivided != true
      if someCropKeeps {
        #expect(solvedKeeps, "round \(round): \(source) on \(canvas), focus \(focusRect), crop \(placement.crop)")
      }
      // The focus-centred crop, which the solver keeps whenever it already keeps the focus clear.
      let centred = FitSolver.solve(
        source: source, canvas: canvas, safeArea: insets, mode: .fill, gravity: .focus, focus: focus)
      let centredKeeps = Self.keeps(
        origin: freeIsX ? centred.crop.x : centred.crop.y, freeIsX: freeIsX, fixed: fixed, visible: visible,
        focus: focusRect, insets: insets.scaled(by: 1 / scale), regions: inSource)
      if centredKeeps { #expect(centred.crop == placement.crop, "round \(round): moved though nothing blocked") }
      if centred.crop != placement.crop { cleared += 1 }
    }
    #expect(cleared > 20, "the rounds move a crop to clear the focus often enough to test it: \(cleared)")
  }

  /// The issue's case: a 320 x 534 pt window with an 80 x 40 pt region in its top-left corner
  /// (as window controls are); a focus that gravity `focus` centred under the region's edge
  /// is moved clear of it, as gravity `left` shows it can be.
  @Test func aWindowControlsRegionNoLongerCutsTheFocus() {
    let regions = [ScreenRegion(.occlusion, .rect, rect: Rect(x: 0, y: 0, width: 80, height: 40))]
    let focus = FocusRegion(x: 0.1, y: 0.02, width: 0.2, height: 0.3, origin: .option)!
    let canvas = PixelSize(320, 534)
    let left = FitSolver.solve(
      source: Size(1600, 1000), canvas: canvas, mode: .fill, gravity: .left, focus: focus, regions: regions)
    let solved = FitSolver.solve(
      source: Size(1600, 1000), canvas: canvas, mode: .fill, gravity: .focus, focus: focus, regions: regions)
    #expect(left.focusVisible == true)
    #expect(solved.focusVisible == true, "\(solved.crop)")
  }
}
