import ArtworkCodec
import Foundation
import TestSupport
import Testing

/// An SVG or PDF is held to its bounds (bytes, elements with references expanded, seconds)
/// before it spends them, and a probe reads an SVG's size without building the document but
/// always finds the size the whole document gives.
struct VectorBoundsTests {
  /// A random document of groups, rectangles and references, with the elements librsvg would
  /// walk counted by expanding every reference naively: the independent count.
  struct RandomDocument {
    var text = ""
    var count = 0

    init(seed: UInt64) {
      var state = seed
      func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
      }
      // Each closed element's id and its expanded count; a reference only goes back to one
      // closed already, which keeps every expansion finite.
      var closed: [(id: String, walked: Int)] = []
      func element(depth: Int) -> (String, Int) {
        let id = "e\(closed.count)-\(next(1_000_000))"
        let kind = depth > 3 ? 0 : next(4)
        var text: String
        var walked = 1
        if kind == 0 || kind == 1, let target = closed.isEmpty ? nil : closed[next(closed.count)] {
          // A use, or a rectangle masked by an earlier element.
          text =
            kind == 0
            ? "<use id=\"\(id)\" href=\"#\(target.id)\"/>"
            : "<rect id=\"\(id)\" width=\"3\" height=\"3\" mask=\"url(#\(target.id))\"/>"
          walked += target.walked
        } else if kind == 2 {
          text = "<rect id=\"\(id)\" width=\"2\" height=\"2\" fill=\"url(#paint)\"/>"
          walked += 1  // a gradient counts once
        } else {
          text = "<g id=\"\(id)\">"
          for _ in 0..<next(4) {
            let (child, childWalked) = element(depth: depth + 1)
            text += child
            walked += childWalked
          }
          text += "</g>"
        }
        closed.append((id, walked))
        return (text, walked)
      }
      var body = "<linearGradient id=\"paint\"><stop offset=\"0\"/><stop offset=\"1\"/></linearGradient>"
      count = 4  // the root, the gradient and its two stops
      for _ in 0..<(8 + next(8)) {
        let (child, walked) = element(depth: 0)
        body += child
        count += walked
      }
      text = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"50\" height=\"50\">\(body)</svg>"
    }
  }

  @Test(arguments: 0..<40)
  func theElementBoundCountsEveryReferenceExpanded(seed: Int) throws {
    let document = RandomDocument(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
    let bytes = Array(document.text.utf8)
    let exact = ImageLimits(maxVectorElements: document.count)
    _ = try VectorDocument(bytes: bytes, name: "random.svg", limits: exact)
    #expect(
      throws: ImageError.overBudget(file: "random.svg", format: .svg, budget: .elements(limit: document.count - 1))
    ) {
      try VectorDocument(bytes: bytes, name: "random.svg", limits: ImageLimits(maxVectorElements: document.count - 1))
    }
  }

  @Test func aUseBombIsRefusedBeforeLibrsvgWalksIt() throws {
    let started = Date()
    for probe in [false, true] {
      #expect(throws: ImageError.overBudget(file: "bomb.svg", format: .svg, budget: .elements(limit: 100_000))) {
        if probe {
          _ = try ImageDecoder.probe(data: VectorFixtures.useBomb(), name: "bomb.svg")
        } else {
          _ = try VectorDocument(bytes: VectorFixtures.useBomb(), name: "bomb.svg")
        }
      }
    }
    #expect(Date().timeIntervalSince(started) < 10, "refused before any drawing")
  }

  @Test func aReferenceToItselfCountsNothingMore() throws {
    let looped = VectorFixtures.svg(
      "width=\"10\" height=\"10\"",
      "<g id=\"a\"><rect width=\"1\" height=\"1\"/><use href=\"#a\"/></g><use href=\"#a\"/>")
    // svg, g, rect, use (4) and the outer use (1) drawing g again (3, its own use refused).
    _ = try VectorDocument(bytes: looped, name: "loop.svg", limits: ImageLimits(maxVectorElements: 8))
    #expect(throws: ImageError.self) {
      try VectorDocument(bytes: looped, name: "loop.svg", limits: ImageLimits(maxVectorElements: 7))
    }
  }

  @Test func aDocumentOverTheByteBoundIsRefusedByItsSize() throws {
    let bytes = VectorFixtures.halves
    #expect(
      throws: ImageError.overBudget(file: "h.svg", format: .svg, budget: .bytes(bytes.count, limit: 100))
    ) { try ImageDecoder.probe(data: bytes, name: "h.svg", limits: ImageLimits(maxVectorBytes: 100)) }
    let pdf = VectorFixtures.pdf(width: 200, height: 100)
    #expect(throws: ImageError.overBudget(file: "p.pdf", format: .pdf, budget: .bytes(pdf.count, limit: 100))) {
      try VectorDocument(bytes: pdf, name: "p.pdf", limits: ImageLimits(maxVectorBytes: 100))
    }
  }

  @Test func aDrawingPastItsTimeIsStoppedAndNamed() throws {
    let limits = ImageLimits(maxVectorSeconds: 0.3)
    let document = try VectorDocument(bytes: VectorFixtures.translucentCircles(5_000), name: "slow.svg", limits: limits)
    let started = Date()
    #expect(throws: ImageError.overBudget(file: "slow.svg", format: .svg, budget: .seconds(limit: 0.3))) {
      _ = try document.draw(into: (2000, 1500))
    }
    #expect(Date().timeIntervalSince(started) < 5, "stopped near its budget, not at the drawing's end")
    // The budget is the document's: once spent, a later drawing is refused at once.
    #expect(throws: ImageError.self) { _ = try document.draw(into: (20, 15)) }
  }

  /// Roots a probe reads alone, and documents it must read whole; either way the size is the
  /// one the whole document gives.
  @Test(arguments: [
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"210mm\" height=\"4in\"><rect width=\"5\" height=\"5\"/></svg>",
    "<?xml version=\"1.0\"?>\n<!-- a comment --><?pi x?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 300 150\"><g/></svg>",
    "<!DOCTYPE svg [<!ENTITY w \"640\">]><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"&w;\" height=\"48\"><g/></svg>",
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120\" viewBox=\"0 0 40 20\"/>",
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"90\" height=\"60\"><style>svg { width: 10px }</style></svg>",
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"90\" height=\"60\" style=\"width: 12px\"><g/></svg>",
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"90\" height=\"60\"><svg width=\"5\" height=\"5\"/></svg>",
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width='70' height='30' data-x='a>b'><g/></svg>",
  ])
  func aProbeFindsTheSizeTheWholeDocumentGives(text: String) throws {
    let bytes = Array(text.utf8)
    let probed = try ImageDecoder.probe(data: bytes, name: "a.svg")
    let whole = try VectorDocument(bytes: bytes, name: "a.svg").info
    #expect(probed.width == whole.width && probed.height == whole.height, "\(probed.width)x\(probed.height)")
  }
}
