@_spi(Support) import ArtworkSupport
import Foundation

/// Joins the reports of `--shard I/N` runs into one report, as if one run had done it all.
public enum ReportMerger {
  /// What a merge found besides its artworks.
  public struct Outcome: Sendable {
    /// The runs' options, the shard null (or the shards held, when partial).
    public var options: JSONValue
    /// Every report's unreadable inputs, each once, in path order.
    public var errors: [InputError]
    /// Every report's skipped files, each once, in path order.
    public var skipped: [SkippedFile] = []
    /// Whether any report applied a baseline.
    public var usedBaseline: Bool
    /// What the merged report is short of: shards left out of a partial merge.
    public var warnings: [String]
  }

  /// Reads the reports in `folders` an artwork at a time and hands `each` the joined run's
  /// artworks in its order (path order, as one run finds them), with preview and crop-map
  /// paths made relative to `output` (so the joined index.html finds them wherever each
  /// shard wrote). `start` gets the joined options before the first artwork. Memory holds
  /// one artwork per report, whatever their size. `start` or `each` returning false stops
  /// the merge (the caller knows why).
  public static func stream(
    _ folders: [String], into output: String, allowPartial: Bool = false, start: (JSONValue) -> Bool,
    each: (ArtworkReport) -> Bool
  ) throws(ReportReader.Failure) -> Outcome {
    var readers: [ReportFileReader] = []
    for folder in folders { readers.append(try ReportFileReader(folder + "/report.json")) }
    let set = try ShardSet(folders.map { $0 + "/report.json" }, readers, allowPartial: allowPartial)
    let options = set.options
    let warnings =
      set.isPartial
      ? [
        "the reports are not every shard of the run: the merged report is partial (options.shard names the shards it holds)"
      ] : []
    guard start(options) else { return Outcome(options: options, errors: [], usedBaseline: false, warnings: warnings) }
    let prefixes = folders.map { relativePath(from: output, to: $0) }
    var heads: [ArtworkReport?] = []
    for reader in readers { heads.append(try reader.nextArtwork()) }
    let precedes: (String, String) -> Bool = { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    while let next = heads.indices.filter({ heads[$0] != nil }).min(by: {
      precedes(heads[$0]!.file.path, heads[$1]!.file.path) || (heads[$0]!.file.path == heads[$1]!.file.path && $0 < $1)
    }) {
      let artwork = heads[next]!
      for other in heads.indices where other != next && heads[other]?.file.path == artwork.file.path {
        throw ReportReader.Failure(
          file: readers[other].path,
          message:
            "\(artwork.file.path) is in this report and in \(readers[next].path); the shards of one run hold each artwork once"
        )
      }
      heads[next] = try advance(readers[next], after: artwork.file.path)
      try checkLinks(of: artwork, in: folders[next], report: readers[next].path)
      let prefix = prefixes[next]
      guard each(artwork.movingOutputs { prefix + $0 }) else { break }
    }
    var errors: [String: InputError] = [:]
    for reader in readers {
      for error in reader.errors where errors[error.source] == nil { errors[error.source] = error }
    }
    var skipped: [String: SkippedFile] = [:]
    for reader in readers {
      for file in reader.skipped where skipped[file.source] == nil { skipped[file.source] = file }
    }
    var outcome = Outcome(
      options: options, errors: errors.keys.sorted(by: precedes).map { errors[$0]! },
      usedBaseline: readers.contains { $0.usedBaseline }, warnings: warnings)
    outcome.skipped = skipped.keys.sorted(by: precedes).map { skipped[$0]! }
    return outcome
  }

  /// Refuses an artwork whose crop map or previews are not where its report says, so the
  /// merged sheet never links to nothing (a shard's folder moved or partly deleted).
  private static func checkLinks(of artwork: ArtworkReport, in folder: String, report: String)
    throws(ReportReader.Failure)
  {
    var checked = Set<String>()
    let paths = [artwork.cropMap] + artwork.results.map(\.preview)
    for case let path? in paths where checked.insert(path).inserted {
      guard access(folder + "/" + path, F_OK) == 0 else {
        throw ReportReader.Failure(
          file: report,
          message:
            "\(artwork.file.path)'s \(path == artwork.cropMap ? "crop map" : "preview") \(folder)/\(path) is missing; the merged contact sheet would link to nothing (render the shard again, or give its folder as it was written)"
        )
      }
    }
  }

  /// The reader's next artwork, which must come after `previous` in path order: the merge
  /// relies on every report listing its artworks as a run does.
  private static func advance(_ reader: ReportFileReader, after previous: String) throws(ReportReader.Failure)
    -> ArtworkReport?
  {
    guard let artwork = try reader.nextArtwork() else { return nil }
    guard previous.utf8.lexicographicallyPrecedes(artwork.file.path.utf8) || previous == artwork.file.path else {
      throw ReportReader.Failure(
        file: reader.path,
        message:
          "its artworks are not in path order (\(artwork.file.path) after \(previous)); was it written by artfit?")
    }
    return artwork
  }

  /// The options' `catalog` (null without a user catalog, as reports before them).
  static func catalogMember(of options: JSONValue) -> JSONValue {
    guard case .object(let members) = options else { return .null }
    return members.first { $0.0 == "catalog" }?.1 ?? .null
  }

  /// A catalog as a refusal names it: its path and fingerprint, or the built-in one.
  static func catalogWords(_ catalog: JSONValue) -> String {
    guard case .object(let members) = catalog else { return "the built-in catalog alone" }
    let path = members.first { $0.0 == "path" }?.1
    let fingerprint = members.first { $0.0 == "fingerprint" }?.1
    if case .string(let p) = path, case .string(let f) = fingerprint { return "the catalog \(p) (\(f))" }
    return "a user catalog"
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
