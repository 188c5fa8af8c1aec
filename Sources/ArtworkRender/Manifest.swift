import ArtworkGeometry
import ArtworkReport
@_spi(Support) import ArtworkSupport
import Foundation

/// Per-artwork settings from `artfit.json`: defaults, then entries whose path pattern
/// (relative to the manifest, `*` within a folder name, `**` across folders) matches.
public struct Manifest: Sendable {
  /// What a manifest can set; nil leaves the setting to the defaults or the command line.
  public struct Settings: Sendable {
    /// The screens to check against.
    public var targets: [Target]?
    /// The orientations to show each target in.
    public var orientations: [ScreenOrientation]?
    /// The modes to solve in.
    public var modes: [FitMode]?
    /// Where a fill keeps the picture when it must cut.
    public var gravity: Gravity?
    /// The region that must stay visible.
    public var focus: FocusRegion?
    /// The crop loss past which a fill fails (a fraction).
    public var maxCropLoss: Double?
    /// Whether a result fails when its focus leaves the safe area.
    public var requireFocus: Bool?
    /// The app's smallest window, in points.
    public var windowMin: WindowSize?
    /// The app's largest window, in points.
    public var windowMax: WindowSize?

    /// Settings that set nothing.
    public init() {}

    /// These settings with `other`'s set values on top.
    func merged(with other: Settings) -> Settings {
      var result = self
      if let value = other.targets { result.targets = value }
      if let value = other.orientations { result.orientations = value }
      if let value = other.modes { result.modes = value }
      if let value = other.gravity { result.gravity = value }
      if let value = other.focus { result.focus = value }
      if let value = other.maxCropLoss { result.maxCropLoss = value }
      if let value = other.requireFocus { result.requireFocus = value }
      if let value = other.windowMin { result.windowMin = value }
      if let value = other.windowMax { result.windowMax = value }
      return result
    }
  }

