/// Turns a `--targets` list (families, names, slugs, raw canvases) into targets.
public enum TargetSelection {
  /// Why a `--targets` item was refused.
  public enum Failure: Error, Equatable, CustomStringConvertible {
    /// No target, family or canvas has this name; `suggestions` are the closest names.
    case unknown(String, suggestions: [String])
    /// Looks like a canvas (`WxH` or `WxH@S`) but is not a valid one.
    case badCanvas(String)

    /// What was refused, with the closest names.
    public var description: String {
      switch self {
      case .unknown(let name, let suggestions):
        let hint =
          suggestions.isEmpty ? "" : "; did you mean " + suggestions.map { "'\($0)'" }.joined(separator: ", ") + "?"
        return
          "unknown target '\(name)'\(hint) (targets are families \(familyNames), device names or slugs from 'artfit devices', or canvases WxH@S)"
      case .badCanvas(let text):
        return "bad canvas '\(text)': write WxH (pixels) or WxH@S (points at scale S), e.g. 390x844@3"
      }
    }
  }

  /// Every family `--targets` takes by name, and `all`, as help and errors list them.
  public static let familyNames = (Family.selectable.map(\.rawValue) + ["all"]).joined(separator: ", ")

  /// The targets of `catalog` named by `items`, each once, in the order first named.
  public static func resolve(_ items: [String], in catalog: TargetCatalog = Catalog.builtIn) throws(Failure)
    -> [Target]
  {
    var result: [Target] = []
    var seen = Set<String>()
    func add(_ targets: [Target]) {
      for target in targets where seen.insert(target.slug).inserted { result.append(target) }
    }
    for raw in items {
      let item = normalizedName(raw)
      if item.isEmpty { continue }
      if item == "all" {
        add(catalog.all)
      } else if let family = Family(rawValue: item), family != .custom {
        for selected in family.selection { add(catalog.targets(in: selected)) }
      } else if let target = catalog.target(named: item) {
        add([target])
      } else if let first = item.first, first.isNumber, item.contains("x") {
        add([try canvas(raw)])
      } else {
        throw .unknown(raw, suggestions: catalog.suggestions(for: raw))
      }
    }
    return result
  }

  /// The targets named by a comma-separated `--targets` value. Device names may contain
  /// commas themselves (`iPad Pro 13" (M4, M5)`), so the longest run of comma-joined pieces
  /// that names a target wins.
  public static func resolve(list text: String, in catalog: TargetCatalog = Catalog.builtIn) throws(Failure)
    -> [Target]
  {
    let pieces = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    var items: [String] = []
    var start = 0
    while start < pieces.count {
      var end = pieces.count - 1
      while end > start {
        let candidate = pieces[start...end].joined(separator: ",")
        if catalog.target(named: candidate) != nil { break }
        end -= 1
      }
      items.append(pieces[start...end].joined(separator: ","))
      start = end + 1
    }
    return try resolve(
      items.map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }, in: catalog)
  }

  /// A raw canvas: `WxH` in pixels (scale 1) or `WxH@S` in points at scale S.
  public static func canvas(_ text: String) throws(Failure) -> Target {
    let parts = text.lowercased().split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count <= 2 else { throw .badCanvas(text) }
    // Sizes are read by one rule (SizeText); a canvas's sides stop at 100,000 points.
    guard let (width, height) = SizeText.numbers(String(parts[0])), width <= 100_000, height <= 100_000
    else { throw .badCanvas(text) }
    var scale = 1.0
    if parts.count == 2 {
      guard let value = Double(parts[1].hasSuffix("x") ? parts[1].dropLast() : parts[1]), value > 0, value <= 10
      else { throw .badCanvas(text) }
      scale = value
    }
    let name = "\(formatNumber(width))x\(formatNumber(height))" + (parts.count == 2 ? "@\(formatNumber(scale))" : "")
    return Target(
      name: name,
      slug: "canvas-\(formatNumber(width))x\(formatNumber(height))"
        + (parts.count == 2 ? "-\(formatNumber(scale))x" : ""),
      family: .custom, points: Size(width, height), scale: scale, cornerRadius: 0,
      orientations: [width > height ? .landscape : .portrait],
      notes: ["A raw canvas from the command line: no safe area, square corners."])
  }
}
