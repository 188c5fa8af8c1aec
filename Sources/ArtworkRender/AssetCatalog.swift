import ArtworkCodec
import ArtworkGeometry
import ArtworkPixels
import ArtworkReport
@_spi(Support) import ArtworkSupport
import Dispatch
import Foundation

/// Writes an Xcode asset catalog from master artwork: one `NAME.imageset` per artwork with a
/// PNG per idiom and scale and the `Contents.json` Xcode reads (Apple's "Asset Catalog
/// Format Reference": `images` with `idiom`, `scale`, `filename`; `info` with `author` and
/// `version`). Folders below the input folder become groups, each with its own Contents.json.
public struct AssetCatalog: Sendable {
  /// Which device families get images, and at which scales.
  public enum Idiom: String, Sendable, CaseIterable {
    /// Every device, at @1x, @2x and @3x.
    case universal
    /// iPhone only, at @2x and @3x.
    case iphone
    /// iPad only, at @1x and @2x.
    case ipad

    /// The scales Xcode lists for the idiom today.
    public var scales: [Int] {
      switch self {
      case .universal: [1, 2, 3]
      case .iphone: [2, 3]
      case .ipad: [1, 2]
      }
    }
  }

  /// The size of the image in points; nil takes the artwork as @3x (its pixels / 3).
  public var points: Size?
  /// The idioms the image set has images for.
  public var idioms: [Idiom]
  /// `fill` crops to exactly the points' aspect (by `gravity` and the focus); `fit` scales
  /// the whole artwork into the box, keeping its own aspect.
  public var mode: FitMode
  /// Where a fill keeps the picture when it must cut.
  public var gravity: Gravity
  /// The region a fill keeps in view, when one is known.
  public var focus: FocusRegion?
  /// The resampling filter.
  public var kernel: ResampleKernel
  /// The largest picture and file artfit reads.
  public var limits: ImageLimits
  /// The profile the images carry (`keep`: the artwork's RGB profile).
  public var profile: OutputProfile = .keep
  /// How conversions between profiles treat colours out of gamut.
  public var intent: RenderingIntent = .relative
  /// Files that ship in an app are written once and kept: a strong effort by default. 8 gives
  /// within 0.3 % of 9's bytes on SampleArt in 0.7 of its time (README, "PNG effort").
  public var pngEffort: PNGEffort = .assets
  /// SVG and PDF go in as the file itself, byte for byte, with Xcode's "Preserve Vector Data"
  /// (`preserves-vector-representation`); with this set, as PNGs drawn at each scale instead.
  public var rasterizeVectors = false
  private let colours = ColourCache()

  /// A catalog writer with these settings; the rest keep their defaults.
  public init(
    points: Size? = nil, idioms: [Idiom] = [.universal], mode: FitMode = .fill, gravity: Gravity = .center,
    focus: FocusRegion? = nil, kernel: ResampleKernel = .lanczos3, limits: ImageLimits = ImageLimits()
  ) {
    self.points = points
    self.idioms = idioms
    self.mode = mode
    self.gravity = gravity
    self.focus = focus
    self.kernel = kernel
    self.limits = limits
  }

  /// The folder's Contents.json, and each group's.
  public static let folderContents: String = {
    var json = JSONStream(keySeparator: " : ")
    json.beginObject()
    writeInfo(to: &json)
    json.endObject()
    return String(decoding: json.bytes, as: UTF8.self) + "\n"
  }()

  /// One image of an image set.
  public struct Entry: Sendable, Equatable {
    /// The idiom the image is for.
    public var idiom: Idiom
    /// 1, 2 or 3; 0 for a vector kept as the file itself, which serves every scale.
    public var scale: Int
    /// The image's file name inside the set.
    public var filename: String
    /// The image's size in pixels.
    public var size: PixelSize
    /// The files written for it, relative to the catalog (the PNG; the set's Contents.json
    /// rides on the last entry, group Contents.json files on the first).
    var files: [String] = []
  }

