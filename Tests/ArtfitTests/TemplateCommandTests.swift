import Artwork
import Foundation
import TestSupport
import Testing

/// `artfit template`, run as a designer runs it.
struct TemplateCommandTests {
  @Test func writesBothFilesForASize() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let run = try ArtfitRun([
      "template", "--source", "1200x1200", "--targets", "iphone,ipad", "--out", folder.path("Templates"),
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("template.svg") && run.stdout.contains("safe on every screen: x "))
    let svg = try String(contentsOfFile: folder.path("Templates/template.svg"), encoding: .utf8)
    #expect(svg.contains("viewBox=\"0 0 1200.0 1200.0\"") && svg.contains("id=\"safe-everywhere\""))
    let png = try ImageDecoder.decode(file: folder.path("Templates/template.png"))
    #expect(png.width == 1200 && png.height == 1200 && png.layout == .rgba)
  }

  /// The size comes from the header, after the EXIF orientation (stored 32×48, shown 48×32).
  @Test func takesTheSizeFromAnArtworksHeader() throws {
    let run = try ArtfitRun([
      "template", "--source", Fixtures.path("jpeg-orientation-6.jpg"), "--targets", "iPhone 16 Pro", "--modes", "fill",
      "--json",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try #require(try run.json() as? [String: Any])
    #expect((json["source"] as? [String: Double]) == ["w": 48, "h": 32])
    let regions = try #require(json["regions"] as? [[String: Any]])
    #expect(regions.count == 2, "portrait and landscape fills show different parts")
    let screens = regions.flatMap { ($0["screens"] as? [[String: Any]]) ?? [] }
    #expect(screens.count == 2 && screens.allSatisfy { $0["target"] as? String == "iPhone 16 Pro" })
    #expect(json["safe_everywhere"] != nil)
  }

  @Test func aFileNameIsTextInTheSVG() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let name = "key art <b>&\"x\".png"
    let art = folder.write(
      try ImageEncoder.png(Image(width: 60, height: 40, layout: .rgb, filledWith: [9, 9, 9])), to: name)
    let run = try ArtfitRun(["template", "--source", art, "--targets", "iphone", "--out", folder.path("out")])
    #expect(run.status == 0, "\(run.stderr)")
    let svg = try String(contentsOfFile: folder.path("out/template.svg"), encoding: .utf8)
    #expect(svg.contains("key art &lt;b&gt;&amp;&quot;x&quot;.png") && !svg.contains("<b>"))
  }

  @Test(arguments: [
    (["--source", "0x100"], "neither a file that exists nor a size WxH"),
    (["--source", "missing.png"], "neither a file that exists nor a size WxH"),
    (["--source", "100x100", "--targets", "nokia"], "--targets"),
    (["--source", "100000x100000"], "more than"),
    ([], "needs --source"),
  ])
  func badUsageSaysWhatIsWrong(arguments: [String], words: String) throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let run = try ArtfitRun(["template"] + arguments + ["--out", folder.path("out")])
    #expect(run.status == 2)
    #expect(run.stderr.contains(words), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.path("out")), "nothing written")
  }

  @Test func aFolderIsNotASource() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let run = try ArtfitRun(["template", "--source", folder.path(""), "--out", folder.path("out")])
    #expect(run.status == 2 && run.stderr.contains("is a folder"), "\(run.stderr)")
  }

  /// An artwork that cannot be read is an input error (exit 3, as render and check give for
  /// one), named with its cause, not a usage error.
  @Test func aBrokenArtworkIsNamedWithItsCause() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let jpeg = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.path("jpeg-gainmap-hdrgm.jpg"))))
    let broken = [
      folder.write(Array("not a picture".utf8), to: "broken.png"), folder.write(Array(jpeg.prefix(60)), to: "cut.jpg"),
    ]
    for art in broken {
      let run = try ArtfitRun(["template", "--source", art, "--out", folder.path("out")])
      let name = (art as NSString).lastPathComponent
      #expect(run.status == 3 && run.stderr.contains(name), "\(name): \(run.status) \(run.stderr)")
      #expect(!FileManager.default.fileExists(atPath: folder.path("out")), "nothing written")
    }
  }
}
