@_spi(Support) import ArtworkSupport

/// One page of a paged contact sheet (`pages/0001.html`, …): which it is and its neighbours.
struct ContactSheetPage {
  /// 1-based.
  var number: Int
  /// Whether a page follows (it is written only once the next artwork has arrived).
  var hasNext: Bool

  /// The page's path below the output folder.
  static func path(_ number: Int) -> String { "pages/" + fileName(number) }

  static func fileName(_ number: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".html"
  }

  /// Links to the first page and the pages either side.
  func writeNavigation(to out: inout ByteBuffer) {
    out.append("<nav class=\"pages\"><a href=\"../index.html\">summary and all pages</a>")
    if number > 1 {
      out.append(" · <a href=\"")
      out.append(Self.fileName(number - 1))
      out.append("\">previous page</a>")
    }
    if hasNext {
      out.append(" · <a href=\"")
      out.append(Self.fileName(number + 1))
      out.append("\">next page</a>")
    }
    out.append("</nav>\n")
  }
}
