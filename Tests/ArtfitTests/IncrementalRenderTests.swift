import Artwork
import Foundation
import TestSupport
import Testing

extension Slow {
  /// A rerun into the same --out keeps what did not change and renders exactly what did: a
  /// changed file, or every file when an option changes; the reports are complete either way.
  @Suite(.tags(.slow))
  struct IncrementalRenderTests {
    let folder = TemporaryFolder()

    func art() throws {
      try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
      for (index, name) in ["a", "b", "c"].enumerated() {
        _ = folder.write(
          try ImageEncoder.png(TestPictures.quadrants(width: 120 + index * 10, height: 90)), to: "art/\(name).png")
      }
    }

    func render(_ extra: [String] = [], status: Int32 = 0) throws -> ArtfitRun {
      let run = try ArtfitRun(
        [
          "render", folder.path("art"), "--out", folder.path("out"), "--targets", "90x160,160x90", "--modes",
          "fill,fit",
        ] + extra, environment: ["ARTFIT_TIMINGS": "1"])
      #expect(run.status == status, "\(run.stderr)")
      return run
    }

    /// The inode of every preview, by path: each output is written to a temporary file and
    /// renamed into place, so a rewritten preview has a new inode (whatever the clock's grain).
    func previewTimes() throws -> [String: UInt64] {
      var inodes: [String: UInt64] = [:]
      for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path("out")) where path.hasSuffix(".png") {
        inodes[path] = try #require(FileIdentity.of(folder.path("out/\(path)"))).inode
      }
      return inodes
    }

    /// How many artworks the run read to compare with the cache (the timings line says).
    func filesRead(_ run: ArtfitRun) -> Int? {
      let line = (run.stdout + run.stderr).split(separator: "\n").first { $0.hasPrefix("stages:") } ?? ""
      guard let range = line.range(of: #"(\d+) artworks read to compare"#, options: .regularExpression) else {
        return nil
      }
      return Int(line[range].split(separator: " ")[0])
    }

    /// Sets the file's modification time to `nanoseconds` since 1970 (its status-change time
    /// becomes now, as any write leaves it).
    func setModified(_ name: String, to nanoseconds: Int64) {
      let spec = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
      var times = [spec, spec]
      #expect(utimensat(AT_FDCWD, folder.path(name), &times, 0) == 0)
    }

    /// `png` grown to `size` bytes by a text chunk before its end, so a changed file can keep
    /// the old one's size.
    static func padded(_ png: [UInt8], to size: Int) -> [UInt8] {
      let text = Array("c".utf8) + [0] + [UInt8](repeating: UInt8(ascii: "x"), count: size - png.count - 14)
      return png.dropLast(12) + pngChunk("tEXt", text) + png.suffix(12)
    }

    /// Waits out the settling time, so the files written so far have identities the cache
    /// trusts (a file changed within it is always read, to catch a write in the same tick).
    func letTheFilesSettle() {
      Thread.sleep(forTimeInterval: Double(FileIdentity.settlingTime) / 1e9 + 0.1)
    }

    func reports() -> [Data?] {
      ["report.json", "report.csv", "junit.xml", "index.html"].map {
        FileManager.default.contents(atPath: folder.path("out/\($0)"))
      }
    }

