import TestSupport
import Testing

@testable import ArtworkGeometry

struct FitSolverTests {
  // MARK: Pinned cases

  @Test func contractExampleHolds() {
    let p = FitSolver.solve(
      source: Size(2732, 2732), canvas: PixelSize(1170, 2532),
      safeArea: Insets(top: 141, bottom: 102), mode: .fill)
    #expect(p.imageRect == Rect(x: -681, y: 0, width: 2532, height: 2532))
    #expect(abs(p.crop.x - 734.79) < 0.01 && abs(p.crop.width - 1262.42) < 0.01)
    #expect(abs(p.cropLoss - 0.5379) < 5e-5)
    #expect(abs(p.safeCropLoss - 0.5823) < 5e-5)
    #expect(p.boxing == .crop)
  }

  /// The HIG's own example: full-screen 4.7" art on iPhone X, and the other way round.
  @Test func higExampleFourPointSevenArtOnIPhoneX() throws {
    let x = Screen(target: try #require(Catalog.target(named: "iPhone X")), orientation: .portrait)
    let art = Size(750, 1334)
    let fill = FitSolver.solve(source: art, canvas: x.canvas, safeArea: x.safeInsets, mode: .fill)
    #expect(fill.boxing == .crop && fill.cropLoss > 0.15)
    let fit = FitSolver.solve(source: art, canvas: x.canvas, safeArea: x.safeInsets, mode: .fit)
    #expect(fit.boxing == .letterbox && fit.bars.top > 0 && fit.bars.left == 0)
  }

  @Test func higExampleIPhoneXArtOnFourPointSeven() throws {
    let se = Screen(target: try #require(Catalog.target(named: "4.7\" iPhone SE")), orientation: .portrait)
    let art = Size(1125, 2436)
    let fill = FitSolver.solve(source: art, canvas: se.canvas, safeArea: se.safeInsets, mode: .fill)
    #expect(fill.boxing == .crop && fill.cropLoss > 0.15)
    let fit = FitSolver.solve(source: art, canvas: se.canvas, safeArea: se.safeInsets, mode: .fit)
    #expect(fit.boxing == .pillarbox && fit.bars.left > 0 && fit.bars.top == 0)
  }

  @Test(arguments: [(2.0, FitMode.fill), (2.2, .fill), (2.4, .fill), (4.0 / 3, .fit), (16.0 / 9, .fit), (2.76, .fit)])
  func videoRuleChoosesByTheSourceRatio(ratio: Double, expected: FitMode) {
    let source = Size((1000 * ratio).rounded(), 1000)
    let p = FitSolver.solve(source: source, canvas: PixelSize(1170, 2532), mode: .auto)
    #expect(p.mode == expected, "ratio \(ratio)")
    #expect(p.requestedMode == .auto)
  }

  @Test func autoFallsBackToFitPastTheCropLimit() {
    let source = Size(2200, 1000)
    let filled = FitSolver.solve(source: source, canvas: PixelSize(1920, 1080), mode: .auto)
    #expect(filled.mode == .fill)
    let limited = FitSolver.solve(source: source, canvas: PixelSize(1920, 1080), mode: .auto, maxCropLoss: 0.1)
    #expect(limited.mode == .fit)
  }

  @Test func gravitiesPinTheCropToTheirEdges() {
    let source = Size(4000, 1000)
    let canvas = PixelSize(1000, 1000)
    func x(_ gravity: Gravity) -> Double {
      FitSolver.solve(source: source, canvas: canvas, mode: .fill, gravity: gravity).crop.x
    }
    #expect(x(.left) == 0 && x(.topLeft) == 0 && x(.bottomLeft) == 0)
    #expect(x(.center) == 1500 && x(.top) == 1500)
    #expect(x(.right) == 3000 && x(.bottomRight) == 3000)
  }

  @Test func focusCentresThenClamps() throws {
    let source = Size(4000, 1000)
    let canvas = PixelSize(1000, 1000)
    let middle = try #require(FocusRegion(x: 0.6, y: 0, width: 0.1, height: 1, origin: .option))
    let p = FitSolver.solve(source: source, canvas: canvas, mode: .fill, gravity: .focus, focus: middle)
    #expect(p.crop.x == 2600 - 500)  // centred on the region's centre, 2600
    #expect(p.focusVisible == true && p.focusLoss == 0)
    let edge = try #require(FocusRegion(x: 0.95, y: 0, width: 0.05, height: 1, origin: .option))
    let clamped = FitSolver.solve(source: source, canvas: canvas, mode: .fill, gravity: .focus, focus: edge)
    #expect(clamped.crop.x == 3000, "clamped inside the source, not CSS-proportional")
    let centred = FitSolver.solve(source: source, canvas: canvas, mode: .fill, gravity: .center, focus: edge)
    #expect(centred.focusVisible == false && (centred.focusLoss ?? 0) == 1)
  }

  /// With a focus, the safe part of the crop is centred on it: a band under a deep top
  /// inset moves the crop so the focus sits in the middle of what stays uncovered.
  @Test func focusCentresInTheSafeArea() throws {
    let focus = try #require(FocusRegion(x: 0, y: 0.45, width: 1, height: 0.1, origin: .option))
    let p = FitSolver.solve(
      source: Size(1000, 4000), canvas: PixelSize(1000, 2000), safeArea: Insets(top: 400, bottom: 0),
      mode: .fill, gravity: .focus, focus: focus)
    // Safe part: rows 400...2000 of the crop, centred at 1200; the focus is centred at 2000.
    #expect(p.crop.y == 800)
    #expect(p.focusVisible == true)
  }

  /// No other fill crop shows more of the focus inside the safe area than gravity focus.
  @Test func focusPlacementIsTheBestThereIs() throws {
    var random = SeededGenerator(seed: 0xF0C05)
    for _ in 0..<400 {
      let source = Size(
        Double(Int.random(in: 200...4000, using: &random)), Double(Int.random(in: 200...4000, using: &random)))
      let canvas = PixelSize(Int.random(in: 100...2000, using: &random), Int.random(in: 100...2000, using: &random))
      let insets = Insets(
        top: Double(Int.random(in: 0...canvas.height / 4, using: &random)),
        left: Double(Int.random(in: 0...canvas.width / 4, using: &random)),
        bottom: Double(Int.random(in: 0...canvas.height / 4, using: &random)),
        right: Double(Int.random(in: 0...canvas.width / 4, using: &random)))
      let w = Double.random(in: 0.02...0.9, using: &random)
      let h = Double.random(in: 0.02...0.9, using: &random)
      let focus = try #require(
        FocusRegion(
          x: Double.random(in: 0...(1 - w), using: &random), y: Double.random(in: 0...(1 - h), using: &random),
          width: w, height: h, origin: .option))
      let best = FitSolver.solve(
        source: source, canvas: canvas, safeArea: insets, mode: .fill, gravity: .focus, focus: focus)
      guard best.boxing == .crop else { continue }
      let region = focus.rect(in: source)
      let scale = best.scaleFactor
      let safeSize = Size(
        best.crop.width - (insets.left + insets.right) / scale, best.crop.height - (insets.top + insets.bottom) / scale)
      func shown(_ crop: Rect) -> Double {
        let safe = Rect(
          x: crop.x + insets.left / scale, y: crop.y + insets.top / scale, width: safeSize.width,
          height: safeSize.height)
        return region.intersection(safe).area
      }
      let achieved = shown(best.crop)
      for step in 0...20 {
        for row in 0...20 {
          let x = (source.width - best.crop.width) * Double(step) / 20
          let y = (source.height - best.crop.height) * Double(row) / 20
          let other = Rect(x: x, y: y, width: best.crop.width, height: best.crop.height)
          #expect(
            shown(other) <= achieved + 1e-6 * region.area,
            "\(source) on \(canvas) \(insets): \(other) shows more than \(best.crop)")
        }
      }
    }
  }

