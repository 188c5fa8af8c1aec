import ArtworkGeometry
@_spi(Support) import ArtworkSupport

/// Reads a report.json from its file an artwork at a time, so a report of any size is read
/// in bounded memory: its options first, then each artwork, then the errors and summary.
public final class ReportFileReader {
  /// The report's path.
  public let path: String
  /// The run's options, as the report recorded them.
  public private(set) var options: JSONValue = .object([])
  /// The artfit that wrote it ("artfit 0.1.0"), when it says so before its artworks.
  public private(set) var generator: String? = nil
  /// Filled in once the last artwork has been read.
  public private(set) var errors: [InputError] = []
  /// The files the run skipped (none in a report made before artfit listed them).
  public private(set) var skipped: [SkippedFile] = []
  /// Whether the run applied a baseline.
  public private(set) var usedBaseline = false
  /// The targets its results are looked up in: the built-in catalog, with the run's user
  /// catalog when `options.catalog` names a file that still has the fingerprint recorded.
  public private(set) var catalog = Catalog.builtIn
  private let json: JSONFileReader
  private var inArtworks = false

  /// Opens the report and reads up to its first artwork.
  public init(_ path: String) throws(ReportReader.Failure) {
    self.path = path
    guard let json = JSONFileReader(path) else {
      throw ReportReader.Failure(file: path, message: "cannot read the report")
    }
    self.json = json
    do throws(JSONFileReader.Failure) {
      try json.expect(UInt8(ascii: "{"))
      var sawVersion = false
      while try json.nextMember() {
        switch try json.readKey() {
        case ReportKey.version.text:
          guard case .integer(let version) = try json.readValue(), ReportReader.readableVersions.contains(version)
          else {
            throw fail(ReportReader.versionMessage)
          }
          sawVersion = true
        case ReportKey.generator.text:
          if case .string(let name) = try json.readValue() { generator = name }
        case ReportKey.options.text:
          options = try json.readValue()
          catalog = Self.catalog(recordedIn: options)
        case ReportKey.artworks.text:
          guard sawVersion else { throw fail("the report has no version before its artworks") }
          try json.expect(UInt8(ascii: "["))
          inArtworks = true
          return
        default: _ = try json.readValue()
        }
      }
    } catch {
      throw ReportReader.Failure(file: path, message: error.message)
    }
    throw ReportReader.Failure(file: path, message: "the report has no artworks")
  }

  /// The next artwork, or nil after the last (the errors are then read).
  public func nextArtwork() throws(ReportReader.Failure) -> ArtworkReport? {
    guard inArtworks else { return nil }
    let value: JSONValue
    do throws(JSONFileReader.Failure) {
      guard try json.nextElement() else {
        inArtworks = false
        try readTail()
        return nil
      }
      value = try json.readValue()
    } catch {
      throw ReportReader.Failure(file: path, message: error.message)
    }
    do {
      return try ReportReader.artwork(value, catalog: catalog)
    } catch {
      throw ReportReader.Failure(file: path, message: error.message)
    }
  }

  /// The run's catalog, when its file is still there with the same bytes.
  private static func catalog(recordedIn options: JSONValue) -> TargetCatalog {
    guard case .object(let members) = options,
      case .object(let recorded)? = members.first(where: { $0.0 == "catalog" })?.1,
      case .string(let path)? = recorded.first(where: { $0.0 == "path" })?.1,
      case .string(let fingerprint)? = recorded.first(where: { $0.0 == "fingerprint" })?.1,
      let loaded = try? UserCatalog.load(path), loaded.fingerprint == fingerprint
    else { return Catalog.builtIn }
    return loaded.catalog
  }

  /// The members after the artworks: the errors, the files skipped and the summary.
  private func readTail() throws(JSONFileReader.Failure) {
    while try json.nextMember() {
      switch try json.readKey() {
      case ReportKey.errors.text:
        errors = try readSources("errors", saying: .message).map { InputError(source: $0, message: $1) }
      case ReportKey.skipped.text:
        skipped = try readSources("skipped", saying: .reason).map { SkippedFile(source: $0, reason: $1) }
      case ReportKey.summary.text:
        if case .object(let members) = try json.readValue() {
          usedBaseline = members.contains { $0.0 == ReportKey.baselined.text }
        }
      default: _ = try json.readValue()
      }
    }
  }

  /// An array of `{"source", <saying>}` objects (the errors, the files skipped).
  private func readSources(_ name: String, saying: ReportKey) throws(JSONFileReader.Failure) -> [(String, String)] {
    guard case .array(let items) = try json.readValue() else { throw fail("\(name) is not an array") }
    var pairs: [(String, String)] = []
    for item in items {
      guard case .object(let members) = item,
        case .string(let source)? = members.first(where: { $0.0 == ReportKey.source.text })?.1,
        case .string(let text)? = members.first(where: { $0.0 == saying.text })?.1
      else { throw fail("an item of \(name) lacks its source or \(saying.text)") }
      pairs.append((source, text))
    }
    return pairs
  }

  private func fail(_ message: String) -> JSONFileReader.Failure { JSONFileReader.Failure(message: message) }
}
