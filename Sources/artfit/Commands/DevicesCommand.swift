import Artwork
import ArtworkGeometry

/// `artfit devices`: the target catalog as a table or as JSON.
struct DevicesCommand: Command {
  static let spec = CommandSpec(
    name: "devices",
    abstract:
      "List the target catalog: iPhones, iPads, Apple TV, Apple Watch, Macs, Vision Pro, CarPlay, App Store and Top Shelf slots, video ratios, iPad split windows.",
    usage: "artfit devices [--family LIST] [--json]",
    options: [
      .option(
        "--family", "LIST", "Only these families: \(TargetSelection.familyNames)", defaultValue: "all"
      ).completing(Completion.families + ["all"]),
      .flag("--json", "Print the full catalog as JSON, with every figure's sources."),
      RenderArguments.catalogOption,
    ],
    discussion: """
      Points are portrait (Apple TV and video canvases as they stand; split windows as the window).
      Pixels are points x scale, the canvas an app draws. Safe areas are in points; artfit uses the
      iOS 26 insets where the research has them, else the iOS 14-18 ones (see `safe_area_basis`).
      Every figure's sources are in --json and in the project's Research/ folder.
      """)

  var families: [Family]
  var json: Bool
  var catalog: TargetCatalog

  init(_ arguments: ParsedArguments) throws(UsageError) {
    guard arguments.positionals.isEmpty else {
      throw UsageError("'artfit devices' takes no arguments (got '\(arguments.positionals[0])')")
    }
    json = arguments.has("--json")
    catalog = try RenderArguments.userCatalog(arguments)?.catalog ?? Catalog.builtIn
    families = []
    for name in ValueText.list(arguments.value("--family")!) {
      if name.lowercased() == "all" {
        families = Family.selectable
      } else if let family = Family(rawValue: name.lowercased()), family != .custom {
        if !families.contains(family) { families.append(family) }
      } else {
        throw UsageError("--family: unknown family '\(name)'; families are \(TargetSelection.familyNames)")
      }
    }
  }

  func run() throws -> ExitStatus {
    let targets = catalog.all.filter { families.contains($0.family) }
    if json {
      let references = Catalog.references.keys.sorted().map { id -> (String, JSONValue) in
        let reference = Catalog.references[id]!
        return (id, .object([("title", .string(reference.title)), ("location", .string(reference.location))]))
      }
      let document = JSONValue.object([
        ("version", .integer(UserCatalog.schemaVersion)),
        ("generator", .string(ArtfitVersion.generator)),
        ("targets", .array(targets.map(\.json))),
        ("references", .object(references)),
      ])
      printOut(document.serialized())
      return .success
    }
    var sections: [String] = []
    for family in families {
      let members = targets.filter { $0.family == family }
      if members.isEmpty { continue }
      var table = TextTable(header: [
        "NAME", "POINTS", "SCALE", "PIXELS", "RATIO", "SAFE AREA (PORTRAIT)", "SAFE AREA (LANDSCAPE)",
      ])
      for target in members {
        let points = target.points
        table.add([
          target.name, target.smallestWindow.map { "\($0) to \(points)" } ?? "\(points)",
          "@\(formatScale(target.scale))",
          "\(target.pixels)",
          String(format2(points.longOverShort)) + ":1",
          insetText(target.safeArea?.portrait), insetText(target.safeArea?.landscape),
        ])
      }
      sections.append("\(family.rawValue) (\(members.count))\n" + table.rendered)
    }
    printOut(sections.joined(separator: "\n\n"))
    printOut(
      "\n\(targets.count) targets. Safe areas in points; 'artfit devices --json' has every figure with its sources.")
    return .success
  }

  private func insetText(_ insets: Insets?) -> String {
    guard let insets else { return "-" }
    if insets.isZero { return "none" }
    let parts = [("T", insets.top), ("L", insets.left), ("B", insets.bottom), ("R", insets.right)]
      .filter { $0.1 != 0 }.map { "\($0.0) \(formatScale($0.1))" }
    return parts.joined(separator: " ")
  }
}

func formatScale(_ value: Double) -> String {
  value == value.rounded() ? String(Int(value)) : String(value)
}

func format2(_ value: Double) -> String {
  let hundredths = Int((value * 100).rounded())
  let fraction = hundredths % 100
  return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}
