import ArtworkCodec
import ArtworkReport
@_spi(Support) import ArtworkSupport
import Foundation

/// What earlier renders into the same output folder made, so a rerun skips every artwork
/// whose bytes and outputs' makings are unchanged (`OUT/.artfit-cache.json`).
///
/// An artwork is reused when its key matches (`RenderKey`: artfit's build, every option that
/// shapes outputs, the manifest's settings for it), every file its entry names is still the
/// very file the earlier run put there (its identity as recorded after the rename: a file
/// replaced by another run, a killed run or a person is made again), and its bytes are those
/// of the earlier run. An entry is written only for an artwork whose files are all in place,
/// and the cache file after every artwork (a rename, ordered after theirs). Like git's index and ninja's log,
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
  static let layout = "render cache 5"

  /// What an earlier run recorded of one artwork.
  struct Entry {
    /// The identity of the file whose bytes were hashed, when it had settled (else the
    /// next run reads the file to compare).
    var identity: FileIdentity?
    /// The XXH3-128 of the file's bytes.
    var content: String
    /// What its outputs were made from (`RenderKey.artwork`).
    var key: String
    /// Each file written for it, relative to the output folder, as it was once in place.
    var outputs: [Output]
    var report: ArtworkReport
  }

  /// One file an artwork's render put in the output folder, and its identity once there.
  struct Output: Equatable {
    var path: String
    var identity: FileIdentity
  }

  /// Each artwork's key.
  let keys: RenderKey
  /// Whether a cache file was there but of another layout (an earlier artfit's), so nothing
  /// in it can be reused.
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

  /// The output folder.
  private let folder: String

  /// Whether earlier renders may stand (false with `--no-cache`: every artwork is made
  /// again, and recorded).
  private let reuse: Bool
  /// The files earlier runs made for artworks this run passed over.
  private var passedOver: [Output] = []

  /// Opens the earlier cache in `folder` (when it has this layout) and starts the new one.
  init(folder: String, keys: RenderKey, reuse: Bool = true) {
    self.keys = keys
    self.reuse = reuse
    self.folder = folder
    let key = Self.layout
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
    case unchanged(ArtworkReport, Fingerprint, [Output])
    /// Render it: from `bytes` (nil when the file could not be read, and the render then says
    /// why, or for an image stack, which the render draws from its layers), recording `fingerprint` after. `superseded` are the files an earlier render
    /// of it made, which the new one replaces or leaves behind.
    case changed(bytes: [UInt8]?, Fingerprint?, superseded: [Output])
  }

  /// What the renewed cache records of an artwork's file and its outputs' making.
  struct Fingerprint {
    var content: String
    var identity: FileIdentity?
    var key: String
  }

  /// Artworks whose bytes were read and hashed (the rest were known unchanged from their
  /// identity alone).
  private(set) var filesHashed = 0

  /// Whether `file` is unchanged since the earlier run: from its identity when that is as
  /// recorded (the file is not opened), else from its bytes, read once; a changed file's
  /// bytes come back for the render.
  func lookUp(_ file: ArtworkFile, limit: Int) -> Lookup {
    let key = keys.artwork(file)
    let earlier = entry(for: file)
    let superseded = earlier?.outputs ?? []
    let standing = earlier.flatMap { reuse && isCurrent($0, file: file, key: key) ? $0 : nil }
    if let standing, let known = standing.identity, ArtworkFiles.identity(of: file.path) == known {
      return .unchanged(
        standing.report, Fingerprint(content: standing.content, identity: known, key: key), standing.outputs)
    }
    guard let read = try? ArtworkFiles.fingerprint(of: file.path, limit: limit) else {
      return .changed(bytes: nil, nil, superseded: superseded)
    }
    filesHashed += 1
    let settled = read.identity.isSettled(at: FileIdentity.now())
    let fingerprint = Fingerprint(content: read.content, identity: settled ? read.identity : nil, key: key)
    if let standing, standing.content == fingerprint.content {
      return .unchanged(standing.report, fingerprint, standing.outputs)
    }
    return .changed(bytes: read.bytes, fingerprint, superseded: superseded)
  }

  /// Whether the earlier render of `file` can stand for a fresh one with `key`, once its
  /// bytes are known to be the same: the same key and stem, and every file it made still
  /// the one it put in place.
  private func isCurrent(_ entry: Entry, file: ArtworkFile, key: String) -> Bool {
    guard entry.key == key, entry.report.file == file else { return false }
    return entry.outputs.allSatisfy { FileIdentity.of(folder + "/" + $0.path) == $0.identity }
  }

  /// The earlier run's entry for `file`, if any. Files come in path order; entries before
  /// `file` are passed over for good.
  private func entry(for file: ArtworkFile) -> Entry? {
    while let entry = nextEntry(), entry.report.file.path.utf8.lexicographicallyPrecedes(file.path.utf8) {
      passedOver += entry.outputs
      waiting = nil
    }
    guard let entry = waiting, entry.report.file.path == file.path else { return nil }
    waiting = nil
    return entry
  }

  /// The files earlier runs made for artworks this run did not take (removed, excluded,
  /// in another shard, or not found), once every artwork has been looked up.
  func outputsOfArtworksNotTaken() -> [Output] {
    while let entry = nextEntry() {
      passedOver += entry.outputs
      waiting = nil
    }
    defer { passedOver = [] }
    return passedOver
  }

  /// The files an artwork's report names (its crop map, previews and their thumbnails),
  /// each with its identity now; nil when one is missing.
  func outputs(of report: ArtworkReport) -> [Output]? {
    let paths = Self.outputPaths(of: report)
    var outputs: [Output] = []
    outputs.reserveCapacity(paths.count)
    for path in paths {
      guard let identity = FileIdentity.of(folder + "/" + path) else { return nil }
      outputs.append(Output(path: path, identity: identity))
    }
    return outputs
  }

  /// The files an artwork's report names, in the order the cache records their identities.
  static func outputPaths(of report: ArtworkReport) -> [String] {
    var paths = report.cropMap.map { [$0] } ?? []
    for result in report.results {
      if let preview = result.preview { paths += [preview, PreviewThumbnail.path(for: preview)] }
    }
    return paths
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
          case .string(let key)? = fields.first(where: { $0.0 == "key" })?.1,
          case .string(let written)? = fields.first(where: { $0.0 == "outputs" })?.1,
          let value = fields.first(where: { $0.0 == "report" })?.1,
          let report = try? ReportReader.artwork(value),
          let outputs = Self.outputs(written, paths: Self.outputPaths(of: report))
        else { continue }
        let identity = fields.first(where: { $0.0 == "identity" }).flatMap { Self.identity($0.1) }
        waiting = Entry(identity: identity, content: content, key: key, outputs: outputs, report: report)
        return waiting
      }
    } catch {}
    previous = nil
    return nil
  }

  /// Adds an artwork to the renewed cache: its report, the hash of the bytes it came from,
  /// the identity of the file they were read from when it may be trusted next time, its key,
  /// and each file it made as it is in place now.
  func record(_ report: ArtworkReport, _ fingerprint: Fingerprint, outputs: [Output]) {
    guard renewed != nil else { return }
    json.beginObject()
    if let identity = fingerprint.identity {
      json.key("identity")
      write(identity)
    }
    json.key("content")
    json.plain(fingerprint.content)
    json.key("key")
    json.plain(fingerprint.key)
    // One string, "size.modified.changed.inode.device" a file in the order `outputPaths`
    // lists the report's files: a rerun reads thousands of them, so one value, not thousands.
    json.key("outputs")
    json.plain(
      outputs.map { output in
        let i = output.identity
        return "\(i.size).\(i.modified).\(i.changed).\(i.inode).\(i.device)"
      }.joined(separator: " "))
    json.key("report")
    report.write(to: &json)
    json.endObject()
    json.buffer.flushIfFull()
  }

  private func write(_ identity: FileIdentity) {
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

  /// The outputs `record` wrote as one string, paired with the report's files; nil when
  /// they do not pair up.
  private static func outputs(_ written: String, paths: [String]) -> [Output]? {
    let identities = written.split(separator: " ")
    guard identities.count == paths.count else { return nil }
    var outputs: [Output] = []
    outputs.reserveCapacity(paths.count)
    for (path, text) in zip(paths, identities) {
      let parts = text.split(separator: ".")
      guard parts.count == 5, let size = Int(parts[0]), let modified = Int64(parts[1]), let changed = Int64(parts[2]),
        let inode = UInt64(parts[3]), let device = UInt64(parts[4])
      else { return nil }
      outputs.append(
        Output(
          path: path,
          identity: FileIdentity(size: size, modified: modified, changed: changed, inode: inode, device: device)))
    }
    return outputs
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

  /// Puts the renewed cache in place, after every file its entries name was renamed into
  /// place. It does not wait for the disk: a sync here cost the default run 8 % (Benchmarks/
  /// README.md), and what it would add, files whole after a power cut, file systems that
  /// order data before a rename's metadata (ext4's default) give already.
  func commit() throws(OutputError) {
    if let openFailure { throw openFailure }
    guard let renewed else { return }
    json.endArray()
    json.endObject()
    json.buffer.append(byte: 0x0a)
    renewed.buffer = json.buffer
    try renewed.commit()
  }

  /// The key and the "artworks" items of the cache file at `path` (assets'), or none when
  /// it is missing or unreadable.
  static func artworks(inCacheAt path: String) -> (key: String?, items: [JSONValue]) {
    guard let data = FileManager.default.contents(atPath: path),
      let root = try? JSONParser.parse(Array(data)), case .object(let members) = root,
      case .string(let key)? = members.first(where: { $0.0 == "key" })?.1,
      case .array(let items)? = members.first(where: { $0.0 == "artworks" })?.1
    else { return (nil, []) }
    return (key, items)
  }

  /// The XXH3-128 of the file's bytes, or nil when it cannot be read.
  static func contentHash(of path: String, limit: Int) -> String? {
    guard let bytes = try? FileBytes.read(path, limit: limit) else { return nil }
    return ContentHash.hex128(bytes)
  }
}
