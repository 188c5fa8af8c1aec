import Foundation
import PackagePlugin

/// `swift package artfit …`: runs artfit on the package's artwork with the arguments given.
/// A `check` or `render` without `--out` writes into the plugin's work directory (and says
/// where); with `--out` inside the package it needs `--allow-writing-to-package-directory`.
/// Failing results and unreadable inputs become the plugin's diagnostics, and a failed run
/// fails the command.
@main
struct ArtfitPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    try Runner(
      tool: try context.tool(named: "artfit").url,
      packageDirectory: context.package.directoryURL,
      workDirectory: context.pluginWorkDirectoryURL
    ).run(arguments)
  }
}

/// What the plugin does, apart from where its context comes from (SwiftPM or Xcode).
struct Runner {
  let tool: URL
  let packageDirectory: URL
  let workDirectory: URL

  func run(_ given: [String]) throws {
    var arguments = given
    let writesReports = ["check", "render"].contains(arguments.first ?? "")
    if writesReports && !arguments.contains(where: { $0 == "--out" || $0.hasPrefix("--out=") }) {
      let out = workDirectory.appendingPathComponent("artfit-out").path
      arguments += ["--out", out]
      print("artfit: reports go to \(out) (give --out to choose)")
    }
    if writesReports && !arguments.contains(where: { $0 == "--diagnostics" || $0.hasPrefix("--diagnostics=") }) {
      arguments += ["--diagnostics", "xcode"]
    }
    let process = Process()
    process.executableURL = tool
    process.arguments = arguments
    process.currentDirectoryURL = packageDirectory
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if !report(String(line)) && !line.isEmpty { print(line) }
    }
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw Failure(status: process.terminationStatus)
    }
  }

  /// Turns one of artfit's `path:1:1: error: …` lines into a diagnostic; false for any other.
  private func report(_ line: String) -> Bool {
    for (marker, isError) in [(":1:1: error: ", true), (":1:1: warning: ", false)] {
      guard let range = line.range(of: marker) else { continue }
      let file = String(line[..<range.lowerBound])
      let message = String(line[range.upperBound...])
      if isError {
        Diagnostics.error(message, file: file, line: 1)
      } else {
        Diagnostics.warning(message, file: file, line: 1)
      }
      return true
    }
    return false
  }

  struct Failure: Error, CustomStringConvertible {
    var status: Int32
    var description: String {
      switch status {
      case 1: "artfit: checks failed (exit 1)"
      case 2: "artfit: bad usage (exit 2)"
      case 3: "artfit: some inputs could not be read (exit 3)"
      default: "artfit exited with status \(status)"
      }
    }
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  extension ArtfitPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
      try Runner(
        tool: try context.tool(named: "artfit").url, packageDirectory: context.xcodeProject.directoryURL,
        workDirectory: context.pluginWorkDirectoryURL
      ).run(arguments)
    }
  }
#endif
