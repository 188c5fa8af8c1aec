import Artwork
import Foundation

/// Runs the built `artfit` binary (beside the test bundle) and captures what it prints.
public struct ArtfitRun {
  public var status: Int32
  public var stdout: String
  public var stderr: String

  public static var binary: URL {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent("artfit")
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue {
        return candidate
      }
      folder.deleteLastPathComponent()
    }
    return Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("artfit")
  }

  /// `fileSizeBlocks` runs it under `ulimit -f` (512-byte blocks), where a write past the
  /// limit fails the way a full disk does. The child sees this process's environment without
  /// the variables that turn diagnostics on (GitHub Actions, Xcode) or pick a shard, plus
  /// `environment`.
  public init(
    _ arguments: [String], in directory: URL? = nil, fileSizeBlocks: Int? = nil,
    environment extra: [String: String] = [:]
  ) throws {
    let process = Process()
    if let fileSizeBlocks {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "ulimit -f \(fileSizeBlocks) && exec \"$0\" \"$@\"", Self.binary.path] + arguments
    } else {
      process.executableURL = Self.binary
      process.arguments = arguments
    }
    if let directory { process.currentDirectoryURL = directory }
    var environment = ProcessInfo.processInfo.environment
    // A CI system's shard variables would pick a slice under `--shard auto`.
    for name in ["GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY", "GITHUB_WORKSPACE", "XCODE_VERSION_ACTUAL"]
      + ShardEnvironment.variables
    {
      environment[name] = nil
    }
    environment["NO_COLOR"] = "1"
    environment.merge(extra) { _, given in given }
    process.environment = environment
    // Output goes to files so that a large output can never block the child.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("artfit-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outURL = folder.appendingPathComponent("stdout")
    let errURL = folder.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try out.close()
    try err.close()
    status = process.terminationStatus
    stdout = String(decoding: try Data(contentsOf: outURL), as: UTF8.self)
    stderr = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
  }

  /// stdout parsed as JSON.
  public func json() throws -> Any {
    try JSONSerialization.jsonObject(with: Data(stdout.utf8))
  }
}
