import Artwork
@_spi(Support) import ArtworkSupport
import Foundation
import TestSupport
import Testing

@testable import ArtworkReport

/// File names chosen by whoever fills the art folder: every line artfit prints is one artfit
/// wrote (no forged workflow command or Xcode issue, no escape sequence, no bidi override),
/// report links are URLs no scheme can take, and CSV cells are no formulas.
@Suite struct HostileNamesTests {
  let folder = TemporaryFolder()

  static let names = [
    "javascript:alert(7).png", "a#b.png", "q?x=1.png", "100%.png", "sp ace.png", "new\nline.png",
    "x\n::error file=a.png::forged.png", "x\n/abs/forged.png:1:1: error: forged.png", "e\u{1B}[31mred.png",
    "\u{202E}gnp.exe.png", "=HYPERLINK(1).png",
  ]

  func art() throws {
    try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
    let png = try ImageEncoder.png(TestPictures.quadrants(width: 60, height: 90))
    for name in Self.names { _ = folder.write(png, to: "art/" + name) }
    // Unreadable, so its name reaches the error lines too.
    _ = folder.write(Array("not a picture".utf8), to: "art/bad\n::error::forged.png")
  }

  @Test(arguments: ["github", "xcode", "none"])
  func everyLinePrintedIsOneArtfitWrote(diagnostics: String) throws {
    defer { folder.remove() }
    try art()
    let run = try ArtfitRun(
      [
        "render", folder.path("art"), "--out", folder.path("out"), "--targets", "90x160", "--modes", "fill",
        "--max-crop-loss", "1%", "--diagnostics", diagnostics,
      ], environment: ["GITHUB_ACTIONS": "true"])
    #expect(run.status == 3, "\(run.stderr)")
    let text = run.stdout + run.stderr
    #expect(
      !text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" },
      "an escape or an override reached the terminal")
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      #expect(!line.hasPrefix("::error file=a.png::forged") && !line.hasPrefix("::error::forged"), "\(line)")
      #expect(!line.hasPrefix("/abs/forged.png"), "\(line)")
      #expect(!line.hasPrefix("line.png") && !line.hasPrefix("forged.png"), "\(line)")
    }
    #expect(text.contains(#"new\nline.png"#), "the newline is shown escaped")
    #expect(text.contains(#"e\e[31mred.png"#), "the escape is shown escaped")
  }

  @Test(arguments: ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])
  func csvCellsAreNoFormulas(cell: String) {
    var out = ByteBuffer()
    CSVWriter.field(cell, to: &out)
    let written = String(decoding: out.bytes, as: UTF8.self)
    #expect(written == "\"'" + cell + "\"")
  }

  @Test func plainCsvCellsStayAsTheyWere() {
    var out = ByteBuffer()
    CSVWriter.field("iPhone 16 Pro", to: &out)
    #expect(String(decoding: out.bytes, as: UTF8.self) == "iPhone 16 Pro")
  }

  @Test func linksAreURLsThatNoSchemeCanTake() throws {
    defer { folder.remove() }
    try art()
    let run = try ArtfitRun([
      "render", folder.path("art"), "--out", folder.path("out"), "--targets", "90x160", "--modes", "fill",
    ])
    #expect(run.status == 3, "\(run.stderr)")
    let page = String(
      decoding: try Data(contentsOf: URL(fileURLWithPath: folder.path("out/index.html"))), as: UTF8.self)
    let links = page.matches(of: /(?:href|src)="([^"]*)"/).map { String($0.1) }
    #expect(links.count > Self.names.count * 2)
    for link in links {
      #expect(!link.contains(":"), "\(link) could be read as a scheme")
      #expect(!link.contains { "#?\n\u{1B} ".contains($0) }, "\(link)")
      let path = try #require(link.removingPercentEncoding)
      #expect(FileManager.default.fileExists(atPath: folder.path("out/" + path)), "\(link) names no file")
    }
  }
}
