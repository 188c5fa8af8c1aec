import Foundation
import TestSupport
import Testing

@testable import artfit

/// `artfit completions`: the scripts, sourced in the shells they are for.
struct CompletionsTests {
  /// What bash completes for the words typed so far (the last one being completed).
  static func bashCompletes(_ words: [String]) throws -> [String] {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let script = CompletionScript.script(
      for: .bash, commands: ArtfitCLI.commands.map { $0.spec })
    let path = folder.write(Array(script.utf8), to: "artfit.bash")
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let probe = """
      source '\(path)'
      COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
      _artfit
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["--norc", "-c", probe]
    process.currentDirectoryURL = folder.url
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return text.split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesCommands() throws {
    #expect(try Self.bashCompletes(["artfit", "ren"]) == ["render"])
    #expect(try Self.bashCompletes(["artfit", "c"]) == ["check", "completions"])
  }

  @Test func bashCompletesOptionsAndTheirValues() throws {
    #expect(try Self.bashCompletes(["artfit", "render", "--modes", "f"]) == ["fit", "fill"])
    #expect(try Self.bashCompletes(["artfit", "render", "--modes", "fit,a"]) == ["fit,auto"])
    #expect(try Self.bashCompletes(["artfit", "check", "--max-c"]) == ["--max-crop-loss"])
    #expect(try Self.bashCompletes(["artfit", "render", "--kernel", "m"]) == ["mitchell"])
    #expect(try Self.bashCompletes(["artfit", "fit", "--target", "iphone-16-pro"]).contains("iphone-16-pro"))
    #expect(try Self.bashCompletes(["artfit", "completions", "f"]) == ["fish"])
  }

  /// Every option of every command is in the scripts, and every enumerated value with it.
  @Test(arguments: CompletionScript.Shell.allCases)
  func scriptsHoldEveryDeclaredOption(shell: CompletionScript.Shell) {
    let script = CompletionScript.script(for: shell, commands: ArtfitCLI.commands.map { $0.spec })
    for command in ArtfitCLI.commands.map({ $0.spec }) {
      #expect(script.contains(command.name))
      for option in command.options {
        let name = shell == .fish ? "-l \(option.name.dropFirst(2))" : option.name
        #expect(script.contains(name), "\(shell): \(command.name) \(option.name)")
        for value in option.values { #expect(script.contains(value)) }
      }
    }
  }

  @Test func theCommandPrintsTheScriptAndRefusesOtherShells() throws {
    let bash = try ArtfitRun(["completions", "bash"])
    #expect(bash.status == 0 && bash.stdout.contains("complete -o filenames -F _artfit artfit"))
    let zsh = try ArtfitRun(["completions", "zsh"])
    #expect(zsh.stdout.hasPrefix("#compdef artfit\n"))
    let other = try ArtfitRun(["completions", "tcsh"])
    #expect(other.status == 2 && other.stderr.contains("bash, zsh or fish"))
  }
}
