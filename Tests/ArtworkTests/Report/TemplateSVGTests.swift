import Foundation
import TestSupport
import Testing

@testable import ArtworkGeometry
@testable import ArtworkReport

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// template.svg read back with an XML parser: its view box, its named layers, one rect per
/// region naming every screen it stands for, the safe-everywhere rect, escaping.
struct TemplateSVGTests {
  /// The elements of an SVG: each with its attributes, the ids of the groups around it and
  /// the text of its title.
  final class Elements: NSObject, XMLParserDelegate {
    struct Element {
      var name: String
      var attributes: [String: String]
      var groups: [String]
      var title = ""
    }
    var elements: [Element] = []
    private var open: [Int] = []
    private var groups: [String] = []
    private var inTitle = false

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      if name == "title" {
        inTitle = true
        return
      }
      open.append(elements.count)
      elements.append(Element(name: name, attributes: attributes, groups: groups))
      if name == "g" { groups.append(attributes["id"] ?? "") }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if inTitle, let at = open.last { elements[at].title += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
      if name == "title" {
        inTitle = false
        return
      }
      open.removeLast()
      if name == "g" { groups.removeLast() }
    }

    static func of(_ bytes: [UInt8]) throws -> Elements {
      let parser = XMLParser(data: Data(bytes))
      let elements = Elements()
      parser.delegate = elements
      try #require(parser.parse(), "well-formed: \(parser.parserError.map { "\($0)" } ?? "")")
      return elements
    }
  }

  static func template(_ source: Size, devices: [String] = SafeEverywhereTests.devices) throws -> Template {
    let targets = try TargetSelection.resolve(devices)
    let results = targets.flatMap { target in
      target.orientations.flatMap { orientation in
        [FitMode.fit, .fill].map {
          TargetResult.solve(
            source: source, screen: Screen(target: target, orientation: orientation), mode: $0, gravity: .center,
            focus: nil, checks: Checks())
        }
      }
    }
    return Template(source: source, results: results)
  }

  static func rect(_ attributes: [String: String]) -> Rect? {
    guard let x = attributes["x"].flatMap(Double.init), let y = attributes["y"].flatMap(Double.init),
      let w = attributes["width"].flatMap(Double.init), let h = attributes["height"].flatMap(Double.init)
    else { return nil }
    return Rect(x: x, y: y, width: w, height: h)
  }

  @Test(arguments: [Size(2732, 2732), Size(3840, 2160), Size(1125, 2436)])
  func layersRegionsAndTheSafeRegion(source: Size) throws {
    let template = try Self.template(source)
    let svg = try Elements.of(TemplateSVG.svg(template, name: "launch.png"))
    let root = try #require(svg.elements.first)
    #expect(root.name == "svg")
    #expect(root.attributes["viewBox"] == "0 0 \(source.width) \(source.height)")
    let groups = Set(svg.elements.filter { $0.name == "g" }.compactMap { $0.attributes["id"] })
    #expect(groups.isSuperset(of: ["visible-regions", "safe-parts", "safe-on-every-screen", "legend"]))
    let ids = svg.elements.compactMap { $0.attributes["id"] }
    #expect(Set(ids).count == ids.count, "ids are unique")

    let outlines = svg.elements.filter { $0.name == "rect" && $0.groups.first == "visible-regions" }
    #expect(outlines.count == template.regions.count)
    for region in template.regions {
      let drawn = outlines.filter { element in
        Self.rect(element.attributes).map { TemplateTests.close($0, region.rect, within: 0.051) } ?? false
      }
      try #require(drawn.count == 1, "one rect for \(region.rect)")
      for result in region.results {
        #expect(drawn[0].title.contains(result.screen.target.name), "\(result.screen.target.name) is named")
      }
      #expect(drawn[0].groups.last == "visible-\(TemplateStyle.family(of: region).rawValue)")
    }
    let safeParts = svg.elements.filter { $0.name == "rect" && $0.groups.first == "safe-parts" }
    #expect(safeParts.count == template.regions.filter { $0.safe != nil }.count)

    let everywhere = svg.elements.filter { $0.attributes["id"] == "safe-everywhere" }
    if let safe = template.safeEverywhere {
      try #require(everywhere.count == 1)
      #expect(everywhere[0].name == "rect" && everywhere[0].groups == ["safe-on-every-screen"])
      #expect(Self.rect(everywhere[0].attributes).map { TemplateTests.close($0, safe, within: 0.051) } == true)
    } else {
      #expect(everywhere.isEmpty)
    }
  }

  @Test func noSafeRegionDrawsNoSafeEverywhereRect() throws {
    let phone = try #require(try TargetSelection.resolve(["iPhone 16 Pro"]).first)
    let source = Size(6000, 1000)
    let results = [Gravity.left, .right].map {
      TargetResult.solve(
        source: source, screen: Screen(target: phone, orientation: .portrait), mode: .fill, gravity: $0, focus: nil,
        checks: Checks())
    }
    let template = Template(source: source, results: results)
    #expect(template.safeEverywhere == nil)
    let svg = try Elements.of(TemplateSVG.svg(template, name: "wide.png"))
    #expect(!svg.elements.contains { $0.attributes["id"] == "safe-everywhere" })
    #expect(svg.elements.contains { $0.name == "g" && $0.attributes["id"] == "safe-on-every-screen" })
  }

  @Test func namesAreTextNotMarkup() throws {
    let name = "a<b>&\"c'\u{1}.png"
    let template = try Self.template(Size(2000, 2000), devices: ["iPhone 16 Pro"])
    let bytes = TemplateSVG.svg(template, name: name)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(!text.contains("a<b>"))
    let svg = try Elements.of(bytes)
    #expect(svg.elements[0].title.contains("a<b>&\"c'.png"), "the name reads back, the control character dropped")
    let legend = svg.elements.filter { $0.name == "text" }
    #expect(!legend.isEmpty)
  }

  @Test func sameTemplateSameBytes() throws {
    let template = try Self.template(Size(2732, 2048))
    #expect(
      TemplateSVG.svg(template, name: "x.png") == TemplateSVG.svg(try Self.template(Size(2732, 2048)), name: "x.png"))
  }
}
