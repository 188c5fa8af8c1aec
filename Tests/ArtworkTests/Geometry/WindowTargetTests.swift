import Artwork
import TestSupport
import Testing

/// A target that stands for every window of its screen, solved as one result: the window it is
/// shown at, its failures and their counts are the range's, checked against every window solved
/// alone.
struct WindowTargetTests {
  /// A small screen whose windows resize, so that every window can be solved in the test.
  static func screen(smallest: Size, points: Size, orientation: ScreenOrientation) -> Screen {
    let target = Target(
      name: "Test windows", slug: "test-windows", family: .ipadWindows, points: points, scale: 2, cornerRadius: 0,
      smallestWindow: smallest)
    return Screen(target: target, orientation: orientation)
  }

  @Test func theResultIsTheRangesWorstAndItsCountsAreEveryWindows() throws {
    var generator = SeededGenerator(seed: 66)
    for case_ in 0..<60 {
      // A third of the cases a source `auto` fills (2:1 to 2.4:1), under auto: filled in some
      // windows, fitted in others.
      let wide = case_ % 3 == 2
      var source = Size(
        Double(Int.random(in: 200...3000, using: &generator)), Double(Int.random(in: 200...3000, using: &generator)))
      let focus = try #require(
        FocusRegion(
          x: Double.random(in: 0...0.6, using: &generator), y: Double.random(in: 0...0.6, using: &generator),
          width: Double.random(in: 0.05...0.4, using: &generator),
          height: Double.random(in: 0.05...0.4, using: &generator),
          origin: .option))
      let orientation: ScreenOrientation = Bool.random(using: &generator) ? .portrait : .landscape
      let screen = Self.screen(smallest: Size(40, 30), points: Size(90, 120), orientation: orientation)
      if wide {
        let ratio = Double.random(in: 2.0...2.4, using: &generator)
        let short = Double(Int.random(in: 200...1200, using: &generator))
        source =
          Bool.random(using: &generator)
          ? Size((short * ratio).rounded(), short) : Size(short, (short * ratio).rounded())
      }
      let mode: FitMode = wide ? .auto : Bool.random(using: &generator) ? .fill : .fit
      let limit = Double.random(in: 0.05...0.6, using: &generator)
      let checks = Checks(maxCropLoss: limit, requireFocus: true)
      let result = TargetResult.solve(
        source: source, screen: screen, mode: mode, gravity: .focus, focus: focus, checks: checks)
      let range = try #require(screen.windowRange)
      #expect(result.windows?.range == range)
      // Every window solved alone, as a screen of that one size.
      var focusCut = 0
      var overLimit = 0
      var worstCrop = 0.0
      var safe: Rect?
      for width in range.widths {
        for height in range.heights {
          let alone = TargetResult.solve(
            source: source, screen: screen.at(WindowSize(width, height)), mode: mode, gravity: .focus, focus: focus,
            checks: checks)
          if alone.failures.contains(where: { $0.check == .focus }) { focusCut += 1 }
          if alone.failures.contains(where: { $0.check == .cropLoss }) { overLimit += 1 }
          worstCrop = max(worstCrop, alone.placement.cropLoss)
          safe = safe.map { $0.intersection(alone.placement.visibleSafeSource) } ?? alone.placement.visibleSafeSource
        }
      }
      #expect(result.windows?.focusCut?.count == focusCut)
      #expect(result.windows?.overCropLimit?.count == overLimit)
      // The worst crop, as the window named gives it; windows of one aspect ratio differ in the
      // last bit at most.
      let worst = try #require(result.windows?.cropLoss)
      #expect(abs(worst.value - worstCrop) <= 1e-12, "\(worst) against every window's \(worstCrop)")
      let named = TargetResult.solve(
        source: source, screen: screen.at(worst.window), mode: mode, gravity: .focus, focus: focus, checks: checks)
      #expect(named.placement.cropLoss == worst.value)
      #expect(result.passed == (focusCut == 0 && overLimit == 0))
      // What every window shows safely, as the run's safe region takes it.
      let everywhere = try #require(result.windows?.safeEverywhere)
      let exhaustive = try #require(safe)
      for (a, b) in [
        (everywhere.x, exhaustive.x), (everywhere.y, exhaustive.y), (everywhere.width, exhaustive.width),
        (everywhere.height, exhaustive.height),
      ] {
        #expect(abs(a - b) <= 1e-9 * max(1, abs(b)), "\(everywhere) against every window's \(exhaustive)")
      }
      #expect(
        SafeEverywhere.region([result]).map { abs($0.area - exhaustive.area) <= 1e-6 } ?? (exhaustive.area < 1e-9))
      // Shown at the first failure's worst window, whose own solve fails the same way.
      if let first = result.windows?.failures.first, let window = first.window {
        #expect(result.screen.window == window)
        let alone = TargetResult.solve(
          source: source, screen: screen.at(window), mode: mode, gravity: .focus, focus: focus, checks: checks)
        #expect(alone.placement == result.placement)
        #expect(alone.failures.contains { $0.check == first.failure.check })
      }
    }
  }

  /// Every iPad that runs iPadOS 26 has its windows, from a smallest no larger than any of its
  /// iPadOS 18 windows' widths up to its whole screen, each figure sourced or marked inferred.
  @Test func everyIPadOS26IPadHasItsWindows() throws {
    let windows = Catalog.targets(in: .ipadWindows)
    #expect(windows.count == 11)
    for target in windows {
      let smallest = try #require(target.smallestWindow)
      for orientation in target.orientations {
        let range = Screen(target: target, orientation: orientation).windowRange
        #expect(range != nil, "\(target.slug) \(orientation)")
        #expect(range?.widths.upperBound == Int(target.canvasPoints(in: orientation).width))
      }
      #expect(smallest.width <= 375 && smallest.width == smallest.height)
      #expect(target.confidence["smallest_window"] == "inferred")
      for ids in target.sources.values { for id in ids { #expect(Catalog.references[id] != nil, "\(id)") } }
    }
  }

  /// The app's limits (`AppWindowLimits`) bound a screen's windows: for random screens, system
  /// minimums and app limits, the range holds exactly the windows both the system and the app
  /// allow, found by trying every window up to the screen, when there are any; when the app
  /// asks for more than the screen gives, the smallest is clamped to the largest.
  @Test func theAppsLimitsLeaveTheWindowsBothAllow() throws {
    var generator = SeededGenerator(seed: 2666)
    var clamped = 0
    for _ in 0..<300 {
      let points = Size(
        Double(Int.random(in: 20...60, using: &generator)), Double(Int.random(in: 20...60, using: &generator)))
      let system = Size(
        Double(Int.random(in: 5...15, using: &generator)), Double(Int.random(in: 5...15, using: &generator)))
      func size(_ range: ClosedRange<Int>) -> WindowSize? {
        Bool.random(using: &generator)
          ? WindowSize(Int.random(in: range, using: &generator), Int.random(in: range, using: &generator)) : nil
      }
      let limits = AppWindowLimits(minimum: size(1...70), maximum: size(1...70))
      guard limits.problem == nil else { continue }
      for orientation in [ScreenOrientation.portrait, .landscape] {
        let plain = Self.screen(smallest: system, points: points, orientation: orientation)
        let screen = Screen(target: plain.target.limitingWindows(to: limits), orientation: orientation)
        let range = try #require(screen.windowRange)
        let full = plain.target.canvasPoints(in: orientation)
        func allowed(_ value: Int, _ system: Double, _ screen: Double, _ low: Int?, _ high: Int?) -> Bool {
          Double(value) >= system && Double(value) <= screen && value >= (low ?? 0) && value <= (high ?? Int.max)
        }
        let widths = (1...Int(full.width)).filter {
          allowed($0, system.width, full.width, limits.minimum?.width, limits.maximum?.width)
        }
        let heights = (1...Int(full.height)).filter {
          allowed($0, system.height, full.height, limits.minimum?.height, limits.maximum?.height)
        }
        if let lowW = widths.first, let highW = widths.last, let lowH = heights.first, let highH = heights.last {
          #expect(
            range.widths == lowW...highW && range.heights == lowH...highH, "\(limits) on \(points) \(orientation)")
        } else {
          clamped += 1
          #expect(
            range.widths.lowerBound == range.widths.upperBound || range.heights.lowerBound == range.heights.upperBound)
          #expect(range.widths.upperBound <= Int(full.width) && range.heights.upperBound <= Int(full.height))
        }
      }
    }
    #expect(clamped > 0, "no case asked for more than the screen")
  }
}
