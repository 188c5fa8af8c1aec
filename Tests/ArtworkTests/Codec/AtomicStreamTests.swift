@_spi(Support) import ArtworkSupport
import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec

/// A file written over a long run appears whole on commit, or not at all.
struct AtomicStreamTests {
  static func names(in folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }

  @Test func theFileAppearsWholeOnCommitOnly() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("report.json")
    _ = folder.write(Array("old".utf8), to: "report.json")
    let stream = try AtomicStream(path)
    var expected: [UInt8] = []
    for index in 0..<40_000 {  // past a megabyte, so some of it is already on disk
      let line = "line \(index)\n"
      stream.buffer.append(line)
      stream.flushIfFull()
      expected += Array(line.utf8)
    }
    #expect(FileManager.default.contents(atPath: path) == Data("old".utf8), "the old file stands until the commit")
    try stream.commit()
    #expect(FileManager.default.contents(atPath: path) == Data(expected))
    #expect(try Self.names(in: folder.path("")) == ["report.json"], "no temporary file is left")
    try stream.commit()  // a second commit changes nothing
    #expect(FileManager.default.contents(atPath: path) == Data(expected))
  }

  @Test func anAbandonedStreamLeavesNothingAndTheOldFileStands() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    _ = folder.write(Array("old".utf8), to: "kept.csv")
    let kept = try AtomicStream(folder.path("kept.csv"))
    let fresh = try AtomicStream(folder.path("fresh.csv"))
    kept.buffer.append("new")
    fresh.buffer.append("new")
    kept.abandon()
    fresh.abandon()
    #expect(try Self.names(in: folder.path("")) == ["kept.csv"])
    #expect(FileManager.default.contents(atPath: folder.path("kept.csv")) == Data("old".utf8))
  }

  @Test func copyReadsBackEverythingWritten() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let part = try AtomicStream(folder.path("part.xml"))
    var expected: [UInt8] = []
    for index in 0..<30_000 {
      let line = "<suite n=\"\(index)\"/>\n"
      part.buffer.append(line)
      part.flushIfFull()
      expected += Array(line.utf8)
    }
    var copy = ByteBuffer()
    #expect(part.copy(into: &copy) == 0)
    #expect(copy.bytes == expected)
    part.abandon()
    #expect(try Self.names(in: folder.path("")).isEmpty)
  }
}
