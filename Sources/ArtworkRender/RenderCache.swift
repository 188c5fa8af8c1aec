import ArtworkCodec
import ArtworkReport
import ArtworkSupport
import Foundation

/// What earlier renders into the same output folder made, so a rerun skips every artwork
/// whose bytes, options and artfit version are unchanged (`OUT/.artfit-cache.json`).
///
/// An artwork is reused when its fingerprint (size and a 64-bit FNV-1a hash of its bytes)
/// matches, the run's key matches (artfit's version, the options as report.json records
/// them, and the manifest's bytes), and every file its cached report names still exists.
/// Reuse reads the file once to hash it and never decodes it.
///
/// Both sides stream in path order (the order a run takes its artworks and the file keeps
/// them): the earlier cache is read an entry at a time as the run reaches each artwork, and
/// the renewed one is written as each artwork finishes, so memory does not grow with the
/// folder.
final class RenderCache {
  static let fileName = ".artfit-cache.json"

  /// What must match for anything to be reused.
  let key: String
  /// The earlier cache, inside its artworks array; nil when there is none or its key differs.
  private var previous: JSONFileReader?
  /// The earlier cache's next entry, read but not yet reached by the run.
  private var waiting: (fingerprint: String, report: ArtworkReport)?
  /// The renewed cache, written as the run goes.
  private let renewed: AtomicStream?
  private var json: JSONStream
  /// Why the renewed cache could not be opened, said when it is committed.
  private let openFailure: OutputError?

  /// Opens the earlier cache in `folder` (when it was made with `key`) and starts the new one.
  init(folder: String, key: String) {
    self.key = key
    previous = Self.openPrevious(folder + "/" + Self.fileName, key: key)
    var stream: AtomicStream? = nil
    var failure: OutputError? = nil
    do throws(OutputError) {
      stream = try AtomicStream(folder + "/" + Self.fileName)
    } catch {
      failure = error
    }
    renewed = stream
    openFailure = failure
    json = JSONStream(buffer: stream?.buffer ?? ByteBuffer())
    json.beginObject()
    json.key("key")
    json.plain(key)
    json.key("artworks")
    json.beginArray()
  }

  /// The key of a run with `options`.
  static func key(for options: RenderOptions) -> String {
    var text = ArtfitVersion.generator + "\n" + options.json.serialized(pretty: false)
    if let path = options.manifest?.path, let bytes = FileManager.default.contents(atPath: path) {
      text += "\nmanifest " + fnv(Array(bytes))
    }
    return fnv(Array(text.utf8))
  }

  /// The cache file at `path` read up to its first artwork, when it was made with `key`.
  private static func openPrevious(_ path: String, key: String) -> JSONFileReader? {
    guard let reader = JSONFileReader(path) else { return nil }
    do throws(JSONFileReader.Failure) {
      try reader.expect(UInt8(ascii: "{"))
      guard try reader.nextMember(), try reader.readKey() == "key", try reader.readValue() == .string(key),
        try reader.nextMember(), try reader.readKey() == "artworks"
      else { return nil }
      try reader.expect(UInt8(ascii: "["))
      return reader
    } catch {
      return nil
    }
  }

  /// The cached report of `file`, if it can stand for a fresh render into `folder`. Files
  /// come in path order; entries before `file` are passed over for good.
  func reusable(_ file: ArtworkFile, fingerprint: String, in folder: String) -> ArtworkReport? {
    while let entry = nextEntry(), entry.report.file.path.utf8.lexicographicallyPrecedes(file.path.utf8) {
      waiting = nil
    }
    guard let entry = waiting, entry.report.file.path == file.path else { return nil }
    waiting = nil
    guard entry.fingerprint == fingerprint, entry.report.file == file else { return nil }
    var outputs = entry.report.cropMap.map { [$0] } ?? []
    for result in entry.report.results {
      if let preview = result.preview { outputs += [preview, HTMLWriter.thumbnailPath(for: preview)] }
    }
    guard outputs.allSatisfy({ FileManager.default.fileExists(atPath: folder + "/" + $0) }) else { return nil }
    return entry.report
  }

  /// The earlier cache's next entry (kept in `waiting`), skipping any it cannot read; nil at
  /// its end.
  private func nextEntry() -> (fingerprint: String, report: ArtworkReport)? {
    if let waiting { return waiting }
    guard let reader = previous else { return nil }
    do throws(JSONFileReader.Failure) {
      while try reader.nextElement() {
        guard case .object(let fields) = try reader.readValue(),
          case .string(let fingerprint)? = fields.first(where: { $0.0 == "fingerprint" })?.1,
          let value = fields.first(where: { $0.0 == "report" })?.1,
          let report = try? ReportReader.artwork(value)
        else { continue }
        waiting = (fingerprint, report)
        return waiting
      }
    } catch {}
    previous = nil
    return nil
  }

  /// Adds an artwork to the renewed cache.
  func record(_ report: ArtworkReport, fingerprint: String) {
    guard renewed != nil else { return }
    json.beginObject()
    json.key("fingerprint")
    json.plain(fingerprint)
    json.key("report")
    report.write(to: &json)
    json.endObject()
    json.buffer.flushIfFull()
  }

  /// Puts the renewed cache in place.
  func commit() throws(OutputError) {
    if let openFailure { throw openFailure }
    guard let renewed else { return }
    json.endArray()
    json.endObject()
    json.buffer.append(byte: 0x0a)
    renewed.buffer = json.buffer
    try renewed.commit()
  }

  /// The "artworks" items of the cache file at `path` (render's or assets'), or none when it
  /// is missing, unreadable, or was made with another key.
  static func artworks(inCacheAt path: String, key: String) -> [JSONValue] {
    guard let data = FileManager.default.contents(atPath: path),
      let root = try? JSONParser.parse(Array(data)), case .object(let members) = root,
      members.contains(where: { $0.0 == "key" && $0.1 == .string(key) }),
      case .array(let items)? = members.first(where: { $0.0 == "artworks" })?.1
    else { return [] }
    return items
  }

  /// The file's size and the FNV-1a hash of its bytes, or nil when it cannot be read.
  static func fingerprint(of path: String, limit: Int) -> String? {
    guard let bytes = try? FileBytes.read(path, limit: limit) else { return nil }
    return "\(bytes.count)-" + fnv(bytes)
  }

  static func fnv(_ bytes: [UInt8]) -> String { String(fnv1a(bytes), radix: 16) }
}