  @Test func focusOutsideTheSafeAreaIsNotVisible() throws {
    let focus = try #require(FocusRegion(x: 0.4, y: 0, width: 0.2, height: 0.05, origin: .option))
    let p = FitSolver.solve(
      source: Size(1000, 2000), canvas: PixelSize(1000, 2000), safeArea: Insets(top: 150),
      mode: .fill, focus: focus)
    #expect(p.focusVisible == false)
    #expect(abs((p.focusLoss ?? 0) - 1) < 1e-9, "the whole band lies under the top inset")
  }

  @Test func sameRatioLosesNothing() {
    for mode in [FitMode.fit, .fill] {
      let p = FitSolver.solve(source: Size(585, 1266), canvas: PixelSize(1170, 2532), mode: mode)
      #expect(p.cropLoss == 0 && p.barsFraction == 0 && p.boxing == .none)
      #expect(p.renderedImageRect == PixelRect(x: 0, y: 0, width: 1170, height: 2532))
    }
  }

  @Test func roundsRatherThanTruncates() {
    // 3:1 in a 100x100 canvas: 33.33 px tall, centred at 33.33.
    let p = FitSolver.solve(source: Size(300, 100), canvas: PixelSize(100, 100), mode: .fit)
    #expect(p.renderedImageRect == PixelRect(x: 0, y: 33, width: 100, height: 34))
    #expect(p.bars.top == 33 && p.bars.bottom == 33)
  }

