import TestSupport
import Testing

@testable import ArtworkGeometry

/// The region safe on every screen, against a computation written out from the catalog's
/// figures (canvas and safe-area insets in pixels), not through the solver's placement.
struct SafeEverywhereTests {
  /// The source region one screen shows inside its safe area, centred gravity.
  static func safeSource(_ source: Size, _ screen: Screen, _ mode: FitMode) -> Rect {
    let cw = Double(screen.canvas.width)
    let ch = Double(screen.canvas.height)
    let insets = screen.target.safeAreaInsets(in: screen.orientation).scaled(by: screen.scale)
    let scale = mode == .fit ? min(cw / source.width, ch / source.height) : max(cw / source.width, ch / source.height)
    // Where the whole source lands on the canvas (centred), and the safe area on the canvas.
    let imageX = (cw - source.width * scale) / 2
    let imageY = (ch - source.height * scale) / 2
    let left = max(insets.left, imageX)
    let top = max(insets.top, imageY)
    let right = min(cw - insets.right, imageX + source.width * scale)
    let bottom = min(ch - insets.bottom, imageY + source.height * scale)
    return Rect(
      x: (left - imageX) / scale, y: (top - imageY) / scale, width: max(0, right - left) / scale,
      height: max(0, bottom - top) / scale)
  }

  static func expected(_ source: Size, _ screens: [Screen], _ modes: [FitMode]) -> Rect? {
    var x0 = 0.0
    var y0 = 0.0
    var x1 = source.width
    var y1 = source.height
    for screen in screens {
      for mode in modes {
        let r = safeSource(source, screen, mode)
        (x0, y0, x1, y1) = (max(x0, r.x), max(y0, r.y), min(x1, r.maxX), min(y1, r.maxY))
      }
    }
    return x1 - x0 > 1e-9 && y1 - y0 > 1e-9 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
  }

  static let devices = [
    "iPhone 16 Pro", "iPhone 8", "iPhone SE (3rd generation)", "iPad Pro 13\" (M4, M5)", "iPad mini (A17 Pro)",
    "iPhone 16 Pro Max",
  ]

  @Test(
    arguments: [Size(3840, 2160), Size(1080, 1920), Size(2048, 2048), Size(2732, 2048)],
    [
      [FitMode.fill], [.fit], [.fit, .fill],
    ])
  func matchesAnIndependentComputation(source: Size, modes: [FitMode]) throws {
    let targets = try TargetSelection.resolve(Self.devices)
    for orientations in [[ScreenOrientation.portrait], [.landscape], [.portrait, .landscape]] {
      let screens = targets.flatMap { target in orientations.map { Screen(target: target, orientation: $0) } }
      let results = screens.flatMap { screen in
        modes.map {
          TargetResult.solve(source: source, screen: screen, mode: $0, gravity: .center, focus: nil, checks: Checks())
        }
      }
      let have = SafeEverywhere.region(results)
      let want = Self.expected(source, screens, modes)
      #expect((have == nil) == (want == nil), "\(source) \(modes) \(orientations): \(String(describing: have))")
      if let have, let want {
        let close = [have.x - want.x, have.y - want.y, have.width - want.width, have.height - want.height]
          .allSatisfy { abs($0) < 1e-6 }
        #expect(close, "\(source) \(modes) \(orientations): \(have) vs \(want)")
      }
    }
  }

  /// A very wide source filled on portrait phones and a tall one on landscape: each screen
  /// shows a different slice, and no part is safe on both.
  @Test func isNilWhenTheSafeRegionsDoNotMeet() throws {
    let phone = try #require(try TargetSelection.resolve(["iPhone 16 Pro"]).first)
    let source = Size(6000, 1000)
    let left = TargetResult.solve(
      source: source, screen: Screen(target: phone, orientation: .portrait), mode: .fill, gravity: .left, focus: nil,
      checks: Checks())
    let right = TargetResult.solve(
      source: source, screen: Screen(target: phone, orientation: .portrait), mode: .fill, gravity: .right, focus: nil,
      checks: Checks())
    #expect(SafeEverywhere.region([left, right]) == nil)
    #expect(SafeEverywhere.region([left]) == left.placement.visibleSafeSource)
    #expect(SafeEverywhere.region([]) == nil)
  }
}
