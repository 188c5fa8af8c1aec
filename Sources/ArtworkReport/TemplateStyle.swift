import ArtworkCodec
import ArtworkGeometry

/// What template.svg and template.png share: line widths, colours, names and the legend's
/// words, so the two files say the same.
public enum TemplateStyle {
  /// A line of the legend, with the colour of its swatch (none for a heading).
  public struct LegendLine: Sendable, Equatable {
    /// The line's words.
    public var text: String
    /// The swatch's colour; nil for a heading.
    public var colour: RGB?
  }

  /// The width of a region's outline: about a 600th of the short side, at least one pixel.
  public static func stroke(for source: Size) -> Double {
    max(1, (min(source.width, source.height) / 600).rounded())
  }

  /// The legend's text height: about an 80th of the short side, at least 12 pixels.
  public static func legendTextSize(for source: Size) -> Double {
    max(12, (min(source.width, source.height) / 80).rounded())
  }

  /// The family whose colour a region is drawn in: its first screen's (an iPod touch is
  /// drawn as an iPhone).
  public static func family(of region: Template.Region) -> Family {
    region.results[0].screen.target.family.traits.legendFamily
  }

  /// A readable layer name for the region numbered `number`: its first screen, orientation
  /// and mode, in letters, digits and hyphens.
  public static func layerName(_ region: Template.Region, number: Int) -> String {
    let first = region.results[0]
    let words =
      "\(number)-\(first.screen.target.slug)-\(first.screen.orientation.rawValue)-\(first.placement.requestedMode.rawValue)"
    return String(
      words.lowercased().unicodeScalars.map { scalar -> Character in
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) ? Character(scalar) : "-"
      })
  }

  /// The screens a region stands for, by mode and orientation and then by size in points:
  /// "fill portrait: iPhone 16, iPhone 15 (393×852 pt); …".
  public static func screens(of region: Template.Region) -> String {
    var groups: [(String, [TargetResult])] = []
    for result in region.results {
      let key = "\(result.placement.requestedMode.rawValue) \(result.screen.orientation.rawValue)"
      if let at = groups.firstIndex(where: { $0.0 == key }) {
        groups[at].1.append(result)
      } else {
        groups.append((key, [result]))
      }
    }
    let shows = "shows " + RegionWords.range(region.rect)
    return groups.map { key, results in
      var sizes: [(String, [String])] = []
      for result in results {
        let points = "\(whole(result.screen.points.width))×\(whole(result.screen.points.height)) pt"
        if let at = sizes.firstIndex(where: { $0.0 == points }) {
          if !sizes[at].1.contains(result.screen.target.name) { sizes[at].1.append(result.screen.target.name) }
        } else {
          sizes.append((points, [result.screen.target.name]))
        }
      }
      return key + ": " + sizes.map { "\($0.1.joined(separator: ", ")) (\($0.0))" }.joined(separator: "; ")
    }.joined(separator: " | ") + " — " + shows
  }

  /// Where the subject must go to be safe on every screen, in words.
  public static func safeEverywhereWords(_ template: Template) -> String {
    guard let exact = template.safeEverywhere else { return "no part of the source is safe on every screen" }
    return
      "safe on every screen: \(RegionWords.range(exact)) (\(RegionWords.shares(exact, of: template.source)))"
  }

  /// The first line of the legend and the SVG's title.
  public static func heading(_ template: Template, name: String) -> String {
    "artfit template for \(name): \(whole(template.source.width))×\(whole(template.source.height)) px, "
      + "\(template.resultCount) results in \(template.regions.count) visible regions"
  }

  /// The legend: the heading, a line per family drawn, the safe parts, the safe region.
  public static func legend(_ template: Template, name: String) -> [LegendLine] {
    var lines = [LegendLine(text: heading(template, name: name), colour: nil)]
    for family in CropMapColours.legendFamilies {
      let count = template.regions.filter { Self.family(of: $0) == family }.count
      guard count > 0 else { continue }
      lines.append(
        LegendLine(
          text: "\(CropMapColours.label(for: family)): \(count) visible region\(count == 1 ? "" : "s")",
          colour: CropMapColours.colour(for: family)))
    }
    lines.append(LegendLine(text: "dashed: the part of each inside its screens' safe area", colour: nil))
    lines.append(LegendLine(text: safeEverywhereWords(template), colour: RGB(255, 255, 255)))
    return lines
  }

  private static func whole(_ value: Double) -> Int { Int(value.rounded()) }
}