  @Test func fitNeverProducesZeroSize() {
    let p = FitSolver.solve(source: Size(10000, 1), canvas: PixelSize(1170, 2532), mode: .fit)
    #expect(p.renderedImageRect.height >= 1 && p.renderedImageRect.width == 1170)
    let q = FitSolver.solve(source: Size(1, 10000), canvas: PixelSize(1170, 2532), mode: .fit)
    #expect(q.renderedImageRect.width >= 1)
  }

  // MARK: Properties over many random sizes

  @Test(arguments: [FitMode.fit, .fill, .auto])
  func invariantsHoldForRandomSizes(mode: FitMode) {
    // A fixed seed per mode (hashValue is randomised per process, so it would not repeat).
    var random = SeededGenerator(seed: 0xA27F17 &+ UInt64(FitMode.allCases.firstIndex(of: mode)!))
    for _ in 0..<3000 {
      let source = Size(
        Double(Int.random(in: 1...9000, using: &random)), Double(Int.random(in: 1...9000, using: &random)))
      let canvas = PixelSize(Int.random(in: 1...4000, using: &random), Int.random(in: 1...4000, using: &random))
      let gravity = Gravity.allCases.randomElement(using: &random)!
      let insets = Insets(
        top: Double(Int.random(in: 0...(canvas.height / 4), using: &random)),
        left: Double(Int.random(in: 0...(canvas.width / 4), using: &random)),
        bottom: Double(Int.random(in: 0...(canvas.height / 4), using: &random)),
        right: Double(Int.random(in: 0...(canvas.width / 4), using: &random)))
      let fx = Double.random(in: 0..<0.9, using: &random)
      let fy = Double.random(in: 0..<0.9, using: &random)
      let focus = FocusRegion(x: fx, y: fy, width: 0.1, height: 0.1, origin: .auto)
      let p = FitSolver.solve(
        source: source, canvas: canvas, safeArea: insets, mode: mode, gravity: gravity, focus: focus)
      let context = "\(source) on \(canvas) \(p.mode) \(gravity)"
      let bounds = Rect.of(canvas.size)
      for value in [p.cropLoss, p.barsFraction, p.safeCropLoss, p.focusLoss ?? 0] {
        #expect(value >= 0 && value <= 1, "\(context)")
      }
      #expect(p.safeCropLoss >= p.cropLoss - 1e-9, "\(context): the safe area only loses more")
      #expect(Rect.of(source).contains(p.crop, tolerance: 1e-6), "\(context): crop inside the source")
      let sameRatio = source.width * Double(canvas.height) == source.height * Double(canvas.width)
      if p.mode == .fit {
        #expect(bounds.contains(p.imageRect, tolerance: 1e-6), "\(context): placed inside")
        let touchesSides = abs(p.imageRect.x) < 1e-6 && abs(p.imageRect.maxX - bounds.maxX) < 1e-6
        let touchesEnds = abs(p.imageRect.y) < 1e-6 && abs(p.imageRect.maxY - bounds.maxY) < 1e-6
        #expect(touchesSides || touchesEnds, "\(context): touches two opposite sides")
        #expect(p.cropLoss == 0)
        #expect(abs(p.bars.top - p.bars.bottom) <= 1 && abs(p.bars.left - p.bars.right) <= 1, "\(context)")
        let r = p.renderedImageRect
        #expect(
          r.width >= 1 && r.height >= 1 && r.x >= 0 && r.y >= 0 && r.maxX <= canvas.width && r.maxY <= canvas.height)
        #expect(
          p.bars.top + r.height + p.bars.bottom == canvas.height && p.bars.left + r.width + p.bars.right == canvas.width
        )
        #expect((p.barsFraction == 0) == sameRatio, "\(context): bars exactly when ratios differ")
      } else {
        #expect(p.imageRect.contains(bounds, tolerance: 1e-6), "\(context): the canvas is covered")
        #expect(p.barsFraction == 0)
        #expect((p.cropLoss == 0) == sameRatio, "\(context): crop exactly when ratios differ")
        #expect(abs(p.crop.width * p.scaleFactor - Double(canvas.width)) < 1e-6 * Double(canvas.width))
      }
    }
  }
}
