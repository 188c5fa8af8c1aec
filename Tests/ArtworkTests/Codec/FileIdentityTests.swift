import ArtworkCodec
import Foundation
import TestSupport
import Testing

/// What the render cache trusts a file's identity for: the fields a write changes, and the
/// settling time that keeps a write in the same clock tick as a read from going unseen.
struct FileIdentityTests {
  let folder = TemporaryFolder()

  @Test func aReadGivesTheIdentityStatGives() throws {
    defer { folder.remove() }
    let path = folder.write([1, 2, 3], to: "a")
    let (bytes, identity) = try FileBytes.readWithIdentity(path, limit: 100)
    #expect(bytes == [1, 2, 3])
    #expect(identity == FileIdentity.of(path))
    #expect(identity.size == 3)
  }

  @Test func writingTheSameSizeAndRestoringTheTimeStillChangesIt() throws {
    defer { folder.remove() }
    let path = folder.write([1, 2, 3], to: "a")
    let before = try #require(FileIdentity.of(path))
    _ = folder.write([9, 9, 9], to: "a")
    var times = [
      timespec(tv_sec: Int(before.modified / 1_000_000_000), tv_nsec: Int(before.modified % 1_000_000_000)),
      timespec(tv_sec: Int(before.modified / 1_000_000_000), tv_nsec: Int(before.modified % 1_000_000_000)),
    ]
    #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    let after = try #require(FileIdentity.of(path))
    #expect(after.size == before.size && after.modified == before.modified)
    // The status-change time cannot be set back: it moves on with the write, unless the write
    // fell in the clock tick of the first; and an identity that young is not trusted yet.
    #expect(after != before || !before.isSettled(at: FileIdentity.now()))
  }

  @Test func aFileReplacedByAnotherHasAnotherInode() throws {
    defer { folder.remove() }
    let path = folder.write([1, 2, 3], to: "a")
    let other = folder.write([1, 2, 3], to: "b")
    let before = try #require(FileIdentity.of(path))
    #expect(rename(other, path) == 0)
    #expect(FileIdentity.of(path)?.inode != before.inode)
  }

  @Test func anIdentityIsTrustedOnlyOnceItHasSettled() {
    let second: Int64 = 1_000_000_000
    let identity = FileIdentity(size: 1, modified: 100 * second, changed: 100 * second, inode: 1, device: 1)
    #expect(!identity.isSettled(at: 100 * second))
    #expect(!identity.isSettled(at: 100 * second + FileIdentity.settlingTime))
    #expect(identity.isSettled(at: 100 * second + FileIdentity.settlingTime + 1))
    let changedLater = FileIdentity(size: 1, modified: 50 * second, changed: 100 * second, inode: 1, device: 1)
    #expect(!changedLater.isSettled(at: 100 * second + second / 2), "the later of the two times counts")
  }

  @Test func aMissingFileHasNone() {
    #expect(FileIdentity.of(folder.path("nothing-here")) == nil)
  }
}
