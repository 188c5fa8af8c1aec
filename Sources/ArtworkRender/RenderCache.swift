import ArtworkCodec
import ArtworkReport
@_spi(Support) import ArtworkSupport
import Foundation

/// What earlier renders into the same output folder made, so a rerun skips every artwork
/// whose bytes, options and artfit version are unchanged (`OUT/.artfit-cache.json`).
///
/// An artwork is reused when the run's key matches (artfit's version, the options as
/// report.json records them, and the manifest's bytes), every file its cached report names
/// still exists, and its bytes are those of the earlier run. Like git's index and ninja's log,
/// the cache records each file's identity (size, times, inode, device): when that is
/// unchanged, the file is not read at all. When it differs (a `touch`, a checkout), the file is
/// read once and its XXH3 compared, and those same bytes are what a changed artwork renders
/// from.
///
/// Both sides stream in path order (the order a run takes its artworks and the file keeps
/// them): the earlier cache is read an entry at a time as the run reaches each artwork, and
/// the renewed one is written as each artwork finishes, so memory does not grow with the
/// folder.
final class RenderCache {
  static let fileName = ".artfit-cache.json"
  /// Names the layout of the entries; a cache of another layout (an earlier artfit's) has
  /// another key and is set aside whole.
  static let layout = "render cache 3"

  /// What an earlier run recorded of one artwork.
  struct Entry {
    /// The identity of the file whose bytes were hashed, when it had settled (else the
    /// next run reads the file to compare).
    var identity: FileIdentity?
    /// The XXH3-128 of the file's bytes.
    var content: String
    var report: ArtworkReport
  }

  /// What must match for anything to be reused.
  let key: String
  /// Whether a cache file was there but made with another key (another artfit, other
  /// options or another manifest), so nothing in it can be reused.
  let setAside: Bool
  /// The earlier cache, inside its artworks array; nil when there is none or its key differs.
  private var previous: JSONFileReader?
  /// The earlier cache's next entry, read but not yet reached by the run.
  private var waiting: Entry?
  /// The renewed cache, written as the run goes.
  private let renewed: AtomicStream?
  private var json: JSONStream
  /// Why the renewed cache could not be opened, said when it is committed.
  private let openFailure: OutputError?

