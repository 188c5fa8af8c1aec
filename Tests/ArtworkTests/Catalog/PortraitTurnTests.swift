import TestSupport
import Testing

@testable import ArtworkGeometry

/// Figures given on the portrait screen, turned as the screen is held.
struct PortraitTurnTests {
  let notch = Rect(x: 83, y: 0, width: 209, height: 30)
  let portrait = Size(375, 812)

  @Test func landscapeTurnsTheHousingToTheLeftEdge() {
    #expect(PortraitTurn.rect(notch, in: .landscape, portrait: portrait) == Rect(x: 0, y: 83, width: 30, height: 209))
  }

  @Test func landscapeRightMirrorsIt() {
    let left = PortraitTurn.rect(notch, in: .landscape, portrait: portrait)
    let right = PortraitTurn.rect(notch, in: .landscapeRight, portrait: portrait)
    #expect(right == Rect(x: 812 - 30, y: 83, width: 30, height: 209))
    #expect(abs((left.midX + right.midX) - 812) < 1e-9 && left.midY == right.midY)
  }

  /// Property: for random rects and radii, a corner turns with the point it rounds: the
  /// portrait corner nearest a turned rect's source corner is the landscape corner nearest the
  /// turned rect.
  @Test func cornersTurnWithThePointsTheyRound() {
    var random = SeededGenerator(seed: 44)
    for _ in 0..<200 {
      let radii = CornerRadii(
        topLeft: Double.random(in: 0...40, using: &random), topRight: Double.random(in: 0...40, using: &random),
        bottomRight: Double.random(in: 0...40, using: &random), bottomLeft: Double.random(in: 0...40, using: &random))
      for orientation in [ScreenOrientation.landscape, .landscapeRight] {
        let turned = PortraitTurn.corners(radii, in: orientation)
        let landscape = portrait.transposed
        // Each portrait corner, as a point, lands on a landscape corner carrying its radius.
        let points: [(Double, Double, Double)] = [
          (0, 0, radii.topLeft), (portrait.width, 0, radii.topRight),
          (portrait.width, portrait.height, radii.bottomRight),
          (0, portrait.height, radii.bottomLeft),
        ]
        for (x, y, radius) in points {
          let spot = PortraitTurn.rect(Rect(x: x, y: y, width: 0, height: 0), in: orientation, portrait: portrait)
          let right = spot.x > landscape.width / 2
          let bottom = spot.y > landscape.height / 2
          let landed =
            bottom ? (right ? turned.bottomRight : turned.bottomLeft) : (right ? turned.topRight : turned.topLeft)
          #expect(landed == radius, "\(orientation): portrait (\(x), \(y)) keeps its radius")
        }
      }
    }
  }

  @Test func screenScalesEverythingToCanvasPixels() throws {
    let x = try #require(Catalog.target(named: "iPhone X"))
    let screen = Screen(target: x, orientation: .landscape)
    #expect(screen.canvas == PixelSize(2436, 1125))
    #expect(screen.safeInsets == Insets(top: 0, left: 132, bottom: 63, right: 132))
    #expect(screen.occlusions == [Rect(x: 0, y: 249, width: 90, height: 627)])
    let custom = Screen(target: x, orientation: .portrait, scale: 2)
    #expect(custom.canvas == PixelSize(750, 1624))
  }

  @Test func aFixedCanvasDoesNotTurnItsRegions() {
    let mac = Target(
      name: "Test Mac", slug: "test-mac", family: .custom, points: Size(1512, 982), scale: 2,
      regions: [ScreenRegion(.occlusion, .housing, rect: Rect(x: 641, y: 0, width: 230, height: 32))],
      orientations: [.landscape])
    #expect(Screen(target: mac, orientation: .landscape).occlusions == [Rect(x: 1282, y: 0, width: 460, height: 64)])
  }
}
