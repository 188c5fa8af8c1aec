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
struct RenderCache {
  static let fileName = ".artfit-cache.json"

  /// What must match for anything to be reused.
  let key: String
  private(set) var entries: [String: (fingerprint: String, report: ArtworkReport)] = [:]

  init(key: String) { self.key = key }

  /// The key of a run with `options`.
  static func key(for options: RenderOptions) -> String {
    var text = ArtfitVersion.generator + "\n" + options.json.serialized(pretty: false)
    if let path = options.manifest?.path, let bytes = FileManager.default.contents(atPath: path) {
      text += "\nmanifest " + fnv(Array(bytes))
    }
    return fnv(Array(text.utf8))
  }

  /// The cache in `folder`, or an empty one when there is none, it is unreadable, or it
  /// was made with another key.
  static func load(from folder: String, key: String) -> RenderCache {
    var cache = RenderCache(key: key)
    for item in artworks(inCacheAt: folder + "/" + fileName, key: key) {
      guard case .object(let fields) = item,
        case .string(let fingerprint)? = fields.first(where: { $0.0 == "fingerprint" })?.1,
        let value = fields.first(where: { $0.0 == "report" })?.1,
        let report = try? ReportReader.artwork(value)
      else { continue }
      cache.entries[report.file.path] = (fingerprint, report)
    }
    return cache
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

  /// The cached report of `file`, if it can stand for a fresh render into `folder`.
  func reusable(_ file: ArtworkFile, fingerprint: String, in folder: String) -> ArtworkReport? {
    guard let entry = entries[file.path], entry.fingerprint == fingerprint, entry.report.file == file else {
      return nil
    }
    var outputs = entry.report.cropMap.map { [$0] } ?? []
    for result in entry.report.results {
      if let preview = result.preview { outputs += [preview, HTMLWriter.thumbnailPath(for: preview)] }
    }
    guard outputs.allSatisfy({ FileManager.default.fileExists(atPath: folder + "/" + $0) }) else { return nil }
    return entry.report
  }

  mutating func record(_ report: ArtworkReport, fingerprint: String) {
    entries[report.file.path] = (fingerprint, report)
  }

  /// Writes the cache into `folder`, atomically.
  func write(to folder: String) throws(OutputError) {
    try AtomicFile.stream(to: folder + "/" + RenderCache.fileName) { buffer in
      var json = JSONStream(buffer: buffer)
      json.beginObject()
      json.key("key")
      json.plain(key)
      json.key("artworks")
      json.beginArray()
      for path in entries.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
        let entry = entries[path]!
        json.beginObject()
        json.key("fingerprint")
        json.plain(entry.fingerprint)
        json.key("report")
        entry.report.write(to: &json)
        json.endObject()
        json.buffer.flushIfFull()
      }
      json.endArray()
      json.endObject()
      json.buffer.append(byte: 0x0a)
      buffer = json.buffer
    }
  }

  /// The file's size and the FNV-1a hash of its bytes, or nil when it cannot be read.
  static func fingerprint(of path: String, limit: Int) -> String? {
    guard let bytes = try? FileBytes.read(path, limit: limit) else { return nil }
    return "\(bytes.count)-" + fnv(bytes)
  }

  static func fnv(_ bytes: [UInt8]) -> String { String(fnv1a(bytes), radix: 16) }
}
