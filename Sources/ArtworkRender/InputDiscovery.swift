import ArtworkCodec
import ArtworkPlatform
import ArtworkReport
@_spi(Support) import ArtworkSupport
import Foundation

/// Finds artwork and accounts for every other file. Files given by name are artwork;
/// folders are searched recursively, and each regular, non-hidden file in them is artwork,
/// an image artfit cannot read (an input error naming its format), or skipped with a reason
/// (`FileKind`). A file with an extension artfit reads (`FileKind.artworkExtensions`) is
/// artwork by its name, so discovery opens only the others (an unchanged artwork is then never opened at all); its probe names
/// what it really is. Hidden files and folders, the output folder, folders holding an earlier
/// run's output, asset catalogs, artfit's own manifest and `excludes` are left out. Sorted by
/// path.
public enum InputDiscovery {
  /// What a search found.
  public struct Found: Sendable {
    /// The artwork files, sorted by path.
    public var files = ArtworkList()
    /// Inputs that could not be searched, and images artfit cannot read.
    public var errors: [InputError] = []
    /// Files that are not artwork, each with why.
    public var skipped: [SkippedFile] = []
    /// Files and folders left out by `excludes`.
    public var excluded = 0
    /// With a shard, the artworks of every shard (the files before the shard took its own).
    public var unsharded: Int? = nil
    /// The `excludes` that left nothing out, as given: a glob that matches nothing is most
    /// likely mistyped.
    public var unmatchedExcludes: [String] = []
  }

  /// Everything under `inputs`. `excludes` are globs (`*`, `**`, `?`, as in the manifest)
  /// matched against the path below the input folder and against the file name; `ownFiles`
  /// are artfit's own (the manifest), never listed. Symbolic links are followed while they
  /// stay inside the input they were found in, or everywhere with `followSymlinks`.
  public static func find(
    _ inputs: [String], excluding outputFolder: String?, excludes: [String] = [], ownFiles: [String] = [],
    followSymlinks: Bool = false
  ) -> Found {
    var search = Search(
      outputFolder: outputFolder.map { CanonicalPath.of($0) }, excludes: excludes,
      ownFiles: Set(ownFiles.map { CanonicalPath.of($0) }), followSymlinks: followSymlinks)
    for input in inputs {
      var status = stat()
      guard stat(input, &status) == 0 else {
        let reason = isSymbolicLink(input) ? "a symbolic link to nothing (broken or looping)" : "no such file or folder"
        search.found.errors.append(InputError(source: input, message: "cannot read the file: \(reason)"))
        continue
      }
      switch FileType(status) {
      case .folder where ImageStackLayout.isStack(input):
        let name = (input as NSString).lastPathComponent
        search.add(
          ArtworkFile(path: input, stem: (name as NSString).deletingPathExtension, relativePath: name),
          canonical: CanonicalPath.of(input))
      case .folder where isIconComposerIcon(input):
        search.found.errors.append(iconComposerError(input))
      case .folder:
        search.root = CanonicalPath.of(input)
        var visited = Set<String>()
        search.walk(input, relative: "", visited: &visited)
      case .file:
        let name = (input as NSString).lastPathComponent
        search.add(
          ArtworkFile(path: input, stem: (name as NSString).deletingPathExtension, relativePath: name),
          canonical: CanonicalPath.of(input))
      case .other(let kind):
        search.found.skipped.append(SkippedFile(source: input, reason: "not a regular file (\(kind))"))
      }
    }
    search.found.files = distinctStems(search.found.files.sortedByPath())
    search.found.unmatchedExcludes = excludes.indices.filter { !search.excludeHits.contains($0) }.map { excludes[$0] }
    search.found.skipped.sort { $0.source.utf8.lexicographicallyPrecedes($1.source.utf8) }
    return search.found
  }

  /// What `stat` says a path is, as discovery treats it.
  private enum FileType {
    case folder, file
    /// A FIFO, a socket or a device, named: never opened, since opening one can wait for ever.
    case other(String)

    init(_ status: stat) {
      switch status.st_mode & S_IFMT {
      case S_IFDIR: self = .folder
      case S_IFREG: self = .file
      case S_IFIFO: self = .other("a FIFO")
      case S_IFSOCK: self = .other("a socket")
      case S_IFCHR, S_IFBLK: self = .other("a device")
      default: self = .other("an unknown kind of file")
      }
    }
  }

  /// One search's settings and what it has found so far.
  private struct Search {
    let outputFolder: String?
    let excludes: [String]
    let ownFiles: Set<String>
    let followSymlinks: Bool
    /// The input folder being searched, canonical: links leading out of it are not followed.
    var root = "/"
    var found = Found()
    /// The artwork found so far, by a hash of its canonical path (16 bytes an artwork, not a
    /// path's string): a file reached twice (given and inside a given folder, or through a
    /// link) is one artwork.
    var seen = Set<ContentHash.Value128>()
    /// The indices of the excludes that left something out.
    var excludeHits = Set<Int>()

