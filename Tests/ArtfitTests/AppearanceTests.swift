import Artwork
import Foundation
import TestSupport
import Testing

extension Slow {
  /// `--appearance tinted`: every preview pixel is the gray of the default preview's
  /// relative luminance, computed here from the sRGB curve and BT.709's weights with
  /// Foundation's `pow`, not with artfit's tables.
  @Suite(.tags(.slow), .serialized) struct AppearanceTests {
    let folder = TemporaryFolder()

    static func linear(_ sample: Int) -> Double {
      let value = Double(sample) / 255
      return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    static func encoded(_ linear: Double) -> Double {
      let value = linear <= 0.0031308 ? linear * 12.92 : 1.055 * pow(linear, 1 / 2.4) - 0.055
      return value * 255
    }

    @Test("a tinted preview is the default preview's luminance in gray, pixel for pixel; the report says which")
    func tintedIsLuminance() throws {
      let art = "SampleArt/evening-glow-landscape.jpg"
      let common = ["render", art, "--targets", "icon-ios,icon-watchos", "--modes", "fill", "--overlays", "none"]
      let plain = try ArtfitRun(common + ["--out", folder.path("plain")])
      let tinted = try ArtfitRun(common + ["--out", folder.path("tinted"), "--appearance", "tinted"])
      // A landscape photo is no icon's size: both runs fail icon_size, and draw every preview.
      #expect(plain.status == 1 && tinted.status == 1, "\(plain.stderr)\(tinted.stderr)")
      #expect(plain.stdout.contains("this slot takes") || plain.stderr.contains("this slot takes"))
      for name in ["icon-ios-portrait-fill@1x.png", "icon-watchos-portrait-fill@1x.png"] {
        let colour = try ImageDecoder.decode(file: folder.path("plain/evening-glow-landscape/" + name))
        let gray = try ImageDecoder.decode(file: folder.path("tinted/evening-glow-landscape/" + name))
        #expect(colour.width == gray.width && colour.height == gray.height)
        var worst = 0.0
        for y in stride(from: 0, to: colour.height, by: 3) {
          for x in stride(from: 0, to: colour.width, by: 3) {
            let c = colour.pixel(x: x, y: y)
            let g = gray.pixel(x: x, y: y)
            #expect(g[0] == g[1] && g[1] == g[2], "\(name) at \(x),\(y) is not gray")
            let y709 = 0.2126 * Self.linear(c[0]) + 0.7152 * Self.linear(c[1]) + 0.0722 * Self.linear(c[2])
            worst = max(worst, abs(Double(g[0]) - Self.encoded(y709)))
          }
        }
        #expect(worst <= 0.6, "\(name): off by \(worst) of a level")
      }
      let options = { (path: String) throws -> [String: Any] in
        let data = try #require(FileManager.default.contents(atPath: path))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["options"] as? [String: Any])
      }
      #expect(try options(folder.path("tinted/report.json"))["appearance"] as? String == "tinted")
      #expect(try options(folder.path("plain/report.json"))["appearance"] == nil)
      folder.remove()
    }
  }
}
