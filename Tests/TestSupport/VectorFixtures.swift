import Foundation

/// SVG and PDF documents made in the test, so each states the one thing it is about.
public enum VectorFixtures {
  /// An SVG document with `attributes` on its root and `body` inside it.
  public static func svg(_ attributes: String, _ body: String = "") -> [UInt8] {
    Array("<svg xmlns=\"http://www.w3.org/2000/svg\" \(attributes)>\(body)</svg>\n".utf8)
  }

  /// A 64 × 64 icon: the left half red, the right half blue, edge to edge, opaque.
  public static let halves = svg(
    "width=\"64\" height=\"64\"",
    "<rect width=\"32\" height=\"64\" fill=\"#ff0000\"/><rect x=\"32\" width=\"32\" height=\"64\" fill=\"#0000ff\"/>")

  /// A PDF of `pages` pages, each `width` × `height` points with `/Rotate rotate`, drawing
  /// `content` (a content stream; default: a red 20 × 20 pt square at the page's origin).
  /// Its cross-reference table is exact, so poppler reads it without repair.
  public static func pdf(
    width: Double, height: Double, rotate: Int = 0, pages: Int = 1, content: String = "1 0 0 rg 0 0 20 20 re f"
  ) -> [UInt8] {
    var objects = ["<< /Type /Catalog /Pages 2 0 R >>"]
    let kids = (0..<pages).map { "\(3 + $0 * 2) 0 R" }.joined(separator: " ")
    objects.append("<< /Type /Pages /Kids [\(kids)] /Count \(pages) >>")
    for page in 0..<pages {
      objects.append(
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Rotate \(rotate) /Contents \(4 + page * 2) 0 R >>"
      )
      objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
    }
    var text = "%PDF-1.4\n"
    var offsets: [Int] = []
    for (index, object) in objects.enumerated() {
      offsets.append(text.utf8.count)
      text += "\(index + 1) 0 obj\n\(object)\nendobj\n"
    }
    let xref = text.utf8.count
    text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
    for offset in offsets { text += String(format: "%010d 00000 n \n", offset) }
    text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
    return Array(text.utf8)
  }
}

extension VectorFixtures {
  /// A `<use>` bomb: `levels` groups, each using the one before `fanOut` times, so drawing it
  /// walks fanOut^levels rectangles from a document of a few kilobytes.
  public static func useBomb(levels: Int = 10, fanOut: Int = 10) -> [UInt8] {
    var body = "<defs><rect id=\"l0\" width=\"2\" height=\"2\" fill=\"red\"/>"
    for level in 1..<levels {
      body += "<g id=\"l\(level)\">"
      body += (0..<fanOut).map { "<use href=\"#l\(level - 1)\" x=\"\($0)\"/>" }.joined()
      body += "</g>"
    }
    return svg("width=\"400\" height=\"300\"", body + "</defs><use href=\"#l\(levels - 1)\"/>")
  }

  /// `count` half-transparent circles over a 4000 × 3000 document: few bytes an element, and
  /// slow to draw (librsvg composites each as a group of its own).
  public static func translucentCircles(_ count: Int) -> [UInt8] {
    let body = (0..<count).map { index in
      "<circle cx=\"\(index * 37 % 4000)\" cy=\"\(index * 53 % 3000)\" r=\"60\" fill=\"#3a7\" opacity=\"0.5\"/>"
    }
    return svg("width=\"4000\" height=\"3000\"", body.joined(separator: "\n"))
  }
}