    mutating func add(_ file: ArtworkFile, canonical: String) {
      if seen.insert(ContentHash.value128(canonical)).inserted { found.files.append(file) }
    }

    /// Whether an exclude matches the path below the input or the name; a glob ending in `/`
    /// (`final/`) names a folder, as in .gitignore.
    mutating func isExcluded(_ relative: String, name: String, isFolder: Bool) -> Bool {
      for (index, exclude) in excludes.enumerated() {
        var pattern = Substring(exclude)
        if pattern.hasSuffix("/") {
          guard isFolder else { continue }
          while pattern.hasSuffix("/") && pattern.count > 1 { pattern = pattern.dropLast() }
        }
        if Manifest.matches(String(pattern), relative) || Manifest.matches(String(pattern), name) {
          excludeHits.insert(index)
          return true
        }
      }
      return false
    }

    /// `visited` holds the folders already searched, so a symbolic link back to a parent
    /// folder ends the descent instead of looping. A folder left out (the run's own output,
    /// an earlier run's, an asset catalog) is listed as skipped with why.
    mutating func walk(_ folder: String, relative: String, visited: inout Set<String>) {
      let manager = FileManager.default
      let real = CanonicalPath.of(folder)
      if let outputFolder, real == outputFolder {
        found.skipped.append(SkippedFile(source: folder, reason: "this run's output folder"))
        return
      }
      guard visited.insert(real).inserted else { return }
      // An Xcode asset catalog holds renditions, not masters (`artfit assets` writes them).
      if !relative.isEmpty && folder.lowercased().hasSuffix(".xcassets") {
        found.skipped.append(
          SkippedFile(source: folder, reason: "an Xcode asset catalog: renditions, not masters (--exclude says so too)")
        )
        return
      }
      // An earlier run's output, wherever it went: its previews are not artwork.
      switch OutputFolder.marking(of: folder) {
      case .artfits:
        if relative.isEmpty {
          found.errors.append(
            InputError(
              source: folder,
              message:
                "cannot read the folder: it is an artfit output folder (it holds \(OutputFolder.marker) and artfit's reports), and artfit does not read its own previews as artwork"
            ))
        } else {
          found.skipped.append(SkippedFile(source: folder, reason: "an earlier artfit run's output folder"))
        }
        return
      case .notArtfits:
        found.skipped.append(
          SkippedFile(
            source: folder + "/" + OutputFolder.marker,
            reason: "an output marker artfit did not write (no report beside it): the folder is read as artwork"))
      case .none: break
      }
      let entries: [String]
      do {
        entries = try manager.contentsOfDirectory(atPath: folder).sorted()
      } catch {
        found.errors.append(
          InputError(source: folder, message: "cannot read the folder: permission denied or unreadable"))
        return
      }
      for entry in entries where !entry.hasPrefix(".") {
        let path = folder.hasSuffix("/") ? folder + entry : folder + "/" + entry
        let relativePath = relative.isEmpty ? entry : relative + "/" + entry
        var isFolder: ObjCBool = false
        _ = excludes.contains { $0.hasSuffix("/") } && manager.fileExists(atPath: path, isDirectory: &isFolder)
        if isExcluded(relativePath, name: entry, isFolder: isFolder.boolValue) {
          found.excluded += 1
          continue
        }
        visit(path, relative: relativePath, name: entry, visited: &visited)
      }
    }

    private mutating func visit(_ path: String, relative: String, name: String, visited: inout Set<String>) {
      let isArtworkName = FileKind.artworkExtensions.contains(FileKind.fileExtension(of: name))
      // One lstat an entry; a link's target is looked at only for a link.
      var status = stat()
      guard lstat(path, &status) == 0 else { return }
      let isLink = status.st_mode & S_IFMT == S_IFLNK
      guard !isLink || stat(path, &status) == 0 else {
        let reason = "a symbolic link to nothing (broken or looping)"
        if isArtworkName {
          found.errors.append(InputError(source: path, message: "cannot read the file: \(reason)"))
        } else {
          found.skipped.append(SkippedFile(source: path, reason: reason))
        }
        return
      }
      if !followSymlinks && isLink {
        let target = CanonicalPath.of(path)
        if !(root == "/" || target == root || target.hasPrefix(root + "/")) {
          found.skipped.append(
            SkippedFile(
              source: path,
              reason: "a symbolic link to \(target), outside the input folder (--follow-symlinks follows it)"))
          return
        }
      }
      switch FileType(status) {
      case .folder where ImageStackLayout.isStack(path):
        // A tvOS layered image: one artwork, drawn from its layers.
        add(
          ArtworkFile(path: path, stem: (relative as NSString).deletingPathExtension, relativePath: relative),
          canonical: CanonicalPath.of(path))
      case .folder where isIconComposerIcon(path): found.errors.append(iconComposerError(path))
      case .folder: walk(path, relative: relative, visited: &visited)
      case .other(let kind): found.skipped.append(SkippedFile(source: path, reason: "not a regular file (\(kind))"))
      case .file: take(path, relative: relative, name: name, isArtworkName: isArtworkName)
      }
    }

