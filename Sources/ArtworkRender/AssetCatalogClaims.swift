import ArtworkReport
@_spi(Support) import ArtworkSupport
import Foundation

/// What an `assets` run may write into a catalog that people also work in: before anything is
/// written, each artwork's image set is checked against what is there. A set artfit did not
/// make (its Contents.json names another author, or artfit's record of the catalog does not
/// list it) is a designer's, and is never replaced unless `takingOver`; two sets with one
/// asset name in one namespace (Xcode's names ignore the group folders unless a group
/// provides a namespace) would make Xcode pick one; and a folder named like an asset type
/// (`sub.imageset`) would be read by Xcode as one, not as a group.
public enum AssetCatalogClaims {
  /// Why the run would change what is not its own, naming the files on both sides.
  public struct Conflict: Error, Sendable, CustomStringConvertible {
    /// What clashes, and with what.
    public var description: String
    /// Whether taking the sets over would resolve it (an image set artfit did not make).
    public var isForeignSet: Bool
  }

  /// The folder extensions Xcode reads as assets, not groups.
  static let assetFolderExtensions: Set<String> = [
    "imageset", "appiconset", "colorset", "imagestack", "imagestacklayer", "brandassets", "launchimage", "symbolset",
    "dataset", "textureset", "cubetextureset", "mipmapset", "spriteatlas", "arresourcegroup", "iconset",
    "complicationset", "solidimagestack", "solidimagestacklayer", "stickerpack", "stickersequence",
  ]

  /// Checks `files`' image sets against the catalog at `catalog`; throws the first conflict.
  public static func check(_ files: [ArtworkFile], in catalog: String, takingOver: Bool) throws(Conflict) {
    let recorded = recordedSets(in: catalog)
    var names: [String: String] = [:]  // asset name, case folded → who has it
    for set in existingSets(in: catalog) where !isArtfits(set, in: catalog, recorded: recorded) {
      names[assetName(ofSet: set, in: catalog)] = catalog + "/" + set
    }
    for file in files {
      let parts = file.stem.split(separator: "/").map(String.init)
      for group in parts.dropLast() where assetFolderExtensions.contains((group as NSString).pathExtension.lowercased())
      {
        throw Conflict(
          description:
            "\(file.path): its folder \(group) would be a group named like an asset type, which Xcode reads as an asset, not a group",
          isForeignSet: false)
      }
      let set = parts.joined(separator: "/") + ".imageset"
      if access(catalog + "/" + set, F_OK) == 0 && !isArtfits(set, in: catalog, recorded: recorded) {
        guard takingOver else {
          throw Conflict(
            description:
              "\(catalog)/\(set) was not made by artfit (\(authorWords(set, in: catalog))); \(file.path) would replace it",
            isForeignSet: true)
        }
        names = names.filter { $0.value != catalog + "/" + set }
      }
      let name = assetName(ofSet: set, in: catalog)
      if let other = names[name] {
        throw Conflict(
          description:
            "\(file.path) and \(other) would both be the asset \"\(name)\" in one namespace of \(catalog); Xcode keeps only one (rename one, or give its group a namespace)",
          isForeignSet: false)
      }
      names[name] = file.path
    }
  }

  /// The image sets in the catalog, as paths below it.
  static func existingSets(in catalog: String) -> [String] {
    guard let walk = FileManager.default.enumerator(atPath: catalog) else { return [] }
    var sets: [String] = []
    while let path = walk.nextObject() as? String {
      if path.lowercased().hasSuffix(".imageset") {
        sets.append(path)
        walk.skipDescendants()
      }
    }
    return sets.sorted()
  }

  /// The asset name Xcode gives the set at `set`: its name, after the groups that provide a
  /// namespace; case folded, as Xcode's lookups ignore case.
  static func assetName(ofSet set: String, in catalog: String) -> String {
    let parts = set.split(separator: "/").map(String.init)
    var name = ""
    var folder = ""
    for group in parts.dropLast() {
      folder += group + "/"
      if providesNamespace(catalog + "/" + folder + "Contents.json") { name += group + "/" }
    }
    return (name + ((parts.last ?? set) as NSString).deletingPathExtension).lowercased()
  }

  /// Whether artfit made the set: its Contents.json says so, and artfit's record of the
  /// catalog lists it (when there is a record).
  static func isArtfits(_ set: String, in catalog: String, recorded: Set<String>?) -> Bool {
    guard author(set, in: catalog) == "artfit" else { return false }
    return recorded?.contains(set + "/Contents.json") ?? true
  }

  private static func author(_ set: String, in catalog: String) -> String? {
    guard case .object(let members)? = contents(catalog + "/" + set + "/Contents.json"),
      case .object(let info)? = members.first(where: { $0.0 == "info" })?.1,
      case .string(let author)? = info.first(where: { $0.0 == "author" })?.1
    else { return nil }
    return author
  }

  private static func authorWords(_ set: String, in catalog: String) -> String {
    guard access(catalog + "/" + set + "/Contents.json", F_OK) == 0 else { return "it has no Contents.json" }
    guard let author = author(set, in: catalog) else { return "its Contents.json names no author" }
    return author == "artfit" ? "artfit's record of the catalog does not list it" : "its author is \"\(author)\""
  }

  private static func providesNamespace(_ path: String) -> Bool {
    guard case .object(let members)? = contents(path),
      case .object(let properties)? = members.first(where: { $0.0 == "properties" })?.1,
      case .bool(true)? = properties.first(where: { $0.0 == "provides-namespace" })?.1
    else { return false }
    return true
  }

  private static func contents(_ path: String) -> JSONValue? {
    guard case .success(let bytes) = SettingsFile.read(path) else { return nil }
    return try? JSONParser.parse(bytes)
  }

  /// The files artfit's record of the catalog lists (its image sets' Contents.json among
  /// them), or nil when the catalog has no record.
  static func recordedSets(in catalog: String) -> Set<String>? {
    let path = catalog + "/" + RenderCache.fileName
    guard access(path, F_OK) == 0 else { return nil }
    let cache = AssetCatalog.loadCache(path)
    return Set(cache.artworks.values.flatMap { $0.entries.flatMap(\.files) })
  }
}
