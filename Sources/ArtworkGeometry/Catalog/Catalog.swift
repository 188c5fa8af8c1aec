/// The target catalog: Apple devices, iPad multitasking windows, video aspect ratios.
/// Pure data, built once; see Research/ for where every figure comes from.
public enum Catalog {
  /// Every target, in catalog order: iPhones and iPod, iPads, Apple TV, video, split windows.
  public static let all: [Target] =
    recentPhones + earlierPhones + ipads + televisions + videoCanvases + splitWindows

  /// The families `render` and `check` use when `--targets` is not given.
  public static let defaultFamilies: [Family] = [.iphone, .ipad, .tv, .video]

  /// The targets of one family, in catalog order.
  public static func targets(in family: Family) -> [Target] {
    all.filter { $0.family == family }
  }

  /// The first target whose name, slug or alias matches `name` (case, quotes and spacing
  /// are ignored).
  public static func target(named name: String) -> Target? {
    index[normalizedName(name)].map { all[$0] }
  }

  private static let index: [String: Int] = {
    var index: [String: Int] = [:]
    for (position, target) in all.enumerated() {
      for name in target.allNames where index[normalizedName(name)] == nil {
        index[normalizedName(name)] = position
      }
    }
    return index
  }()

  /// Up to `limit` target names closest to `name`, for "did you mean".
  public static func suggestions(for name: String, limit: Int = 3) -> [String] {
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

/// Lower case, straight quotes, single spaces.
func normalizedName(_ name: String) -> String {
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