  /// Writes `file`'s image set into the catalog at `catalog`; returns what it wrote.
  public func write(_ file: ArtworkFile, into catalog: String) throws(ArtworkFailure) -> [Entry] {
    do {
      return try writeImageSet(file, into: catalog)
    } catch let error as ImageError {
      throw .image(error)
    } catch let error as OutputError {
      throw .output(error)
    } catch {
      preconditionFailure("an image set fails only on its image or its files: \(error)")
    }
  }

  private func writeImageSet(_ file: ArtworkFile, into catalog: String) throws -> [Entry] {
    // A stack's layers move apart in focus: flattened into an image set they would not.
    if ImageStackLayout.isStack(file.path) {
      throw ImageError.unreadableStack(
        file: file.path,
        reason:
          "assets writes image sets, and a catalog holds a layered image as the stack itself; copy the .imagestack folder into the catalog (render and check read it)"
      )
    }
    let info = try ImageDecoder.probe(file: file.path, limits: limits)
    let colour = ArtworkColour(info: info, choice: profile, intent: intent, cache: colours)
    let picture: PictureSource
    let source: Size
    var box: Size
    if info.format.isVector {
      let bytes = try FileBytes.read(file.path, limit: limits.maxFileBytes)
      if !rasterizeVectors { return try writeVectorSet(file, bytes: bytes, format: info.format, into: catalog) }
      let document = try VectorDocument(bytes: bytes, name: file.path, limits: limits)
      picture = .vector(document)
      source = Size(Double(document.pixelWidth), Double(document.pixelHeight))
      box = source  // a vector's intrinsic size is its size in points
    } else {
      let image = try ImageDecoder.decode(file: file.path, limits: limits, cmyk: colour.cmykDecode)
      picture = .decoded(image, shrink: 1, origin: nil)
      source = Size(Double(image.width), Double(image.height))
      box = Size(source.width / 3, source.height / 3)
    }
    box = points ?? box
    let (set, name, groupFiles) = try writeGroups(file, into: catalog)
    let isNew = Self.isNewSet(set, in: catalog)
    var finished = false
    defer { if !finished { AssetSetsInProgress.abandon(catalog + "/" + set) } }
    var entries: [Entry] = []
    for idiom in idioms {
      for scale in idiom.scales {
        let canvas = PixelSize(
          max(1, Int((box.width * Double(scale)).rounded())), max(1, Int((box.height * Double(scale)).rounded())))
        let placement = FitSolver.solve(
          source: source, canvas: canvas, mode: mode == .fit ? .fit : .fill, gravity: gravity, focus: focus)
        let size =
          mode == .fit ? PixelSize(placement.renderedImageRect.width, placement.renderedImageRect.height) : canvas
        let image = colour.converted(
          try picture.picture(
            of: mode == .fit ? nil : placement.crop, size: size, options: ResampleOptions(kernel: kernel)))
        let filename = idiom == .universal ? "\(name)@\(scale)x.png" : "\(name)-\(idiom.rawValue)@\(scale)x.png"
        try AssetSetsInProgress.write(
          try ImageEncoder.png(image, effort: pngEffort, name: filename),
          to: OutputFolder.path(set + filename, in: catalog), inSet: catalog + "/" + set, isNew: isNew)
        entries.append(Entry(idiom: idiom, scale: scale, filename: filename, size: size, files: [set + filename]))
      }
    }
    let written = try finish(set, entries: entries, groupFiles: groupFiles, catalog: catalog)
    finished = true
    return written
  }