  /// Opens the earlier cache in `folder` (when it was made with `key`) and starts the new one.
  init(folder: String, key: String) {
    self.key = key
    let path = folder + "/" + Self.fileName
    previous = Self.openPrevious(path, key: key)
    setAside = previous == nil && FileManager.default.fileExists(atPath: path)
    var stream: AtomicStream? = nil
    var failure: OutputError? = nil
    do throws(OutputError) {
      stream = try AtomicStream(path)
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
    var text = ArtfitVersion.generator + "\n" + layout + "\n" + options.json.serialized(pretty: false)
    if let path = options.manifest?.path, let bytes = FileManager.default.contents(atPath: path) {
      text += "\nmanifest " + ContentHash.hex128(Array(bytes))
    }
    return ContentHash.hex128(Array(text.utf8))
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

  /// What the cache makes of one artwork.
  enum Lookup {
    /// The earlier render stands: its report, and what to record of it again.
    case unchanged(ArtworkReport, Fingerprint)
    /// Render it: from `bytes` (nil when the file could not be read; the render then says
    /// why), recording `fingerprint` after.
    case changed(bytes: [UInt8]?, Fingerprint?)
  }

  /// What the renewed cache records of an artwork's file.
  struct Fingerprint {
    var content: String
    var identity: FileIdentity?
  }

  /// Artworks whose bytes were read and hashed (the rest were known unchanged from their
  /// identity alone).
  private(set) var filesHashed = 0

  /// Whether `file` is unchanged since the earlier run: from its identity when that is as
  /// recorded (the file is not opened), else from its bytes, read once; a changed file's
  /// bytes come back for the render.
  func lookUp(_ file: ArtworkFile, in folder: String, limit: Int) -> Lookup {
    let earlier = entry(for: file, in: folder)
    if let earlier, let known = earlier.identity, FileIdentity.of(file.path) == known {
      return .unchanged(earlier.report, Fingerprint(content: earlier.content, identity: known))
    }
    guard let (bytes, identity) = try? FileBytes.readWithIdentity(file.path, limit: limit) else {
      return .changed(bytes: nil, nil)
    }
    filesHashed += 1
    let settled = identity.isSettled(at: FileIdentity.now())
    let fingerprint = Fingerprint(content: ContentHash.hex128(bytes), identity: settled ? identity : nil)
    if let earlier, earlier.content == fingerprint.content { return .unchanged(earlier.report, fingerprint) }
    return .changed(bytes: bytes, fingerprint)
  }

  /// The earlier run's entry for `file`, if its report can stand for a fresh render into
  /// `folder` once the bytes are known to be the same. Files come in path order; entries
  /// before `file` are passed over for good.
  private func entry(for file: ArtworkFile, in folder: String) -> Entry? {
    while let entry = nextEntry(), entry.report.file.path.utf8.lexicographicallyPrecedes(file.path.utf8) {
      waiting = nil
    }
    guard let entry = waiting, entry.report.file.path == file.path else { return nil }
    waiting = nil
    guard entry.report.file == file else { return nil }
    var outputs = entry.report.cropMap.map { [$0] } ?? []
    for result in entry.report.results {
      if let preview = result.preview { outputs += [preview, PreviewThumbnail.path(for: preview)] }
    }
    guard outputs.allSatisfy({ FileManager.default.fileExists(atPath: folder + "/" + $0) }) else { return nil }
    return entry
  }

  /// The earlier cache's next entry (kept in `waiting`), skipping any it cannot read; nil at
  /// its end.
  private func nextEntry() -> Entry? {
    if let waiting { return waiting }
    guard let reader = previous else { return nil }
    do throws(JSONFileReader.Failure) {
      while try reader.nextElement() {
        guard case .object(let fields) = try reader.readValue(),
          case .string(let content)? = fields.first(where: { $0.0 == "content" })?.1,
          let value = fields.first(where: { $0.0 == "report" })?.1,
          let report = try? ReportReader.artwork(value)
        else { continue }
        let identity = fields.first(where: { $0.0 == "identity" }).flatMap { Self.identity($0.1) }
        waiting = Entry(identity: identity, content: content, report: report)
        return waiting
      }
    } catch {}
    previous = nil
    return nil
  }

  /// Adds an artwork to the renewed cache: its report, the hash of the bytes it came from,
  /// and the identity of the file they were read from when it may be trusted next time.
  func record(_ report: ArtworkReport, _ fingerprint: Fingerprint) {
    guard renewed != nil else { return }
    json.beginObject()
    if let identity = fingerprint.identity {
      json.key("identity")
      json.beginObject(inline: true)
      json.key("size")
      json.integer(identity.size)
      json.key("modified")
      json.integer(Int(identity.modified))
      json.key("changed")
      json.integer(Int(identity.changed))
      json.key("inode")
      json.integer(Int(truncatingIfNeeded: identity.inode))
      json.key("device")
      json.integer(Int(truncatingIfNeeded: identity.device))
      json.endObject()
    }
    json.key("content")
    json.plain(fingerprint.content)
    json.key("report")
    report.write(to: &json)
    json.endObject()
    json.buffer.flushIfFull()
  }

  /// An identity as `record` writes it, or nil.
  private static func identity(_ value: JSONValue) -> FileIdentity? {
    guard case .object(let fields) = value else { return nil }
    func number(_ name: String) -> Int? {
      if case .integer(let value)? = fields.first(where: { $0.0 == name })?.1 { value } else { nil }
    }
    guard let size = number("size"), let modified = number("modified"), let changed = number("changed"),
      let inode = number("inode"), let device = number("device")
    else { return nil }
    return FileIdentity(
      size: size, modified: Int64(modified), changed: Int64(changed), inode: UInt64(truncatingIfNeeded: inode),
      device: UInt64(truncatingIfNeeded: device))
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

  /// The XXH3-128 of the file's bytes, or nil when it cannot be read.
  static func contentHash(of path: String, limit: Int) -> String? {
    guard let bytes = try? FileBytes.read(path, limit: limit) else { return nil }
    return ContentHash.hex128(bytes)
  }
}
