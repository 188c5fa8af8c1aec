import ArtworkCodec
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP listener on loopback that never answers: a fetch would show up as a connection.
private final class LoopbackListener {
  let socket: Int32
  let port: UInt16

  init() throws {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    try #require(socket >= 0 && bound == 0 && listen(socket, 16) == 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
    }
    _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
    self.socket = socket
    port = UInt16(bigEndian: address.sin_port)
  }

  /// Whether anything connected since the listener opened.
  var wasContacted: Bool {
    let client = accept(socket, nil, nil)
    if client >= 0 { close(client) }
    return client >= 0
  }

  deinit { close(socket) }
}

/// An SVG loads nothing outside itself: references by URL or path are refused (and named in
/// `externalReferences`), `data:` URLs are drawn.
struct SVGReferenceTests {
  @Test(arguments: [
    ("<image href=\"logo.png\"/>", ["logo.png"]),
    ("<image xlink:href='file:///etc/hosts'/>", ["file:///etc/hosts"]),
    ("<use href=\"#a\"/><rect fill=\"url(#g)\"/>", []),
    ("<image href=\"data:image/png;base64,AAAA\"/>", []),
    ("<style>@import url(\"http://x/a.css\"); @import 'b.css';</style>", ["http://x/a.css", "b.css"]),
    (
      "<!DOCTYPE svg [<!ENTITY e SYSTEM \"secret.txt\"> <!ENTITY p PUBLIC \"-//X\" \"http://x/p.dtd\">]>",
      [
        "secret.txt", "http://x/p.dtd",
      ]
    ),
    ("<rect style=\"fill: URL( 'pattern.svg#p' )\"/><rect style=\"fill: URL( 'pattern.svg#p' )\"/>", ["pattern.svg#p"]),
  ])
  func externalReferencesAreNamedOnce(body: String, expected: [String]) throws {
    // A doctype goes before the root (a declared entity nobody uses parses; one used fails).
    let prolog = body.hasPrefix("<!DOCTYPE") ? body : ""
    let root =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"4\" height=\"4\">"
    let text = prolog + root + (prolog.isEmpty ? body : "") + "</svg>"
    let document = try VectorDocument(bytes: Array(text.utf8), name: "a.svg")
    #expect(document.externalReferences == expected)
    #expect((document.referencesWarning != nil) == !expected.isEmpty)
  }

  @Test func nothingOutsideTheFileIsFetchedOrShown() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let listener = try LoopbackListener()
    let server = "http://127.0.0.1:\(listener.port)"
    let red = try ImageEncoder.png(Image(width: 16, height: 16, layout: .rgb, filledWith: [255, 0, 0]))
    let secret = folder.write(red, to: "secret.png")
    let green = try ImageEncoder.png(Image(width: 16, height: 16, layout: .rgb, filledWith: [0, 255, 0]))
    let embedded = "data:image/png;base64," + Data(green).base64EncodedString()
    let svg = """
      <?xml version="1.0"?>
      <?xml-stylesheet href="\(server)/sheet.css" type="text/css"?>
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
           xmlns:xi="http://www.w3.org/2001/XInclude" width="64" height="32">
        <style>@import url("\(server)/import.css"); @font-face { font-family: F; src: url("\(server)/f.woff"); }</style>
        <rect width="64" height="32" fill="#ffffff"/>
        <image x="0" y="0" width="16" height="16" href="\(server)/remote.png"/>
        <image x="16" y="0" width="16" height="16" xlink:href="file://\(secret)"/>
        <image x="32" y="0" width="16" height="16" href="secret.png"/>
        <image x="0" y="16" width="16" height="16" href="\(secret)"/>
        <use x="16" y="16" href="\(server)/sprite.svg#icon"/>
        <xi:include href="\(server)/part.svg" parse="xml"/>
        <image x="48" y="16" width="16" height="16" href="\(embedded)"/>
      </svg>
      """
    let document = try VectorDocument(bytes: Array(svg.utf8), name: folder.path("hostile.svg"))
    let image = try document.draw(into: (64, 32))
    #expect(!listener.wasContacted, "librsvg connected to the loopback server")
    guard case .uint8(let samples) = image.storage else {
      Issue.record("expected 8-bit samples")
      return
    }
    let channels = image.layout.channels
    var shown: [[UInt8]] = []
    for y in 0..<32 {
      for x in 0..<48 {
        let start = (y * 64 + x) * channels
        if samples[start] != 255 || samples[start + 1] != 255 || samples[start + 2] != 255 {
          shown.append(Array(samples[start..<start + 3]))
        }
      }
    }
    #expect(shown.isEmpty, "\(shown.count) pixels of a referenced file drawn")
    let start = (24 * 64 + 56) * channels
    #expect(Array(samples[start..<start + 3]) == [0, 255, 0], "the data: URL image is drawn")
    #expect(document.externalReferences.count == 9, "\(document.externalReferences)")
    #expect(document.referencesWarning?.contains("and 6 more") == true)
  }
}