    /// A regular file: artwork by its name, else by its first bytes.
    private mutating func take(_ path: String, relative: String, name: String, isArtworkName: Bool) {
      let canonical = CanonicalPath.of(path)
      if ownFiles.contains(canonical) { return }
      let stem = (relative as NSString).deletingPathExtension
      if isArtworkName {
        add(ArtworkFile(path: path, stem: stem, relativePath: relative), canonical: canonical)
        return
      }
      let head: [UInt8]
      do {
        head = try FileBytes.head(of: path, count: FileKind.headLength)
      } catch {
        found.errors.append(InputError(error))
        return
      }
      switch FileKind.of(head: head, name: name) {
      case .artwork: add(ArtworkFile(path: path, stem: stem, relativePath: relative), canonical: canonical)
      case .unreadImage(let format, let advice):
        found.errors.append(InputError(.notAnImage(file: path, reason: "it is \(FileKind.named(format)): \(advice)")))
      case .misnamed(let format):
        let reason =
          "its name says it is \(FileKind.named(format)), but its bytes are not one; re-export it as PNG or JPEG"
        found.errors.append(InputError(.notAnImage(file: path, reason: reason)))
      case .notArtwork(let reason): found.skipped.append(SkippedFile(source: path, reason: reason))
      }
    }
  }

  /// The files with stems no two share, ignoring case (as macOS's file systems do), none of
  /// them one of artfit's own names (`OutputNamespace`): where
  /// several share one (`kite.jpg` and `kite.heic` in a hand-off folder), each takes its
  /// extension into it (`kite-jpg`, `kite-heic`), so no artwork's previews overwrite
  /// another's; a number follows if even that is taken. Unique stems are kept as they are.
  ///
  /// A stem holds its folder, so only stems of one folder can meet: each folder's are made
  /// distinct on their own, and no table of every stem of the run is held at once (a
  /// 50,000-artwork folder would hold three).
  static func distinctStems(_ given: ArtworkList) -> ArtworkList {
    var files = given
    var folders: [String: [Int]] = [:]  // by folder, ignoring case as the stems are compared
    for index in files.indices {
      let stem = files.stem(at: index)
      let safe = OutputNamespace.safeStem(stem)
      if safe != stem { files.setStem(safe, at: index) }
      folders[safe[..<(safe.lastIndex(of: "/") ?? safe.startIndex)].lowercased(), default: []].append(index)
    }
    for members in folders.values where members.count > 1 { distinguish(members, in: &files) }
    return files
  }

  /// Makes the stems of `members` (files of one folder) distinct, ignoring case.
  private static func distinguish(_ members: [Int], in files: inout ArtworkList) {
    let counts = Dictionary(grouping: members.map { files.stem(at: $0).lowercased() }, by: { $0 }).mapValues(\.count)
    guard counts.values.contains(where: { $0 > 1 }) else { return }
    var taken = Set(counts.filter { $0.value == 1 }.map(\.key))
    for index in members {
      let file = files[index]
      guard counts[file.stem.lowercased(), default: 0] > 1 else { continue }
      let ext = (file.path as NSString).pathExtension
      var stem = ext.isEmpty ? file.stem : file.stem + "-" + ext
      var number = 2
      while !taken.insert(stem.lowercased()).inserted {
        stem = (ext.isEmpty ? file.stem : file.stem + "-" + ext) + "-\(number)"
        number += 1
      }
      files.setStem(stem, at: index)
    }
  }

  /// An Icon Composer document (`.icon` folder): its layers are drawn by the system's
  /// Liquid Glass material (specular light, blur, shadows by appearance), which artfit does
  /// not reproduce, so it is named as unread, not walked as a folder of loose pictures.
  static func isIconComposerIcon(_ path: String) -> Bool { FileKind.fileExtension(of: path) == "icon" }

  static func iconComposerError(_ path: String) -> InputError {
    InputError(
      .notAnImage(
        file: path,
        reason:
          "it is an Icon Composer icon: its layers are drawn by the system's Liquid Glass, which artfit does not reproduce; export its PNG renditions from Icon Composer"
      ))
  }

  private static func isSymbolicLink(_ path: String) -> Bool {
    let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
    return type == .typeSymbolicLink
  }
}
