import TestSupport
import Testing

@testable import ArtworkGeometry

struct SensorHousingTests {
  let notch = SensorHousing(shape: .notch, rect: Rect(x: 83, y: 0, width: 209, height: 30))
  let portrait = Size(375, 812)

  @Test func landscapeTurnsTheHousingToTheLeftEdge() throws {
    let rect = try #require(notch.rect(in: .landscape, portrait: portrait))
    #expect(rect == Rect(x: 0, y: 83, width: 30, height: 209))
  }

  @Test func landscapeRightMirrorsIt() throws {
    let left = try #require(notch.rect(in: .landscape, portrait: portrait))
    let right = try #require(notch.rect(in: .landscapeRight, portrait: portrait))
    #expect(right == Rect(x: 812 - 30, y: 83, width: 30, height: 209))
    #expect(abs((left.midX + right.midX) - 812) < 1e-9 && left.midY == right.midY)
  }

  @Test func screenScalesEverythingToCanvasPixels() throws {
    let x = try #require(Catalog.target(named: "iPhone X"))
    let screen = Screen(target: x, orientation: .landscape)
    #expect(screen.canvas == PixelSize(2436, 1125))
    #expect(screen.safeInsets == Insets(top: 0, left: 132, bottom: 63, right: 132))
    #expect(screen.sensorHousing == Rect(x: 0, y: 249, width: 90, height: 627))
    let custom = Screen(target: x, orientation: .portrait, scale: 2)
    #expect(custom.canvas == PixelSize(750, 1624))
  }
}