  /// A vector's image set: the file itself, one universal image Xcode draws at every scale.
  private func writeVectorSet(_ file: ArtworkFile, bytes: [UInt8], format: ImageFormat, into catalog: String) throws
    -> [Entry]
  {
    // Refuses what Xcode could not draw either.
    let document = try VectorDocument(bytes: bytes, name: file.path, limits: limits)
    let (set, name, groupFiles) = try writeGroups(file, into: catalog)
    var finished = false
    defer { if !finished { AssetSetsInProgress.abandon(catalog + "/" + set) } }
    let filename = name + "." + format.fileExtension
    try AssetSetsInProgress.write(
      bytes, to: OutputFolder.path(set + filename, in: catalog), inSet: catalog + "/" + set,
      isNew: Self.isNewSet(set, in: catalog))
    let entry = Entry(
      idiom: .universal, scale: 0, filename: filename, size: PixelSize(document.pixelWidth, document.pixelHeight),
      files: [set + filename])
    let written = try finish(set, entries: [entry], groupFiles: groupFiles, catalog: catalog)
    finished = true
    return written
  }

  /// The groups' Contents.json files for `file`'s folders below the input; the image set's
  /// folder (ending in `/`), its name and those files.
  private func writeGroups(_ file: ArtworkFile, into catalog: String) throws -> (
    set: String, name: String, groupFiles: [String]
  ) {
    let parts = file.stem.split(separator: "/").map(String.init)
    let name = parts.last ?? file.stem
    var folder = ""
    var groupFiles: [String] = []
    for group in parts.dropLast() {
      folder += group + "/"
      if try Self.writeFolderContents(at: OutputFolder.path(folder + "Contents.json", in: catalog)) {
        groupFiles.append(folder + "Contents.json")
      }
    }
    return (folder + name + ".imageset/", name, groupFiles)
  }

  /// Writes a group's (or the catalog's) Contents.json where there is none; one already there
  /// is kept as it is, every key with it (a namespace, another author). True when the file is
  /// artfit's own, so it is in artfit's record.
  public static func writeFolderContents(at path: String) throws(OutputError) -> Bool {
    switch SettingsFile.read(path) {
    case .success(let bytes): return bytes == Array(folderContents.utf8)
    case .failure:
      guard access(path, F_OK) != 0 else { return false }
      try AtomicFile.write(Array(folderContents.utf8), to: path)
      return true
    }
  }

  /// Whether the set at `set` (below `catalog`) is not there yet: its files are then written in
  /// place and removed if the run is interrupted before its Contents.json is written; a set
  /// already there takes its new files all at once when it is finished (`AssetSetsInProgress`).
  private static func isNewSet(_ set: String, in catalog: String) -> Bool {
    access(catalog + "/" + set + "Contents.json", F_OK) != 0
  }

  /// Writes the image set's Contents.json; the entries carry every file written.
  private func finish(_ set: String, entries: [Entry], groupFiles: [String], catalog: String) throws -> [Entry] {
    var entries = entries
    try AssetSetsInProgress.write(
      Array(Self.contents(entries).utf8), to: OutputFolder.path(set + "Contents.json", in: catalog),
      inSet: catalog + "/" + set, isNew: false)
    try AssetSetsInProgress.finished(catalog + "/" + set)
    entries[0].files += groupFiles
    entries[entries.count - 1].files.append(set + "Contents.json")
    return entries
  }

