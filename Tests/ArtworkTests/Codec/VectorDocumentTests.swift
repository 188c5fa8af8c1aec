import ArtworkCodec
import Foundation
import TestSupport
import Testing

/// SVG and PDF documents: the size the geometry sees, drawing a rect at a size (not a
/// raster resampled), transparency, and what each library refuses, named.
struct VectorDocumentTests {
  func pixel(_ image: Image, _ x: Int, _ y: Int) -> [UInt8] {
    guard case .uint8(let samples) = image.storage else { return [] }
    let channels = image.layout.channels
    return Array(samples[(y * image.width + x) * channels..<(y * image.width + x + 1) * channels])
  }

  @Test(arguments: [
    ("width=\"64\" height=\"32\"", 64, 32),
    ("width=\"64.4\" height=\"31.9996\"", 65, 32),  // rounded up, a thousandth's noise aside
    ("width=\"210mm\" height=\"297mm\"", 794, 1123),  // 96 px to the inch
    ("width=\"1in\" height=\"72pt\"", 96, 96),
    ("width=\"2em\" height=\"1pc\"", 32, 16),
    ("viewBox=\"0 0 300 150\"", 300, 150),  // no width or height: the viewBox
    ("width=\"100%\" height=\"100%\" viewBox=\"10 10 40 20\"", 40, 20),  // relative: the viewBox
    ("width=\"120\" viewBox=\"0 0 40 20\"", 120, 60),  // one side and the viewBox's aspect
    ("height=\"50\" viewBox=\"0 0 40 20\"", 100, 50),
  ])
  func svgSizeIsTheIntrinsicOneInCSSPixels(attributes: String, width: Int, height: Int) throws {
    let info = try ImageDecoder.probe(data: VectorFixtures.svg(attributes), name: "art.svg")
    #expect(info.format == .svg)
    #expect(info.width == width && info.height == height, "\(attributes): \(info.width)x\(info.height)")
  }