  /// A manifest that cannot be used: names the file, the key and what is accepted.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    /// The manifest's path.
    public var file: String
    /// What is wrong, naming the key and what is accepted.
    public var message: String
    /// "artfit.json: …".
    public var description: String { "\(file): \(message)" }
  }

  /// Where the manifest was read from.
  public var path: String
  /// The manifest as written (the contact sheet's download merges over it).
  public var text = ""
  /// The settings for every artwork (`"defaults"`).
  public var defaults: Settings
  /// Each `"artworks"` entry's path pattern and settings, in the file's order; later ones win.
  public var artworks: [(pattern: String, settings: Settings)]
  /// Globs of files and folders the run leaves out, as `--exclude` gives them.
  public var exclude: [String] = []
  /// The catalog its `"catalog"` names (relative to the manifest), when it names one.
  public var catalog: UserCatalog?

  /// Reads and checks the manifest at `path`; `given` is a catalog the command line named,
  /// which wins over the manifest's own.
  public static func load(_ path: String, catalog given: UserCatalog? = nil) throws(Failure) -> Manifest {
    let data: [UInt8]
    switch SettingsFile.read(path) {
    case .success(let bytes): data = bytes
    case .failure(let failure): throw Failure(file: path, message: "cannot read the manifest: \(failure.reason)")
    }
    return try parse(data, path: path, catalog: given)
  }

  /// Checks manifest text read from `path` (which labels errors and anchors the patterns).
  public static func parse(_ data: [UInt8], path: String, catalog given: UserCatalog? = nil) throws(Failure)
    -> Manifest
  {
    let root: JSONValue
    do {
      root = try JSONParser.parse(data)
    } catch {
      throw Failure(file: path, message: "not valid JSON: \(error)")
    }
    guard case .object(let members) = root else {
      throw Failure(file: path, message: "the manifest must be a JSON object with \"defaults\" and \"artworks\"")
    }
    if let (key, place) = root.duplicateKey {
      throw Failure(file: path, message: "\"\(key)\" is given twice in \(place); say each thing once")
    }
    var manifest = Manifest(path: path, defaults: Settings(), artworks: [])
    manifest.text = String(decoding: data, as: UTF8.self)
    manifest.catalog = try catalog(members, path: path)
    let targets = (given ?? manifest.catalog)?.catalog ?? Catalog.builtIn
    for (key, value) in members {
      switch key {
      case "catalog": continue
      case "defaults": manifest.defaults = try settings(value, at: "defaults", file: path, catalog: targets)
      case "artworks":
        guard case .object(let entries) = value else {
          throw Failure(file: path, message: "\"artworks\" must be an object of path patterns")
        }
        for (pattern, entry) in entries {
          guard !pattern.isEmpty, !pattern.hasPrefix("/"), !pattern.split(separator: "/").contains("..") else {
            throw Failure(
              file: path, message: "artworks key \"\(pattern)\" must be a path relative to the manifest, without '..'")
          }
          manifest.artworks.append(
            (pattern, try settings(entry, at: "artworks \"\(pattern)\"", file: path, catalog: targets)))
        }
      case "exclude":
        guard case .array(let items) = value else {
          throw Failure(file: path, message: "\"exclude\" must be an array of path patterns")
        }
        for item in items {
          guard case .string(let glob) = item, !glob.isEmpty else {
            throw Failure(file: path, message: "\"exclude\" must be an array of path patterns")
          }
          manifest.exclude.append(glob)
        }
      default:
        throw Failure(
          file: path,
          message: "unknown key \"\(key)\" (the manifest has \"defaults\", \"artworks\", \"exclude\" and \"catalog\")")
      }
    }
    return manifest
  }

  /// The user catalog `"catalog"` names, read relative to the manifest.
  private static func catalog(_ members: [(String, JSONValue)], path: String) throws(Failure) -> UserCatalog? {
    guard let value = members.first(where: { $0.0 == "catalog" })?.1 else { return nil }
    guard case .string(let name) = value, !name.isEmpty else {
      throw Failure(file: path, message: "\"catalog\" must be the path of a catalog file, relative to the manifest")
    }
    let folder = (path as NSString).deletingLastPathComponent
    let file = name.hasPrefix("/") || folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
    do {
      return try UserCatalog.load(file)
    } catch {
      throw Failure(
        file: path,
        message: "the catalog it names cannot be used:\n\(error.file): "
          + error.problems.joined(separator: "\n\(error.file): "))
    }
  }

  /// The settings for the artwork at `artworkPath`: defaults, then every matching entry in
  /// the order written.
  public func settings(for artworkPath: String) -> Settings {
    var result = defaults
    guard let relative = relativePath(of: artworkPath) else { return result }
    for (pattern, settings) in artworks where Manifest.matches(pattern, relative) {
      result = result.merged(with: settings)
    }
    return result
  }

  /// The artwork's path relative to the manifest's folder, or nil when it is outside.
  public func relativePath(of artworkPath: String) -> String? {
    let folder = CanonicalPath.of(
      (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent)
    let file = CanonicalPath.of(artworkPath)
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : nil
  }

  /// Glob matching: `*` any run of characters but '/', `**` any run, `?` one character.
  static func matches(_ pattern: String, _ text: String) -> Bool {
    let p = Array(pattern)
    let t = Array(text)
    var memo = [Int: Bool]()
    func match(_ i: Int, _ j: Int) -> Bool {
      let key = i * (t.count + 1) + j
      if let known = memo[key] { return known }
      var result: Bool
      if i == p.count {
        result = j == t.count
      } else if p[i] == "*" {
        let crossesFolders = i + 1 < p.count && p[i + 1] == "*"
        let next = crossesFolders ? i + 2 : i + 1
        result = match(next, j)
        var k = j
        while !result && k < t.count && (crossesFolders || t[k] != "/") {
          k += 1
          result = match(next, k)
        }
      } else if j < t.count && (p[i] == "?" ? t[j] != "/" : p[i] == t[j]) {
        result = match(i + 1, j + 1)
      } else {
        result = false
      }
      memo[key] = result
      return result
    }
    return match(0, 0)
  }

  private static func settings(_ value: JSONValue, at place: String, file: String, catalog: TargetCatalog)
    throws(Failure) -> Settings
  {
    try ManifestSettingsReader(place: place, file: file, catalog: catalog).settings(value)
  }
}