  /// Writes the image sets of `files`, `jobs` at a time; one outcome per file, in order.
  /// With `reuse`, artworks whose bytes and these options are unchanged since the last run
  /// into the catalog, and whose files are all there, are kept (`.artfit-cache.json`, a
  /// hidden file Xcode ignores).
  public func write(_ files: [ArtworkFile], into catalog: String, jobs: Int, reuse: Bool = true) -> [Result<
    (entries: [Entry], kept: Bool), ArtworkFailure
  >] {
    let key = ContentHash.hex128(Array(cacheKeyText.utf8))
    let cachePath = catalog + "/" + RenderCache.fileName
    let earlier = Self.loadCache(cachePath)
    let cached = reuse && earlier.key == key ? earlier.artworks : [:]
    let outcomes = Locked(
      [Result<(entries: [Entry], kept: Bool), ArtworkFailure>](repeating: .success(([], false)), count: files.count))
    let fingerprints = Locked([String?](repeating: nil, count: files.count))
    let workers = max(1, min(jobs, files.count))
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      for index in stride(from: worker, to: files.count, by: workers) {
        let file = files[index]
        let fingerprint = RenderCache.contentHash(of: file.path, limit: limits.maxFileBytes)
        fingerprints.withLock { $0[index] = fingerprint }
        if let fingerprint, let kept = cached[file.path], kept.fingerprint == fingerprint,
          kept.entries.allSatisfy({ $0.files.allSatisfy { kept.identities[$0] == FileIdentity.of(catalog + "/" + $0) } }
          )
        {
          outcomes.withLock { $0[index] = .success((kept.entries, true)) }
          continue
        }
        let outcome = Result { () throws(ArtworkFailure) -> (entries: [Entry], kept: Bool) in
          (try write(file, into: catalog), false)
        }
        outcomes.withLock { $0[index] = outcome }
      }
    }
    let results = outcomes.withLock { $0 }
    let prints = fingerprints.withLock { $0 }
    var entries: [(String, String, [Entry])] = []
    for (index, file) in files.enumerated() {
      if case .success(let outcome) = results[index], let fingerprint = prints[index] {
        entries.append((file.path, fingerprint, outcome.entries))
      }
    }
    Self.removeStale(
      earlier.artworks.values.map(\.identities), keeping: entries.flatMap { $0.2.flatMap(\.files) }, in: catalog)
    // Each file as it is in place now: a set is kept next time only while every one of its
    // files is still the one this run left.
    let json = Self.cacheJSON(key: key, entries: entries) { FileIdentity.of(catalog + "/" + $0) }
    try? AtomicFile.write(json.bytes() + [0x0a], to: cachePath)
    return results
  }

  /// Removes the files earlier runs made that this run did not make again (an idiom no
  /// longer asked for, an artwork excluded or gone), so the catalog holds this run's sets
  /// and the user's own; a file is removed only while it is still as artfit left it, and a
  /// set's folder only once empty.
  private static func removeStale(_ earlier: [[String: FileIdentity]], keeping files: [String], in catalog: String) {
    let kept = Set(files)
    for identities in earlier {
      for (file, identity) in identities where !kept.contains(file) {
        let path = catalog + "/" + file
        guard FileIdentity.of(path) == identity, unlink(path) == 0 else { continue }
        rmdir((path as NSString).deletingLastPathComponent)
      }
    }
  }

  /// What must match for an earlier run's image sets to be kept: artfit's build and every
  /// setting of the catalog, written out field by field (`CanonicalText`), so a setting added
  /// to `AssetCatalog` is in the key without being listed here.
  var cacheKeyText: String {
    "asset key 3\n" + ArtfitBuild.identity + "\n" + CanonicalText.of(self)
  }

  static func cacheJSON(
    key: String, entries: [(source: String, fingerprint: String, entries: [Entry])],
    identity: (String) -> FileIdentity?
  ) -> JSONValue {
    .object([
      ("key", .string(key)),
      (
        "artworks",
        .array(
          entries.map { source, fingerprint, images in
            .object([
              ("source", .string(source)), ("fingerprint", .string(fingerprint)),
              (
                "images",
                .array(
                  images.map { entry in
                    .object([
                      ("idiom", .string(entry.idiom.rawValue)), ("scale", .integer(entry.scale)),
                      ("filename", .string(entry.filename)),
                      ("w", .integer(entry.size.width)), ("h", .integer(entry.size.height)),
                      ("files", .array(entry.files.map(JSONValue.string))),
                      ("identities", .array(entry.files.map { Self.json(identity($0)) })),
                    ])
                  })
              ),
            ])
          })
      ),
    ])
  }

  /// A file's identity as the cache records it: size, times, inode and device.
  private static func json(_ identity: FileIdentity?) -> JSONValue {
    guard let identity else { return .null }
    return .array(
      [
        identity.size, Int(identity.modified), Int(identity.changed), Int(truncatingIfNeeded: identity.inode),
        Int(truncatingIfNeeded: identity.device),
      ].map(JSONValue.integer))
  }

  private static func identity(_ value: JSONValue) -> FileIdentity? {
    guard case .array(let items) = value, items.count == 5 else { return nil }
    let numbers = items.compactMap { if case .integer(let number) = $0 { number } else { nil } }
    guard numbers.count == 5 else { return nil }
    return FileIdentity(
      size: numbers[0], modified: Int64(numbers[1]), changed: Int64(numbers[2]),
      inode: UInt64(truncatingIfNeeded: numbers[3]), device: UInt64(truncatingIfNeeded: numbers[4]))
  }

  /// The cache at `path`: the key it was made with, and each artwork's fingerprint, image
  /// sets and files as that run left them.
  static func loadCache(_ path: String) -> (
    key: String?, artworks: [String: (fingerprint: String, entries: [Entry], identities: [String: FileIdentity])]
  ) {
    var cache: [String: (fingerprint: String, entries: [Entry], identities: [String: FileIdentity])] = [:]
    let (key, items) = RenderCache.artworks(inCacheAt: path)
    for artwork in items {
      guard case .object(let fields) = artwork else { continue }
      let field = { (name: String) in fields.first { $0.0 == name }?.1 }
      guard case .string(let source)? = field("source"), case .string(let fingerprint)? = field("fingerprint"),
        case .array(let images)? = field("images")
      else { continue }
      var entries: [Entry] = []
      var identities: [String: FileIdentity] = [:]
      for image in images {
        guard case .object(let f) = image else { continue }
        let get = { (name: String) in f.first { $0.0 == name }?.1 }
        guard case .string(let idiomName)? = get("idiom"), let idiom = Idiom(rawValue: idiomName),
          case .integer(let scale)? = get("scale"), case .string(let filename)? = get("filename"),
          case .integer(let w)? = get("w"), case .integer(let h)? = get("h"), case .array(let files)? = get("files"),
          case .array(let recorded)? = get("identities"), recorded.count == files.count
        else { continue }
        let names = files.compactMap { if case .string(let text) = $0 { text } else { nil } }
        for (name, value) in zip(names, recorded) { identities[name] = Self.identity(value) }
        entries.append(Entry(idiom: idiom, scale: scale, filename: filename, size: PixelSize(w, h), files: names))
      }
      if !entries.isEmpty { cache[source] = (fingerprint, entries, identities) }
    }
    return (key, cache)
  }

  /// An image set's Contents.json, in the layout Xcode writes; a kept vector (scale 0) has no
  /// scale and the set preserves its vector data.
  public static func contents(_ entries: [Entry]) -> String {
    var json = JSONStream(keySeparator: " : ")
    json.beginObject()
    json.key("images")
    json.beginArray()
    for entry in entries {
      json.beginObject()
      json.key("filename")
      json.string(entry.filename)
      json.key("idiom")
      json.plain(entry.idiom.rawValue)
      if entry.scale > 0 {
        json.key("scale")
        json.plain("\(entry.scale)x")
      }
      json.endObject()
    }
    json.endArray()
    writeInfo(to: &json)
    if entries.contains(where: { $0.scale == 0 }) {
      json.key("properties")
      json.beginObject()
      json.key("preserves-vector-representation")
      json.bool(true)
      json.endObject()
    }
    json.endObject()
    return String(decoding: json.bytes, as: UTF8.self) + "\n"
  }

  /// The "info" member every Contents.json ends with.
  private static func writeInfo(to json: inout JSONStream) {
    json.key("info")
    json.beginObject()
    json.key("author")
    json.plain("artfit")
    json.key("version")
    json.integer(1)
    json.endObject()
  }
}
