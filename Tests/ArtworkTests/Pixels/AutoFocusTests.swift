import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec
@testable import ArtworkGeometry
@testable import ArtworkPixels

/// Auto-focus finds a clear subject: a bright object on a plain field, a face-like blob,
/// a block of text, and the emblem of SampleArt's launch artwork.
struct AutoFocusTests {
  /// The found region holds the subject's box (fractions) and is not most of the picture.
  static func expectContains(
    _ region: FocusRegion?, _ subject: (x: Double, y: Double, w: Double, h: Double), _ label: String
  ) {
    guard let region else {
      Issue.record("\(label): no focus found")
      return
    }
    #expect(region.origin == .auto)
    let holds =
      region.x <= subject.x + 1e-9 && region.y <= subject.y + 1e-9
      && region.x + region.width >= subject.x + subject.w - 1e-9
      && region.y + region.height >= subject.y + subject.h - 1e-9
    #expect(holds, "\(label): \(region) does not hold \(subject)")
    #expect(region.width * region.height < 0.5, "\(label): \(region) is most of the picture")
  }

  @Test func brightObjectOnAPlainField() {
    // A yellow disc of radius 60 centred at (600, 250) on saturated blue, 1000×700.
    let image = TestPictures.picture(width: 1000, height: 700, background: [20, 60, 200]) { x, y in
      let dx = x - 600
      let dy = y - 250
      return dx * dx + dy * dy <= 3600 ? [255, 230, 40] : nil
    }
    Self.expectContains(AutoFocus.region(in: image), (0.54, 250.0 / 700 - 60.0 / 700, 0.12, 120.0 / 700), "disc")
  }

  @Test func faceLikeBlob() {
    // A skin-toned oval with two dark eyes and a mouth, left of centre, on grey-green.
    let image = TestPictures.picture(width: 900, height: 900, background: [96, 110, 100]) { x, y in
      let ex = Double(x - 300) / 110
      let ey = Double(y - 380) / 150
      guard ex * ex + ey * ey <= 1 else { return nil }
      let eye = [(260, 340), (340, 340)].contains { abs(x - $0.0) < 14 && abs(y - $0.1) < 9 }
      let mouth = abs(x - 300) < 40 && abs(y - 450) < 6
      return eye || mouth ? [40, 25, 20] : [224, 172, 140]
    }
    Self.expectContains(AutoFocus.region(in: image), (190.0 / 900, 230.0 / 900, 220.0 / 900, 300.0 / 900), "face")
  }

  @Test func blockOfText() {
    // Five lines of dark "words" (strokes and gaps) in the lower right of a white page.
    let image = TestPictures.picture(width: 1200, height: 800, background: [250, 250, 248]) { x, y in
      guard x >= 700, x < 1100, y >= 500, y < 700 else { return nil }
      let line = (y - 500) / 40
      let inLine = (y - 500) % 40
      guard line < 5, inLine >= 8, inLine < 30 else { return nil }
      let column = (x - 700 + line * 13) % 60
      let stroke = column % 9 < 3 && column < 48
      return stroke ? [20, 20, 30] : nil
    }
    Self.expectContains(AutoFocus.region(in: image), (700.0 / 1200, 508.0 / 800, 400.0 / 1200, 182.0 / 800), "text")
  }

  @Test func emblemOfTheSampleLaunchArtwork() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "SampleArt/launch-square-2732.png"
      ).path
    let image = try ImageDecoder.decode(file: path)
    // make_sampleart.py draws the emblem as a disc of radius 520 at the centre.
    let r = 520.0 / 2732
    Self.expectContains(AutoFocus.region(in: image), (0.5 - r, 0.5 - r, 2 * r, 2 * r), "emblem")
  }

  @Test func kiteInTheSampleSky() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("SampleArt/kite-exif-rotated.jpg")
      .path
    let image = try ImageDecoder.decode(file: path, shrink: 8)
    // The kite's red, yellow and green pixels span this box of the upright picture; a large
    // white cloud at the left edge must not win.
    Self.expectContains(AutoFocus.region(in: image), (0.6445, 0.3231, 0.0680, 0.0863), "kite")
  }

  @Test func plainPictureHasNoFocus() {
    #expect(
      AutoFocus.region(in: TestPictures.picture(width: 300, height: 200, background: [30, 90, 160]) { _, _ in nil })
        == nil)
  }
}
