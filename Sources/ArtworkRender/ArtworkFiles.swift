import ArtworkCodec
@_spi(Support) import ArtworkSupport

/// The files an artwork is made of, as the render cache tells a changed artwork from an
/// unchanged one: a file is itself; an image stack is every folder, Contents.json and picture
/// its layout names, so a change to any layer is a change to the artwork.
enum ArtworkFiles {
  /// What the cache compares: the bytes to render from (nil for a stack, which is drawn from
  /// its layers when read), a hash of everything the artwork is made of, and its identity.
  struct Fingerprint {
    var bytes: [UInt8]?
    var content: String
    var identity: FileIdentity
  }

  /// The artwork's identity: the file's own, or for a stack one made of its members' (their
  /// sizes summed, the latest times, a hash of who they are), which changes when any of them
  /// is written, replaced, added or removed; nil when it cannot be looked at.
  static func identity(of path: String) -> FileIdentity? {
    guard ImageStackLayout.isStack(path) else { return FileIdentity.of(path) }
    guard let layout = try? ImageStackLayout.read(path) else { return nil }
    return identity(of: layout.folders + layout.files)
  }

  /// Reads the artwork once for its fingerprint.
  static func fingerprint(of path: String, limit: Int) throws(ImageError) -> Fingerprint {
    guard ImageStackLayout.isStack(path) else {
      let (bytes, identity) = try FileBytes.readWithIdentity(path, limit: limit)
      return Fingerprint(bytes: bytes, content: ContentHash.hex128(bytes), identity: identity)
    }
    let layout = try ImageStackLayout.read(path)
    guard let identity = identity(of: layout.folders + layout.files) else {
      throw .unreadable(file: path, reason: "a file of the stack cannot be looked at")
    }
    var listing: [UInt8] = []
    for member in layout.files where FileIdentity.of(member) != nil {
      let (bytes, _) = try FileBytes.readWithIdentity(member, limit: limit)
      listing += Array(member.dropFirst(path.count).utf8) + [0] + Array(ContentHash.hex128(bytes).utf8) + [10]
    }
    return Fingerprint(bytes: nil, content: ContentHash.hex128(listing), identity: identity)
  }

  /// One identity for several files; a member that is absent counts as absent.
  private static func identity(of members: [String]) -> FileIdentity? {
    var combined = FileIdentity(size: 0, modified: 0, changed: 0, inode: 0, device: 0)
    var who: [UInt8] = []
    for member in members {
      who += Array(member.utf8) + [0]
      guard let one = FileIdentity.of(member) else {
        who += [1]
        continue
      }
      combined.size += one.size
      combined.modified = max(combined.modified, one.modified)
      combined.changed = max(combined.changed, one.changed)
      withUnsafeBytes(of: (one.inode, one.device, one.size, one.modified, one.changed)) { who += $0 }
    }
    combined.inode = fnv1a(who)
    return combined
  }
}
