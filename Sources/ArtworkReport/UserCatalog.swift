import ArtworkGeometry
@_spi(Support) import ArtworkSupport
import Foundation

/// A team's own targets: a file `{"targets": [...]}` whose entries are in the schema
/// `artfit devices --json` prints (its whole output is a catalog too), each a new device or,
/// with `"replaces": "<built-in slug>"`, a correction of a built-in one. Checked whole before
/// anything runs.
public struct UserCatalog: Sendable {
  /// The catalog schema `artfit devices --json` writes: 2 gives each corner its radius and
  /// lists reserved regions (`corners`, `regions`, `status_bar_edge`); version 1's
  /// `corner_radius` and `sensor_housing` are still read.
  public static let schemaVersion = 2

  /// Why a catalog cannot be used: every problem found, each naming the entry and the key.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    /// The catalog's path.
    public var file: String
    /// Each problem, naming the entry and the key.
    public var problems: [String]
    /// One line per problem, each starting with the file.
    public var description: String { problems.map { "\(file): \($0)" }.joined(separator: "\n") }
  }

  /// Where the catalog was read from.
  public var path: String
  /// XXH3-128 of the file's bytes: reports and the render cache tell catalogs apart by it.
  public var fingerprint: String
  /// The entries, in the file's order.
  public var targets: [Target]
  /// The built-in catalog with the entries swapped in and added.
  public var catalog: TargetCatalog

  /// Reads and checks the catalog at `path`.
  public static func load(_ path: String, over builtIn: TargetCatalog = Catalog.builtIn) throws(Failure) -> UserCatalog
  {
    let data: [UInt8]
    switch SettingsFile.read(path) {
    case .success(let bytes): data = bytes
    case .failure(let failure): throw Failure(file: path, problems: ["cannot read the catalog: \(failure.reason)"])
    }
    return try parse(data, path: path, over: builtIn)
  }

  /// Checks catalog text read from `path` (which labels its problems).
  public static func parse(_ bytes: [UInt8], path: String, over builtIn: TargetCatalog = Catalog.builtIn)
    throws(Failure) -> UserCatalog
  {
    let root: JSONValue
    do {
      root = try JSONParser.parse(bytes)
    } catch {
      throw Failure(file: path, problems: ["not valid JSON: \(error)"])
    }
    if let (key, place) = root.duplicateKey {
      throw Failure(file: path, problems: ["\"\(key)\" is given twice in \(place); say each thing once"])
    }
    let entries = try entries(of: root, path: path)
    var problems: [String] = []
    var targets: [Target] = []
    var replacements: [String: Target] = [:]
    var additions: [Target] = []
    var names = NameOwners(builtIn)
    for (index, value) in entries.enumerated() {
      let entry = CatalogEntry(value)
      let label = "targets[\(index)]" + (entry.slug.map { " (\($0))" } ?? "")
      var found = entry.problems
      if let target = entry.target {
        found += names.claim(target, entry: label, replacing: entry.replaces, replacements: replacements)
        if let replaced = entry.replaces, found.isEmpty {
          replacements[replaced] = target
        } else if found.isEmpty {
          additions.append(target)
        }
        targets.append(target)
      }
      problems += found.map { "\(label): \($0)" }
    }
    guard problems.isEmpty else { throw Failure(file: path, problems: problems) }
    return UserCatalog(
      path: path, fingerprint: ContentHash.hex128(bytes), targets: targets,
      catalog: builtIn.with(replacements: replacements, additions: additions))
  }

  /// The entries of `{"targets": [...]}` (a whole `devices --json` output included).
  private static func entries(of root: JSONValue, path: String) throws(Failure) -> [JSONValue] {
    guard case .object(let members) = root else {
      throw Failure(file: path, problems: ["a catalog is a JSON object {\"targets\": [...]}"])
    }
    var entries: [JSONValue]?
    var problems: [String] = []
    for (key, value) in members {
      switch key {
      case "targets":
        guard case .array(let items) = value else {
          problems.append("\"targets\" must be an array of target objects")
          continue
        }
        entries = items
      case "version":
        if case .integer(let version) = value, (1...schemaVersion).contains(version) { continue }
        problems.append(
          "\"version\": this artfit reads catalog versions 1 to \(schemaVersion) (got \(value.serialized(pretty: false)))"
        )
      case "generator", "references": continue  // as 'artfit devices --json' prints them
      default: problems.append("unknown key \"\(key)\" (a catalog has \"targets\")")
      }
    }
    if entries == nil && problems.isEmpty { problems.append("no \"targets\": a catalog is {\"targets\": [...]}") }
    guard problems.isEmpty, let entries else { throw Failure(file: path, problems: problems) }
    if entries.isEmpty { throw Failure(file: path, problems: ["\"targets\" holds no target"]) }
    return entries
  }

  /// The slugs of this catalog's entries that `targets` holds (the run's use of it).
  public func slugsUsed(by targets: [Target]) -> [String] {
    let own = Set(self.targets.map(\.slug))
    var seen = Set<String>()
    return targets.map(\.slug).filter { own.contains($0) && seen.insert($0).inserted }
  }
}

/// Who owns each name (name, slug, alias, compared as target names are): each entry as it is
/// claimed, else the built-in target the catalog's own index names.
private struct NameOwners {
  private let builtIn: TargetCatalog
  private var claimed: [String: String] = [:]

  init(_ builtIn: TargetCatalog) { self.builtIn = builtIn }

  /// Who owns `name`: an entry, a built-in target, or no one.
  private func owner(of name: String) -> String? {
    if let entry = claimed[normalizedName(name)] { return entry }
    return builtIn.target(named: name).map(Self.builtInOwner)
  }

  private static func builtInOwner(_ target: Target) -> String { "the built-in \(target.name) (\(target.slug))" }

  /// The entry's collisions and a bad `replaces`; its names are then its own.
  mutating func claim(
    _ target: Target, entry: String, replacing replaced: String?, replacements: [String: Target]
  ) -> [String] {
    var problems: [String] = []
    var replacedOwner: String?
    if let replaced {
      if let swapped = builtIn.all.first(where: { $0.slug == replaced }) {
        replacedOwner = Self.builtInOwner(swapped)
        if replacements[replaced] != nil {
          problems.append("replaces: \"\(replaced)\" is replaced by an earlier entry too")
        }
      } else {
        problems.append("replaces: \"\(replaced)\" is not a built-in slug (see 'artfit devices')")
      }
    }
    var keys = Set<String>()
    for (key, name) in [("name", target.name), ("slug", target.slug)] + target.aliases.map({ ("aliases", $0) }) {
      let normal = normalizedName(name)
      guard keys.insert(normal).inserted else { continue }
      if normal == "all" || Family(rawValue: normal).map({ $0 != .custom }) == true {
        problems.append(
          "\(key): \"\(name)\" is a word that selects \(normal == "all" ? "every target" : "a family"), so it could never select this device; choose another"
        )
        continue
      }
      guard let owner = owner(of: name), owner != replacedOwner else { continue }
      let hint = owner.hasPrefix("the built-in") && replaced == nil ? "; add \"replaces\" to swap it" : ""
      problems.append("\(key): \"\(name)\" is already \(owner)'s\(hint)")
    }
    for normal in keys { claimed[normal] = entry }
    return problems
  }
}
