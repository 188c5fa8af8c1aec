import TestSupport
import Testing

@testable import ArtworkGeometry

/// A window range is decided exactly: for random sources, ranges, scales, modes, gravities,
/// focus regions and crop limits, each worst figure, the windows that cut the focus, the
/// windows over the crop limit and the kept aspect bounds equal those of every whole-point
/// window solved one by one.
struct WindowRangeSolverTests {
  /// Every window of `range` solved alone: the figures the solver must match.
  struct EveryWindow {
    var worstCropLoss = 0.0
    var worstBars = 0.0
    var worstSafeCropLoss = 0.0
    var worstFocusLoss = 0.0
    var focusCut: Set<WindowSize> = []
    var overLimit: Set<WindowSize> = []
    var kept: [WindowSize] = []
    var withinLimit: [WindowSize] = []

    init(source: Size, range: WindowRange, mode: FitMode, gravity: Gravity, focus: FocusRegion?, limit: Double?) {
      for width in range.widths {
        for height in range.heights {
          let window = WindowSize(width, height)
          let placement = WindowRangeSolverTests.place(source, range, window, mode, gravity, focus)
          worstCropLoss = max(worstCropLoss, placement.cropLoss)
          worstBars = max(worstBars, placement.barsFraction)
          worstSafeCropLoss = max(worstSafeCropLoss, placement.safeCropLoss)
          worstFocusLoss = max(worstFocusLoss, placement.focusLoss ?? 0)
          if placement.focusVisible == false { focusCut.insert(window) } else { kept.append(window) }
          if let limit, placement.cropLoss > limit + 1e-12 {
            overLimit.insert(window)
          } else {
            withinLimit.append(window)
          }
        }
      }
    }
  }

  static func place(
    _ source: Size, _ range: WindowRange, _ window: WindowSize, _ mode: FitMode, _ gravity: Gravity,
    _ focus: FocusRegion?
  ) -> Placement {
    FitSolver.solve(
      source: source, canvas: PixelSize(window.width * range.scale, window.height * range.scale),
      safeArea: range.safeInsets.scaled(by: Double(range.scale)), mode: mode, gravity: gravity, focus: focus)
  }

  /// Every size of `range` in `sizes` exactly when `member` says so.
  static func same(_ sizes: WindowSizes?, _ members: Set<WindowSize>, in range: WindowRange) -> Bool {
    guard let sizes, sizes.count == members.count else { return false }
    return members.allSatisfy { sizes.contains(width: $0.width, height: $0.height) }
  }

  static func randomCase(_ random: inout SeededGenerator, insets: Bool) -> (
    source: Size, range: WindowRange, mode: FitMode, gravity: Gravity, focus: FocusRegion?, limit: Double?
  ) {
    let source = Size(
      Double(Int.random(in: 40...4000, using: &random)), Double(Int.random(in: 40...4000, using: &random)))
    // Ranges around the source's aspect, or well away from it on either side.
    let aspect = source.aspectRatio * Double.random(in: 0.25...4, using: &random)
    let height = Int.random(in: 20...900, using: &random)
    let width = max(1, Int((Double(height) * aspect).rounded()))
    let span = (Int.random(in: 0...24, using: &random), Int.random(in: 0...24, using: &random))
    let safeInsets =
      insets
      ? Insets(
        top: Double(Int.random(in: 0...8, using: &random)), left: Double.random(in: 0...3, using: &random),
        bottom: Double(Int.random(in: 0...5, using: &random)), right: Double(Int.random(in: 0...2, using: &random)))
      : .zero
    let range = WindowRange(
      smallest: (width + 12, height + 12), largest: (width + 12 + span.0, height + 12 + span.1),
      scale: Int.random(in: 1...3, using: &random), safeInsets: safeInsets)!
    let focus =
      Int.random(in: 0..<5, using: &random) == 0
      ? nil
      : FocusRegion(
        x: Double.random(in: 0...0.6, using: &random), y: Double.random(in: 0...0.6, using: &random),
        width: Double.random(in: 0.05...0.4, using: &random), height: Double.random(in: 0.05...0.4, using: &random),
        origin: .option)
    let limit = Bool.random(using: &random) ? Double.random(in: 0...0.6, using: &random) : nil
    return (
      source, range, Bool.random(using: &random) ? .fill : .fit, Gravity.allCases.randomElement(using: &random)!,
      focus, limit
    )
  }

