import ArtworkSupport
import Foundation

/// Joins the reports of `--shard I/N` runs into one report, as if one run had done it all.
public enum ReportMerger {
  /// The joined report, with preview and crop-map paths made relative to `output` (so the
  /// joined index.html finds them wherever each shard wrote), and what was off: an artwork
  /// in two reports (the first wins), options that differ beyond the shard.
  public static func merge(_ folders: [String], into output: String) throws(ReportReader.Failure) -> (
    report: RunReport, warnings: [String]
  ) {
    var artworks: [String: ArtworkReport] = [:]
    var errors: [String: InputError] = [:]
    var warnings: [String] = []
    var options: JSONValue? = nil
    var usedBaseline = false
    for folder in folders {
      let report = try ReportReader.read(folder + "/report.json")
      usedBaseline = usedBaseline || report.usedBaseline
      let unsharded = withoutShard(report.options)
      if let options, options != unsharded {
        warnings.append(
          "\(folder)/report.json was made with other options than the first report; the first report's options are kept"
        )
      }
      options = options ?? unsharded
      let prefix = relativePath(from: output, to: folder)
      for var artwork in report.artworks {
        guard artworks[artwork.file.path] == nil else {
          warnings.append("\(artwork.file.path) is in more than one report; kept the first")
          continue
        }
        artwork.cropMap = artwork.cropMap.map { prefix + $0 }
        for index in artwork.results.indices {
          artwork.results[index].preview = artwork.results[index].preview.map { prefix + $0 }
        }
        artworks[artwork.file.path] = artwork
      }
      for error in report.errors where errors[error.source] == nil { errors[error.source] = error }
    }
    let byPath: (String, String) -> Bool = { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    var merged = RunReport(
      options: options ?? .object([]),
      artworks: artworks.keys.sorted(by: byPath).map { artworks[$0]! },
      errors: errors.keys.sorted(by: byPath).map { errors[$0]! })
    merged.usedBaseline = usedBaseline
    return (merged, warnings)
  }

  static func withoutShard(_ options: JSONValue) -> JSONValue {
    guard case .object(let members) = options else { return options }
    return .object(members.map { $0.0 == "shard" ? ($0.0, .null) : $0 })
  }

  /// The path from folder `from` to folder `to`, ending in "/" (empty when they are one).
  static func relativePath(from: String, to: String) -> String {
    let source = CanonicalPath.of(from).split(separator: "/")
    let target = CanonicalPath.of(to).split(separator: "/")
    var shared = 0
    while shared < min(source.count, target.count) && source[shared] == target[shared] { shared += 1 }
    let parts = Array(repeating: "..", count: source.count - shared) + target[shared...].map(String.init)
    return parts.isEmpty ? "" : parts.joined(separator: "/") + "/"
  }
}
