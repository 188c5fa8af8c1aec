import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec

#if canImport(Glibc)
  import Glibc
#endif

/// The registry of temporary files behind `AtomicFile`: what an interrupted run removes, and
/// that no file appears after the removal while the other threads are still running.
struct TemporaryFilesTests {
  @Test func removalTakesEveryFileInFlightAndRefusesNewOnes() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let registry = TemporaryFiles()
    let first = registry.create(folder.path("a.tmp"))
    let second = registry.create(folder.path("b.tmp"))
    #expect(first.descriptor >= 0 && second.descriptor >= 0)
    defer { close(first.descriptor) }
    defer { close(second.descriptor) }

    #expect(registry.removeAll() == 2)
    #expect(!FileManager.default.fileExists(atPath: folder.path("a.tmp")))
    #expect(!FileManager.default.fileExists(atPath: folder.path("b.tmp")))

    // A thread that asks after the removal gets no file: an interrupted run could otherwise
    // leave one created between the removal and the exit.
    let late = registry.create(folder.path("c.tmp"))
    #expect(late.descriptor == -1 && late.errno == ECANCELED)
    #expect(!FileManager.default.fileExists(atPath: folder.path("c.tmp")))
  }

  /// A name that exists is never opened over: the file is someone else's.
  @Test func anExistingNameIsRefusedAndNotTracked() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let path = folder.write([1, 2, 3], to: "taken.tmp")
    let registry = TemporaryFiles()
    let taken = registry.create(path)
    #expect(taken.descriptor == -1 && taken.errno == EEXIST)
    #expect(registry.removeAll() == 0)
    #expect(FileManager.default.fileExists(atPath: path))
  }
}
