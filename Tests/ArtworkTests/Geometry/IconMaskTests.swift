import Foundation
import TestSupport
import Testing

@testable import ArtworkGeometry

/// App icon masks and slots: the mask's area and containment against counting on a grid and
/// against the superellipse's closed-form area, and the solver's figures on the catalog's
/// icon slots against hand-worked ones.
struct IconMaskTests {
  /// The exponents tried: the circle, the catalog's rounded square, and squarer shapes.
  static let exponents = [2, 3, 4, 5, 8]

  /// The share of `rect` inside `mask` inscribed in `bounds`, by testing the centres of a
  /// `samples` × `samples` grid over the rect: the brute-force count.
  static func counted(_ mask: IconMask, _ rect: Rect, in bounds: Rect, samples: Int = 800) -> Double {
    var inside = 0
    for row in 0..<samples {
      let y = rect.y + (Double(row) + 0.5) / Double(samples) * rect.height
      for column in 0..<samples {
        let x = rect.x + (Double(column) + 0.5) / Double(samples) * rect.width
        if mask.contains(x: x, y: y, in: bounds) { inside += 1 }
      }
    }
    return Double(inside) / Double(samples * samples) * rect.area
  }

  static func randomRect(in bounds: Rect, using random: inout SeededGenerator) -> Rect {
    let x0 = Double.random(in: bounds.x - 50...bounds.maxX, using: &random)
    let y0 = Double.random(in: bounds.y - 50...bounds.maxY, using: &random)
    let width = Double.random(in: 1...bounds.width, using: &random)
    let height = Double.random(in: 1...bounds.height, using: &random)
    return Rect(x: x0, y: y0, width: width, height: height)
  }

  @Test("a whole mask's area is the superellipse's closed form, 4ab Γ(1+1/n)² / Γ(1+2/n)", arguments: exponents)
  func wholeAreaIsTheClosedForm(exponent: Int) {
    let n = Double(exponent)
    for bounds in [Rect(x: 0, y: 0, width: 1024, height: 1024), Rect(x: 13.5, y: -7, width: 800, height: 480)] {
      let a = bounds.width / 2
      let b = bounds.height / 2
      let closed = 4 * a * b * tgamma(1 + 1 / n) * tgamma(1 + 1 / n) / tgamma(1 + 2 / n)
      let area = IconMask(exponent: exponent).area(in: bounds)
      #expect(abs(area - closed) <= 1e-7 * closed, "n \(exponent) on \(bounds): \(area) vs \(closed)")
    }
  }

  /// The area of `rect` inside `mask` inscribed in `bounds` column by column: 200,000
  /// columns, each's height inside the shape from Foundation's `pow` (not the mask's code).
  static func columns(_ exponent: Int, _ rect: Rect, in bounds: Rect) -> Double {
    let n = Double(exponent)
    let a = bounds.width / 2
    let b = bounds.height / 2
    let count = 200_000
    var sum = 0.0
    for column in 0..<count {
      let x = rect.x + (Double(column) + 0.5) / Double(count) * rect.width
      let t = abs(x - bounds.midX) / a
      guard t < 1 else { continue }
      let half = b * pow(1 - pow(t, n), 1 / n)
      sum += max(0, min(rect.maxY - bounds.midY, half) - max(rect.y - bounds.midY, -half))
    }
    return sum * rect.width / Double(count)
  }

