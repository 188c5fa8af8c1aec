import TestSupport
import Testing

@testable import ArtworkCodec
@testable import ArtworkGeometry
@testable import ArtworkPixels

/// The legend's font and the transparent canvas it is drawn on.
struct BitmapFontTests {
  @Test func glyphsAreFiveBySevenAndLowerCaseIsDrawnAsCapitals() {
    for character in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 %():,.-/?'|_+@&=" {
      let rows = BitmapFont.glyph(character)
      #expect(rows.count == 7 && rows.allSatisfy { $0 < 32 }, "\(character)")
    }
    #expect(BitmapFont.glyph("a") == BitmapFont.glyph("A"))
    #expect(BitmapFont.glyph("×") == BitmapFont.glyph("X"))
    #expect(BitmapFont.glyph("€") == BitmapFont.glyph("?"), "a missing glyph is a question mark")
    #expect(BitmapFont.glyph("O") != BitmapFont.glyph("0"))
  }

  @Test func drawsTheGlyphsPixelsAtItsScale() {
    var canvas = TransparentCanvas(size: PixelSize(20, 20))
    BitmapFont.draw("L", at: (2, 3), scale: 2, colour: RGB(255, 255, 255), on: &canvas)
    // L: the left column down, the bottom row across.
    #expect(canvas.pixel(x: 2, y: 3).alpha == 255 && canvas.pixel(x: 3, y: 16).alpha == 255)
    #expect(canvas.pixel(x: 11, y: 16).alpha == 255, "the bottom row's last pixel")
    #expect(canvas.pixel(x: 4, y: 3).alpha == 0 && canvas.pixel(x: 12, y: 16).alpha == 0)
    #expect(BitmapFont.width(of: "LL", scale: 2) == 24)
  }

  @Test func transparentCanvasCompositesOverWithExactCoverage() {
    var canvas = TransparentCanvas(size: PixelSize(4, 1))
    canvas.fill(Rect(x: 0.5, y: 0, width: 2, height: 1), RGB(255, 0, 0))
    #expect(canvas.pixel(x: 0, y: 0).alpha == 128 && canvas.pixel(x: 0, y: 0).colour == RGB(255, 0, 0))
    #expect(canvas.pixel(x: 1, y: 0).alpha == 255)
    #expect(canvas.pixel(x: 3, y: 0).alpha == 0)
    // Half-opaque blue over opaque red: opaque, half way between.
    canvas.fill(Rect(x: 1, y: 0, width: 1, height: 1), RGB(0, 0, 255), opacity: 0.5)
    let mixed = canvas.pixel(x: 1, y: 0)
    #expect(mixed.alpha == 255 && mixed.colour == RGB(128, 0, 128), "\(mixed)")
    // Half-opaque over transparent keeps its colour at half alpha.
    canvas.fill(Rect(x: 3, y: 0, width: 1, height: 1), RGB(0, 255, 0), opacity: 0.5)
    #expect(canvas.pixel(x: 3, y: 0).colour == RGB(0, 255, 0) && canvas.pixel(x: 3, y: 0).alpha == 128)
  }
}
