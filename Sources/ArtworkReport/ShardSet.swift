@_spi(Support) import ArtworkSupport

/// The reports `merge-reports` is given, held to being one run cut into shards: made by one
/// artfit, with one set of options and one catalog, each shard of one count once, and none
/// missing (unless a partial merge is asked for); or one whole run alone. A set that is not
/// is refused, naming the reports, since the merged report would claim for every artwork
/// what only some of the runs did.
public struct ShardSet: Sendable {
  /// The options the merged report records: the runs', with `shard` null for a whole set,
  /// or the slices it holds ("1,3/4") for a partial one.
  public let options: JSONValue
  /// Whether slices are missing (merged with `allowPartial`).
  public let isPartial: Bool

  /// Checks the reports at `paths` (each report.json's path) read by `readers`.
  public init(_ paths: [String], _ readers: [ReportFileReader], allowPartial: Bool) throws(ReportReader.Failure) {
    let first = paths[0]
    for (path, reader) in zip(paths, readers).dropFirst() {
      if reader.generator != readers[0].generator {
        throw Self.refusal(
          path,
          "made by \(reader.generator ?? "an unnamed artfit"), \(first) by \(readers[0].generator ?? "an unnamed artfit"); reports of different artfit versions are not merged"
        )
      }
      if ReportMerger.catalogMember(of: reader.options) != ReportMerger.catalogMember(of: readers[0].options) {
        throw Self.refusal(
          path,
          "made with \(ReportMerger.catalogWords(ReportMerger.catalogMember(of: reader.options))), \(first) with \(ReportMerger.catalogWords(ReportMerger.catalogMember(of: readers[0].options))); reports made with different catalogs are not merged"
        )
      }
      if let key = Self.firstDifference(reader.options, readers[0].options) {
        throw Self.refusal(
          path,
          "made with another \"\(key)\" than \(first) (options.\(key)); runs with different options are not merged")
      }
    }
    let shards = zip(paths, readers).map { ($0, Self.shard(of: $1.options)) }
    let held = try Self.slices(shards)
    let count = shards[0].1?.count ?? 1
    let missing = (1...count).filter { !held.contains($0) }
    if !missing.isEmpty && !allowPartial {
      var failure = ReportReader.Failure(
        file: first,
        message:
          "shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") missing from the reports given (\(paths.count) of \(count))"
      )
      failure.isIncompleteSet = true
      throw failure
    }
    isPartial = !missing.isEmpty
    options = Self.options(
      readers[0].options,
      shard: isPartial ? .string(held.sorted().map(String.init).joined(separator: ",") + "/\(count)") : .null)
  }

  /// The slices the reports hold, each once and of one count; a whole run's report alone.
  private static func slices(_ shards: [(String, Shard?)]) throws(ReportReader.Failure) -> Set<Int> {
    if let whole = shards.first(where: { $0.1 == nil }) {
      guard shards.count == 1 else {
        throw Self.refusal(
          whole.0,
          "is a whole run's report (options.shard is null); a whole run is merged alone, not with \(shards.count - 1) other reports"
        )
      }
      return [1]
    }
    let (first, count) = (shards[0].0, shards[0].1!.count)
    var seen: [Int: String] = [:]
    for case (let path, let shard?) in shards {
      guard shard.count == count else {
        throw Self.refusal(
          path, "is shard \(shard) of \(shard.count), \(first) of \(count); shards of different counts are not one run")
      }
      if let other = seen[shard.index] {
        throw Self.refusal(path, "is shard \(shard) again (\(other) is too); each shard is merged once")
      }
      seen[shard.index] = path
    }
    return Set(seen.keys)
  }

  private static func refusal(_ path: String, _ message: String) -> ReportReader.Failure {
    ReportReader.Failure(file: path, message: message)
  }

  /// The slice a run's options record, nil for a whole run.
  static func shard(of options: JSONValue) -> Shard? {
    guard case .object(let members) = options, case .string(let text)? = members.first(where: { $0.0 == "shard" })?.1
    else { return nil }
    return Shard(parsing: text)
  }

  /// The first option the two runs set otherwise, their shards aside.
  static func firstDifference(_ a: JSONValue, _ b: JSONValue) -> String? {
    guard case .object(let left) = a, case .object(let right) = b else { return a == b ? nil : "options" }
    let keys = (left.map(\.0) + right.map(\.0)).filter { $0 != "shard" }
    for key in keys {
      let l = left.first { $0.0 == key }?.1
      let r = right.first { $0.0 == key }?.1
      if l != r { return key }
    }
    return nil
  }

  static func options(_ options: JSONValue, shard: JSONValue) -> JSONValue {
    guard case .object(let members) = options else { return options }
    return .object(members.map { $0.0 == "shard" ? ($0.0, shard) : $0 })
  }
}
