/// The targets a run chooses from: the built-in catalog (`Catalog.builtIn`), or it with a
/// team's own devices added or swapped in. Names, slugs and aliases are looked up in it, and
/// families list its targets in its order; nothing downstream knows which targets were
/// built in.
public struct TargetCatalog: Sendable {
  /// Every target, in catalog order.
  public let all: [Target]
  private let index: [String: Int]

  /// A catalog of `targets`, in their order; a name two targets share selects the first.
  public init(_ targets: [Target]) {
    all = targets
    var index: [String: Int] = [:]
    for (position, target) in targets.enumerated() {
      for name in target.allNames where index[normalizedName(name)] == nil {
        index[normalizedName(name)] = position
      }
    }
    self.index = index
  }

  /// The targets of one family, in catalog order.
  public func targets(in family: Family) -> [Target] {
    all.filter { $0.family == family }
  }

  /// The first target whose name, slug or alias matches `name` (case, quotes and spacing
  /// are ignored).
  public func target(named name: String) -> Target? {
    index[normalizedName(name)].map { all[$0] }
  }

  /// This catalog with `replacements` swapped in (keyed by the slug each replaces) and
  /// `additions` placed after the last target of their family.
  public func with(replacements: [String: Target], additions: [Target]) -> TargetCatalog {
    var targets = all.map { replacements[$0.slug] ?? $0 }
    for target in additions {
      let after = targets.lastIndex { $0.family == target.family }.map { $0 + 1 } ?? targets.count
      targets.insert(target, at: after)
    }
    return TargetCatalog(targets)
  }

  /// Up to `limit` target names closest to `name`, for "did you mean".
  public func suggestions(for name: String, limit: Int = 3) -> [String] {
    let wanted = normalizedName(name)
    var best: [(score: Int, order: Int, name: String)] = []
    for (order, target) in all.enumerated() {
      let score =
        target.allNames.map { candidate -> Int in
          let normal = normalizedName(candidate)
          let distance = Catalog.editDistance(wanted, normal)
          // A name that contains what was typed ranks as if it were one edit away.
          return normal.contains(wanted) || wanted.contains(normal) ? min(distance, 1) : distance
        }.min() ?? Int.max
      best.append((score, order, target.name))
    }
    best.sort { ($0.score, $0.order) < ($1.score, $1.order) }
    let cutoff = max(3, wanted.count / 2)
    return Array(best.filter { $0.score <= cutoff }.prefix(limit).map(\.name))
  }
}

/// Lower case, straight quotes, single spaces: how names are compared.
package func normalizedName(_ name: String) -> String {
  var result = ""
  var lastWasSpace = true
  for character in name.lowercased() {
    let mapped: Character =
      switch character {
      case "\u{201C}", "\u{201D}", "\u{2033}": "\""
      case "\u{2018}", "\u{2019}", "\u{2032}": "'"
      case "_": "-"
      default: character
      }
    if mapped.isWhitespace {
      if !lastWasSpace { result.append(" ") }
      lastWasSpace = true
    } else {
      result.append(mapped)
      lastWasSpace = false
    }
  }
  return result.hasSuffix(" ") ? String(result.dropLast()) : result
}