    @Test func unchangedRerunKeepsEverythingAndWritesTheSameReports() throws {
      defer { folder.remove() }
      try art()
      _ = try render()
      let first = reports()
      let times = try previewTimes()
      #expect(times.count == 3 * 5)  // 4 previews and a crop map per artwork
      let rerun = try render()
      #expect(
        rerun.stdout.contains("0 previews written") && rerun.stdout.contains("3 unchanged artworks kept"),
        "\(rerun.stdout)")
      #expect(try previewTimes() == times, "no preview was rewritten")
      #expect(reports() == first, "the reports are complete and identical")
    }

    @Test func changedFileIsRenderedAgainAndOnlyIt() throws {
      defer { folder.remove() }
      try art()
      _ = try render()
      let times = try previewTimes()
      _ = folder.write(try ImageEncoder.png(TestPictures.quadrants(width: 200, height: 100)), to: "art/b.png")
      let rerun = try render()
      #expect(rerun.stdout.contains("2 unchanged artworks kept"), "\(rerun.stdout)")
      let after = try previewTimes()
      for (path, time) in after {
        if path.hasPrefix("b/") {
          #expect(time != times[path], "\(path) was not rendered again")
        } else {
          #expect(time == times[path], "\(path) was rendered again")
        }
      }
    }

    /// Each of the cache's decisions, in one sequence over three artworks: unchanged (not
    /// read), touched (read, kept), changed with its time set back, changed in size,
    /// replaced by another file, unreadable.
    @Test func theFingerprintsDecisions() throws {
      defer { folder.remove() }
      try art()
      letTheFilesSettle()
      let first = try render()
      #expect(filesRead(first) == 3, "nothing cached yet: each read once, for the render")
      var inodes = try previewTimes()

      let unchanged = try render()
      #expect(unchanged.stdout.contains("3 unchanged artworks kept"), "\(unchanged.stdout)")
      #expect(filesRead(unchanged) == 0, "settled identities: no file opened")
      #expect(try previewTimes() == inodes)

      // touch: new times, same bytes.
      let aIdentity = try #require(FileIdentity.of(folder.path("art/a.png")))
      setModified("art/a.png", to: aIdentity.modified + 5_000_000_000)
      let touched = try render()
      #expect(touched.stdout.contains("3 unchanged artworks kept"), "\(touched.stdout)")
      #expect(filesRead(touched) == 1, "only the touched file is read")
      #expect(try previewTimes() == inodes, "no preview rewritten after a touch")

      // Other bytes of the same size, the modification time set back: the status-change time
      // gives it away.
      let bIdentity = try #require(FileIdentity.of(folder.path("art/b.png")))
      let plain = try ImageEncoder.png(Image(width: 130, height: 90, layout: .rgb, filledWith: [200, 100, 50]))
      _ = folder.write(Self.padded(plain, to: bIdentity.size), to: "art/b.png")
      #expect(FileIdentity.of(folder.path("art/b.png"))?.size == bIdentity.size)
      setModified("art/b.png", to: bIdentity.modified)
      let restored = try render()
      #expect(restored.stdout.contains("2 unchanged artworks kept"), "\(restored.stdout)")
      #expect(filesRead(restored) == 2, "b, and a: its touch is within the settling time, so it is read again")
      var after = try previewTimes()
      for (path, inode) in after {
        #expect((inode != inodes[path]) == path.hasPrefix("b/"), "\(path): only b is rendered again")
      }
      inodes = after

      // Another size.
      _ = folder.write(try ImageEncoder.png(TestPictures.quadrants(width: 150, height: 90)), to: "art/c.png")
      let resized = try render()
      #expect(resized.stdout.contains("2 unchanged artworks kept"), "\(resized.stdout)")
      after = try previewTimes()
      for (path, inode) in after where !path.hasPrefix("c/") { #expect(inode == inodes[path], "\(path)") }
      inodes = after

      // Replaced by another file with the same size and time (a checkout of another version).
      let aNow = try #require(FileIdentity.of(folder.path("art/a.png")))
      let next = try ImageEncoder.png(Image(width: 120, height: 90, layout: .rgb, filledWith: [10, 20, 30]))
      _ = folder.write(Self.padded(next, to: aNow.size), to: "next.png")
      #expect(rename(folder.path("next.png"), folder.path("art/a.png")) == 0)
      setModified("art/a.png", to: aNow.modified)
      #expect(
        FileIdentity.of(folder.path("art/a.png"))?.size == aNow.size,
        "the same size, and the same modification time below")
      let replaced = try render()
      #expect(replaced.stdout.contains("2 unchanged artworks kept"), "\(replaced.stdout)")
      after = try previewTimes()
      for (path, inode) in after where !path.hasPrefix("a/") { #expect(inode == inodes[path], "\(path)") }

      // A file that cannot be read now is an input error, never its old previews.
      try FileManager.default.removeItem(atPath: folder.path("art/c.png"))
      try FileManager.default.createSymbolicLink(atPath: folder.path("art/c.png"), withDestinationPath: "missing.png")
      let unreadable = try render(status: 3)
      #expect(unreadable.stderr.contains("c.png"), "\(unreadable.stderr)")
      #expect(!unreadable.stdout.contains("3 unchanged"), "\(unreadable.stdout)")
    }

    /// A cache written by the previous layout (artfit before XXH3 and identities, kept as a
    /// fixture from that build) is set aside with a note, and everything renders.
    @Test func aCacheOfTheEarlierLayoutIsSetAsideWithANote() throws {
      defer { folder.remove() }
      try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
      try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: Fixtures.path("png-rgb8.png"), toPath: folder.path("art/a.png"))
      try FileManager.default.copyItem(
        atPath: Fixtures.path("render-cache-v1.json"), toPath: folder.path("out/.artfit-cache.json"))
      _ = folder.write(Array("artfit output folder\n".utf8), to: "out/.artfit-output")
      let run = try render()
      #expect(run.stdout.contains("previews written") && !run.stdout.contains("kept"), "\(run.stdout)")
      #expect((run.stdout + run.stderr).contains("render cache"), "the note: \(run.stdout)")
      let again = try render()
      #expect(again.stdout.contains("1 unchanged artwork kept"), "\(again.stdout)")
    }

    @Test func changedOptionRendersEverything() throws {
      defer { folder.remove() }
      try art()
      _ = try render()
      let rerun = try render(["--background", "white"])
      #expect(rerun.stdout.contains("previews written") && !rerun.stdout.contains("kept"), "\(rerun.stdout)")
      let again = try render(["--background", "white", "--no-cache"])
      #expect(!again.stdout.contains("kept"))
    }

    @Test func deletedPreviewIsRenderedAgain() throws {
      defer { folder.remove() }
      try art()
      _ = try render()
      try FileManager.default.removeItem(atPath: folder.path("out/c/crop-map.png"))
      let rerun = try render()
      #expect(rerun.stdout.contains("2 unchanged artworks kept"), "\(rerun.stdout)")
      #expect(FileManager.default.fileExists(atPath: folder.path("out/c/crop-map.png")))
    }
  }
}