  /// Checks `result` against every window solved alone; returns how many windows cut the focus.
  @discardableResult
  static func expectEveryWindow(
    _ result: WindowRangeResult, source: Size, range: WindowRange, mode: FitMode, gravity: Gravity,
    focus: FocusRegion?, limit: Double?, round: Int
  ) -> Int {
    let every = EveryWindow(source: source, range: range, mode: mode, gravity: gravity, focus: focus, limit: limit)
    let context = "round \(round): \(source) in \(range), \(mode) \(gravity) focus \(String(describing: focus))"
    for (name, worst, expected) in [
      ("crop loss", result.cropLoss, every.worstCropLoss), ("bars", result.barsFraction, every.worstBars),
      ("safe crop loss", result.safeCropLoss, every.worstSafeCropLoss),
    ] {
      #expect(
        abs(worst.value - expected) <= 1e-12, "\(context): worst \(name) \(worst.value), every window \(expected)")
    }
    // Each worst window gives its worst figure.
    let atWorst = { (window: WindowSize) in place(source, range, window, mode, gravity, focus) }
    #expect(atWorst(result.cropLoss.window).cropLoss == result.cropLoss.value, "\(context)")
    #expect(atWorst(result.barsFraction.window).barsFraction == result.barsFraction.value, "\(context)")
    #expect(atWorst(result.safeCropLoss.window).safeCropLoss == result.safeCropLoss.value, "\(context)")
    if focus != nil {
      guard let loss = result.focusLoss else {
        Issue.record("\(context): a focus, and no worst focus loss")
        return every.focusCut.count
      }
      #expect(abs(loss.value - every.worstFocusLoss) <= 1e-12, "\(context): worst focus loss")
      #expect(atWorst(loss.window).focusLoss == loss.value, "\(context)")
      #expect(same(result.focusCut, every.focusCut, in: range), "\(context): the windows that cut the focus")
      if result.decidedByAspect { expectBounds(result.focusKept, kept: every.kept, cut: every.focusCut, context) }
    } else {
      #expect(result.focusLoss == nil && result.focusCut == nil && result.focusKept == nil)
    }
    if limit != nil {
      #expect(same(result.overCropLimit, every.overLimit, in: range), "\(context): the windows over the limit")
      if result.decidedByAspect {
        expectBounds(result.withinCropLimit, kept: every.withinLimit, cut: every.overLimit, context)
      }
    } else {
      #expect(result.overCropLimit == nil && result.withinCropLimit == nil)
    }
    return every.focusCut.count
  }

  /// Every window kept lies between the bounds' aspects and every other outside them (cross
  /// products of whole numbers are exact); no bounds, no window kept.
  static func expectBounds(
    _ bounds: WindowRangeResult.AspectBounds?, kept: [WindowSize], cut: Set<WindowSize>, _ context: String
  ) {
    guard let bounds else {
      #expect(kept.isEmpty, "\(context): no bounds, yet \(kept.count) windows are kept")
      return
    }
    for window in kept {
      #expect(!window.isNarrower(than: bounds.narrowest) && !bounds.widest.isNarrower(than: window), "\(context)")
    }
    for window in cut {
      #expect(window.isNarrower(than: bounds.narrowest) || bounds.widest.isNarrower(than: window), "\(context)")
    }
  }

  @Test func windowsDecidedByTheirAspectMatchEveryWindowSolved() {
    var random = SeededGenerator(seed: 661)
    var (cutSome, keptSome) = (0, 0)
    for round in 0..<400 {
      let c = Self.randomCase(&random, insets: false)
      let result = WindowRangeSolver.solve(
        source: c.source, range: c.range, mode: c.mode, gravity: c.gravity, focus: c.focus,
        checks: Checks(maxCropLoss: c.limit, requireFocus: true))
      #expect(result.decidedByAspect)
      let cut = Self.expectEveryWindow(
        result, source: c.source, range: c.range, mode: c.mode, gravity: c.gravity, focus: c.focus, limit: c.limit,
        round: round)
      // A report's result keeps counts alone, gathered without each width's runs: the same
      // counts, bounds and failures.
      let counted = WindowRangeSolver.solve(
        source: c.source, range: c.range, mode: c.mode, gravity: c.gravity, focus: c.focus,
        checks: Checks(maxCropLoss: c.limit, requireFocus: true), runs: false)
      #expect(
        counted.focusCut?.count == result.focusCut?.count && counted.overCropLimit?.count == result.overCropLimit?.count
          && counted.focusKept == result.focusKept && counted.withinCropLimit == result.withinCropLimit
          && counted.failures == result.failures, "round \(round): counted without runs")
      if cut > 0 { cutSome += 1 }
      if c.focus != nil && cut < c.range.count { keptSome += 1 }
    }
    // The cases reach both sides: ranges that cut the focus in some windows and keep it in others.
    #expect(cutSome > 40 && keptSome > 40, "cut in \(cutSome) rounds, kept in \(keptSome)")
  }

  @Test func windowsWithInsetsMatchEveryWindowSolved() {
    var random = SeededGenerator(seed: 662)
    for round in 0..<60 {
      let c = Self.randomCase(&random, insets: true)
      let result = WindowRangeSolver.solve(
        source: c.source, range: c.range, mode: c.mode, gravity: c.gravity, focus: c.focus,
        checks: Checks(maxCropLoss: c.limit, requireFocus: true))
      Self.expectEveryWindow(
        result, source: c.source, range: c.range, mode: c.mode, gravity: c.gravity, focus: c.focus, limit: c.limit,
        round: round)
    }
  }

  /// The README's case: a 3:2 artwork filled in every iPad window from 320x320 pt to the
  /// 13-inch screen in landscape, gravity center, focus in its top-left part. By hand: the
  /// crop keeps the full height when the window is narrower than 3:2, x = (3000 − 2000a)/2,
  /// and the focus (x 300–900) stays whole while x ≤ 300, a ≥ 1.2; wider, y = 1000 − 1500/a
  /// and the focus (y 200–800) stays while y ≤ 200, a ≤ 1.875. The worst crop loss is at the
  /// narrowest window, 320x1024: 1 − 0.3125/1.5.
  @Test func readmeCaseByHand() {
    let range = WindowRange(smallest: (320, 320), largest: (1366, 1024), scale: 2)!
    let focus = FocusRegion(x: 0.1, y: 0.1, width: 0.2, height: 0.3, origin: .option)
    let result = WindowRangeSolver.solve(
      source: Size(3000, 2000), range: range, mode: .fill, gravity: .center, focus: focus,
      checks: Checks(requireFocus: true))
    #expect(abs(result.cropLoss.value - (1 - 0.3125 / 1.5)) < 1e-12)
    #expect(result.cropLoss.window == WindowSize(320, 1024))
    #expect(result.focusKept == .init(narrowest: WindowSize(384, 320), widest: WindowSize(600, 320)))
    #expect(result.failures.map(\.failure.check) == [.focus])
    #expect(result.focusCut?.contains(width: 383, height: 320) == true)
    #expect(result.focusCut?.contains(width: 601, height: 320) == true)
    #expect(result.focusCut?.contains(width: 1366, height: 1024) == false)
  }

  /// The issue's reproduction: a 3:4 key art with its focus in the middle keeps it in every
  /// iPadOS 18 window, but a window tiled to the top half of a landscape 13-inch iPad
  /// (1366x512 pt) is wider than 2.5:1, where the focus's 30% of the height no longer fits.
  @Test func aTopHalfTiledWindowCutsTheKeyArtsFocus() {
    let range = WindowRange(smallest: (320, 320), largest: (1366, 1024), scale: 2)!
    let focus = FocusRegion(x: 0.4, y: 0.35, width: 0.2, height: 0.3, origin: .option)
    let result = WindowRangeSolver.solve(
      source: Size(1536, 2048), range: range, mode: .fill, gravity: .focus, focus: focus,
      checks: Checks(requireFocus: true))
    #expect(!result.passed)
    #expect(result.focusCut?.contains(width: 1366, height: 512) == true)
    #expect(result.focusKept?.widest == WindowSize(800, 320))
    #expect(result.focusLoss?.window == WindowSize(1366, 320))
  }

  @Test func countsAreGroupedByThousands() {
    var random = SeededGenerator(seed: 663)
    let counts = [0, 7, 999, 1000, 1001, 738_135, 1_000_000, -1234, Int.max, Int.min]
    for count in counts + (0..<500).map({ _ in Int.random(in: -10_000_000_000...10_000_000_000, using: &random) }) {
      let text = WindowRangeResult.grouped(count)
      // The digits are the number's, and every group after the first has three.
      #expect(String(text.filter { $0 != "," }) == String(count), "\(count) as \(text)")
      let groups = text.drop { $0 == "-" }.split(separator: ",", omittingEmptySubsequences: false)
      #expect((1...3).contains(groups[0].count) && groups.dropFirst().allSatisfy { $0.count == 3 }, "\(text)")
    }
  }
}