  @Test func anSVGWithoutASizeIsRefusedSayingSo() {
    #expect {
      try ImageDecoder.probe(data: VectorFixtures.svg("", "<rect width=\"5\" height=\"5\"/>"), name: "a.svg")
    } throws: { error in
      guard case ImageError.unusable("a.svg", .svg, let reason) = error else { return false }
      return reason.contains("no size")
    }
    #expect(throws: ImageError.self) {
      try ImageDecoder.probe(data: VectorFixtures.svg("width=\"0\" height=\"9\""), name: "z.svg")
    }
  }

  @Test func malformedXMLIsCorruptWithLibxml2sLineAndColumn() {
    let truncated = Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect".utf8)
    #expect {
      try ImageDecoder.probe(data: truncated, name: "cut.svg")
    } throws: { error in
      guard case ImageError.corrupt("cut.svg", .svg, let detail) = error else { return false }
      return detail.contains("line 1") && !detail.hasSuffix("\n")
    }
  }

  @Test func pdfSizeIsTheCropBoxInPointsAfterRotate() throws {
    let upright = try ImageDecoder.probe(data: VectorFixtures.pdf(width: 200, height: 100), name: "a.pdf")
    #expect(upright.format == .pdf && upright.width == 200 && upright.height == 100 && upright.images == 1)
    let turned = try ImageDecoder.probe(
      data: VectorFixtures.pdf(width: 200, height: 100, rotate: 90, pages: 3), name: "b.pdf")
    #expect(turned.width == 100 && turned.height == 200)
    #expect(turned.images == 3 && turned.imagesWarning == "a PDF of 3 pages: its first is drawn")
  }

  /// Poppler stands a US Letter page in for a page box it cannot use; artfit names the box
  /// instead. A Letter page written as such, and ordinary sizes, still read.
  @Test(arguments: [(0.0, 0.0), (1e30, 1e30), (0.0, 500.0), (2e6, 100.0)])
  func aPDFPageBoxNoPageCanHaveIsRefused(width: Double, height: Double) {
    #expect {
      try ImageDecoder.probe(data: VectorFixtures.pdf(width: width, height: height), name: "box.pdf")
    } throws: { error in
      guard case ImageError.unusable("box.pdf", .pdf, let reason) = error else { return false }
      return reason.contains("page box") || reason.contains("has no size")
    }
  }

  @Test(arguments: [(612.0, 792.0), (595.0, 842.0), (14400.0, 200.0)])
  func aPDFPageOfAnyRealSizeReads(width: Double, height: Double) throws {
    let info = try ImageDecoder.probe(data: VectorFixtures.pdf(width: width, height: height), name: "ok.pdf")
    #expect(info.width == Int(width.rounded(.up)) && info.height == Int(height.rounded(.up)))
  }

  @Test func aPDFWithoutPagesAndATruncatedOneAreRefused() {
    let empty = Array(
      "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
        .utf8)
    #expect {
      try ImageDecoder.probe(data: empty, name: "empty.pdf")
    } throws: { error in
      guard case ImageError.unusable("empty.pdf", .pdf, let reason) = error else { return false }
      return reason == "it has no pages"
    }
    let whole = VectorFixtures.pdf(width: 200, height: 100)
    #expect {
      try ImageDecoder.probe(data: Array(whole.prefix(150)), name: "cut.pdf")
    } throws: { error in
      guard case ImageError.corrupt("cut.pdf", .pdf, let detail) = error else { return false }
      return detail.contains("damaged")
    }
  }

  @Test func aRectIsDrawnAtTheSizeAskedForWithItsOwnPixels() throws {
    let document = try VectorDocument(bytes: VectorFixtures.halves, name: "halves.svg")
    #expect(document.pixelWidth == 64 && document.pixelHeight == 64)
    let whole = try document.draw(into: (128, 128))
    #expect(whole.layout == .rgb && whole.width == 128)
    #expect(pixel(whole, 10, 64) == [255, 0, 0] && pixel(whole, 118, 64) == [0, 0, 255])
    // The right half alone, stretched onto 100 x 50: all blue.
    let right = try document.draw(x: 32, y: 0, width: 32, height: 64, into: (100, 50))
    #expect(pixel(right, 0, 0) == [0, 0, 255] && pixel(right, 99, 49) == [0, 0, 255])
    // A 2-px-wide strip across the edge at 64x: the edge falls on an output pixel boundary.
    let strip = try document.draw(x: 31, y: 0, width: 2, height: 2, into: (128, 4))
    #expect(pixel(strip, 63, 0) == [255, 0, 0] && pixel(strip, 64, 0) == [0, 0, 255])
  }

  @Test func aSmallIconFilledOntoAPhoneHasEdgesAsSharpAsDrawn() throws {
    // A 64 pt icon's centre 27 x 58.4 onto 1170 x 2532 is 43x: a resample of the 64-px
    // raster would smear the edge over about 2 x 3 x 43 px (Lanczos3); a drawing keeps it at one.
    let document = try VectorDocument(bytes: VectorFixtures.halves, name: "halves.svg")
    let fill = try document.draw(x: 18.5, y: 2.8, width: 27, height: 58.4, into: (1170, 2532))
    let row = (0..<1170).map { pixel(fill, $0, 1266) }
    let between = row.filter { $0[0] > 12 && $0[0] < 243 }
    #expect(between.count <= 1, "\(between.count) pixels between red and blue")
    #expect(row.first == [255, 0, 0] && row.last == [0, 0, 255])
  }

  @Test func transparentDocumentsKeepStraightAlpha() throws {
    let svg = VectorFixtures.svg(
      "width=\"10\" height=\"10\"", "<rect width=\"5\" height=\"10\" fill=\"#ff8000\" fill-opacity=\"0.5\"/>")
    let image = try VectorDocument(bytes: svg, name: "half.svg").draw(into: (10, 10))
    #expect(image.layout == .rgba)
    let drawn = pixel(image, 2, 5)
    #expect(drawn[3] == 128 && drawn[0] == 255 && abs(Int(drawn[1]) - 128) <= 1 && drawn[2] == 0, "\(drawn)")
    #expect(pixel(image, 8, 5) == [0, 0, 0, 0])
  }

  @Test func aPDFIsDrawnTurnedByItsRotateAsPopplerShowsIt() throws {
    // The red square at the page's origin (bottom left); turned 90° clockwise it is at the top left.
    let document = try VectorDocument(
      bytes: VectorFixtures.pdf(width: 200, height: 100, rotate: 90), name: "turned.pdf")
    let image = try document.draw(into: (100, 200))
    #expect(pixel(image, 5, 5) == [255, 0, 0, 255])
    #expect(pixel(image, 94, 5)[3] == 0 && pixel(image, 5, 194)[3] == 0)
    let upright = try VectorDocument(bytes: VectorFixtures.pdf(width: 200, height: 100), name: "a.pdf")
    let flat = try upright.draw(into: (200, 100))
    #expect(pixel(flat, 5, 94) == [255, 0, 0, 255] && pixel(flat, 5, 5)[3] == 0)
  }

  @Test func anEnormousIntrinsicSizeCostsOnlyThePixelsDrawn() throws {
    let svg = VectorFixtures.svg(
      "width=\"100000\" height=\"100000\"", "<circle cx=\"50000\" cy=\"50000\" r=\"40000\" fill=\"#00ff00\"/>")
    let document = try VectorDocument(bytes: svg, name: "huge.svg")
    #expect(document.pixelWidth == 100_000 && document.pixelHeight == 100_000)
    let centre = try document.draw(x: 49_000, y: 49_000, width: 2000, height: 2000, into: (20, 20))
    #expect(pixel(centre, 10, 10) == [0, 255, 0])
  }

  @Test func entityExpansionIsBoundedByLibxml2() {
    var svg = "<?xml version=\"1.0\"?>\n<!DOCTYPE svg [\n<!ENTITY e0 \"laugh laugh laugh laugh\">\n"
    for level in 1...12 { svg += "<!ENTITY e\(level) \"\(String(repeating: "&e\(level - 1);", count: 10))\">\n" }
    svg += "]>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"9\" height=\"9\"><text>&e12;</text></svg>\n"
    #expect {
      try VectorDocument(bytes: Array(svg.utf8), name: "laughs.svg")
    } throws: { error in
      guard case ImageError.corrupt(_, .svg, let detail) = error else { return false }
      return detail.contains("entity")
    }
  }
}
