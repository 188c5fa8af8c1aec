import ArtworkPlatform
import Foundation
import Testing

/// The platform seam's branch for the system the tests run on is the one in use, and what it
/// answers is what the system says.
struct PlatformTests {
  @Test func theBranchInUseIsThisSystems() {
    #if os(Linux)
      #expect(Platform.cLibrary == "glibc")
    #elseif os(macOS)
      #expect(Platform.cLibrary == "darwin")
    #endif
  }

  @Test func fileTimesAreTheOnesSet() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("platform-\(UUID().uuidString)").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data([1, 2, 3])))
    defer { try? FileManager.default.removeItem(atPath: path) }
    // Access and modification times set to the nanosecond, then read back through the seam.
    var times = [timespec(tv_sec: 1_234_567_890, tv_nsec: 0), timespec(tv_sec: 1_600_000_000, tv_nsec: 123_456_789)]
    #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    var status = stat()
    #expect(stat(path, &status) == 0)
    let modified = Platform.modified(status)
    #expect(modified.tv_sec == 1_600_000_000 && modified.tv_nsec == 123_456_789)
    // The status change is now, not the time set.
    #expect(abs(Int(Platform.changed(status).tv_sec) - Int(Date().timeIntervalSince1970)) < 600)
  }

  @Test func theExecutableIsTheRunningOne() throws {
    let path = try #require(Platform.executablePath)
    var status = stat()
    #expect(stat(path, &status) == 0, "\(path)")
    var own = stat()
    #expect(stat(CommandLine.arguments[0], &own) == 0, "\(CommandLine.arguments[0])")
    #expect(status.st_ino == own.st_ino, "\(path) is not \(CommandLine.arguments[0])")
  }

  @Test func readReadsTheDescriptorsBytes() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("platform-\(UUID().uuidString)").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data("seam".utf8)))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let descriptor = open(path, O_RDONLY)
    #expect(descriptor >= 0)
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 8)
    let got = buffer.withUnsafeMutableBytes { Platform.read(descriptor, $0.baseAddress, $0.count) }
    #expect(got == 4 && Array(buffer.prefix(4)) == Array("seam".utf8))
  }
}