  @Test("any rect's area inside a mask is what a column-by-column sum gives", arguments: exponents)
  func rectAreaIsTheColumnsSum(exponent: Int) {
    var random = SeededGenerator(seed: UInt64(exponent) &* 7919)
    let mask = IconMask(exponent: exponent)
    for _ in 0..<25 {
      let bounds = Rect(
        x: Double.random(in: -20...20, using: &random), y: Double.random(in: -20...20, using: &random),
        width: Double.random(in: 100...1200, using: &random), height: Double.random(in: 100...1200, using: &random))
      let rect = Self.randomRect(in: bounds, using: &random)
      let area = mask.area(of: rect, in: bounds)
      let summed = Self.columns(exponent, rect, in: bounds)
      #expect(
        abs(area - summed) <= 1e-5 * rect.area + 1e-9, "n \(exponent), \(rect) in \(bounds): \(area) vs \(summed)")
    }
  }

  @Test("a rect is inside a mask exactly when every point of it is", arguments: exponents)
  func containmentIsEveryPoints(exponent: Int) {
    var random = SeededGenerator(seed: UInt64(exponent) &* 104_729)
    let mask = IconMask(exponent: exponent)
    let bounds = Rect(x: 0, y: 0, width: 1000, height: 700)
    var inside = 0
    for _ in 0..<400 {
      let centre = (x: Double.random(in: 0...1000, using: &random), y: Double.random(in: 0...700, using: &random))
      let size = (w: Double.random(in: 1...700, using: &random), h: Double.random(in: 1...500, using: &random))
      let rect = Rect(x: centre.x - size.w / 2, y: centre.y - size.h / 2, width: size.w, height: size.h)
      var every = true
      for row in 0...20 {
        for column in 0...20 where every {
          every = mask.contains(
            x: rect.x + Double(column) / 20 * rect.width, y: rect.y + Double(row) / 20 * rect.height, in: bounds)
        }
      }
      #expect(mask.contains(rect, in: bounds) == every, "n \(exponent): \(rect)")
      if every { inside += 1 }
    }
    #expect(inside > 20, "the random rects tried both sides (\(inside) of 400 inside)")
  }

  static func icon(_ slug: String) -> Target { Catalog.all.first { $0.slug == slug }! }

  static func fill(_ slug: String, source: Size, focus: FocusRegion?) -> TargetResult {
    let target = icon(slug)
    return TargetResult.solve(
      source: source, screen: Screen(target: target, orientation: target.orientations[0]), mode: .fill,
      gravity: .center, focus: focus, checks: Checks(requireFocus: true))
  }

  static func centred(_ width: Double, _ height: Double) -> FocusRegion {
    FocusRegion(x: (1 - width) / 2, y: (1 - height) / 2, width: width, height: height, origin: .option)!
  }

  @Test("the watchOS circle: a centred square focus is inside up to side 1/√2, and a fill loses 1 − π/4")
  func watchCircleByHand() {
    let source = Size(2000, 2000)
    let inscribed = 1 / 2.0.squareRoot()  // 0.7071: the square inside a circle of diameter 1
    for (side, visible) in [(inscribed - 0.001, true), (inscribed + 0.001, false), (0.5, true), (0.9, false)] {
      let result = Self.fill("icon-watchos", source: source, focus: Self.centred(side, side))
      #expect(result.placement.focusVisible == visible, "side \(side)")
      #expect(result.passed == visible, "side \(side)")
    }
    let whole = Self.fill("icon-watchos", source: source, focus: nil).placement
    #expect(abs(whole.maskLoss! - (1 - Double.pi / 4)) < 1e-6)
    // The safe crop loss counts what the mask hides: the same share of the (wholly shown) source.
    #expect(abs(whole.safeCropLoss - (1 - Double.pi / 4)) < 1e-6)
    // A focus wider than the circle loses its corners: 1 − (area inside) / (area), by grid.
    let wide = Self.fill("icon-watchos", source: source, focus: Self.centred(0.9, 0.9)).placement
    let focusOnCanvas = Rect(x: 0.05 * 1088, y: 0.05 * 1088, width: 0.9 * 1088, height: 0.9 * 1088)
    let bounds = Rect(x: 0, y: 0, width: 1088, height: 1088)
    let counted = Self.counted(.circle, focusOnCanvas, in: bounds, samples: 1200)
    #expect(abs(wide.focusLoss! - (1 - counted / focusOnCanvas.area)) < 2e-4)
  }

  @Test("the iOS rounded square cuts 1 − Γ(1.2)²/Γ(1.4) of a fill, and only its corners")
  func iosSquareByHand() {
    let whole = Self.fill("icon-ios", source: Size(1024, 1024), focus: nil).placement
    #expect(abs(whole.maskLoss! - (1 - tgamma(1.2) * tgamma(1.2) / tgamma(1.4))) < 1e-6)
    // A centred square focus of side s has its corners at ±s in the mask's unit coordinates:
    // inside while 2·s⁵ ≤ 1, s ≤ 2^(−1/5) = 0.8706.
    let limit = pow(2, -1.0 / 5)
    for (side, visible) in [(limit - 0.001, true), (limit + 0.001, false)] {
      let result = Self.fill("icon-ios", source: Size(1024, 1024), focus: Self.centred(side, side))
      #expect(result.placement.focusVisible == visible, "side \(side)")
    }
  }

  @Test("the tvOS icon's safe zone is its published 370x222 pt centred: a focus on its edge is in, 1 pt more is out")
  func tvSafeZoneByHand() {
    // 400x240 pt at @2x on a 400x240 source: one source pixel is 2 canvas pixels, 1 pt.
    let source = Size(400, 240)
    let zone = (x: 15.0 / 400, y: 9.0 / 240, w: 370.0 / 400, h: 222.0 / 240)
    let exact = FocusRegion(x: zone.x, y: zone.y, width: zone.w, height: zone.h, origin: .option)!
    #expect(Self.fill("icon-tvos", source: source, focus: exact).placement.focusVisible == true)
    let wider = FocusRegion(x: zone.x - 1 / 400, y: zone.y, width: zone.w + 1 / 400, height: zone.h, origin: .option)!
    let result = Self.fill("icon-tvos", source: source, focus: wider)
    #expect(result.placement.focusVisible == false)
    #expect(abs(result.placement.focusLoss! - (1 - 370.0 / 371)) < 1e-9)
    #expect(result.placement.maskLoss == nil)  // tvOS icons are not masked
  }

  @Test(
    "the largest rectangle a mask holds: corners at 2^(−1/n), inside, and no centred rectangle on the edge is larger",
    arguments: exponents)
  func inscribedRectIsTheLargest(exponent: Int) {
    let mask = IconMask(exponent: exponent)
    let bounds = Rect(x: 10, y: -4, width: 800, height: 480)
    let inscribed = mask.inscribedRect(in: bounds)
    let share = pow(0.5, 1 / Double(exponent))
    #expect(abs(inscribed.width - 800 * share) < 1e-9 && abs(inscribed.height - 480 * share) < 1e-9)
    #expect(mask.contains(inscribed, in: bounds))
    // Every centred rectangle with its corner on the edge, at 1,000 places along it.
    for step in 1..<1000 {
      let u = Double(step) / 1000
      let v = pow(1 - pow(u, Double(exponent)), 1 / Double(exponent))
      #expect(u * v * 800 * 480 <= inscribed.area + 1e-6, "u \(u)")
    }
  }

  @Test(
    "safe on every screen includes the largest rectangle each mask holds: a square on the watch circle keeps 1/√2 of each side"
  )
  func safeEverywhereHonoursTheMask() throws {
    let source = Size(2000, 2000)
    let results = ["icon-watchos", "icon-tvos-app-store"].map { Self.fill($0, source: source, focus: nil) }
    let region = try #require(SafeEverywhere.region(results))
    let side = 2000 / 2.0.squareRoot()
    // The App Store icon (1280x768, no mask) shows rows 400...1600 of the square; the circle
    // holds the centred 1414 px square: together, x 293...1707 and y 400...1600.
    #expect(abs(region.x - (1000 - side / 2)) < 1e-6 && abs(region.width - side) < 1e-6, "\(region)")
    #expect(abs(region.y - 400) < 1e-6 && abs(region.height - 1200) < 1e-6, "\(region)")
  }
}
