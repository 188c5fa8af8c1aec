import Artwork

/// Routes the command line to a subcommand and turns failures into exit statuses.
enum ArtfitCLI {
  nonisolated(unsafe) static let commands: [any Command.Type] = [
    RenderCommand.self, CheckCommand.self, DevicesCommand.self, FitCommand.self, TemplateCommand.self,
    AssetsCommand.self,
    MergeReportsCommand.self, CompletionsCommand.self,
  ]

  static var overview: String {
    var text = """
      artfit: how artwork lands on every Apple screen and video aspect ratio.

      Usage: artfit COMMAND [OPTIONS]

      Commands:

      """
    for command in commands {
      let name = command.spec.name
      text += "  " + name + String(repeating: " ", count: max(2, 15 - name.count)) + command.spec.abstract + "\n"
    }
    text += """

      Run 'artfit help COMMAND' (or 'artfit COMMAND --help') for a command's options.
      \(ExitStatus.helpLine())
      """
    return text
  }

  static func run(_ arguments: [String]) -> ExitStatus {
    guard let first = arguments.first else {
      printError(overview)
      return .usage
    }
    switch first {
    case "-h", "--help":
      printOut(overview)
      return .success
    case "--version", "version":
      printOut(ArtfitVersion.generator)
      return .success
    case "help":
      guard arguments.count > 1 else {
        printOut(overview)
        return .success
      }
      guard let command = command(named: arguments[1]) else { return unknownCommand(arguments[1]) }
      printOut(command.spec.help)
      return .success
    default:
      guard let command = command(named: first) else { return unknownCommand(first) }
      return run(command, Array(arguments.dropFirst()))
    }
  }

  static func command(named name: String) -> (any Command.Type)? {
    commands.first { $0.spec.name == name }
  }

  static func run(_ type: any Command.Type, _ arguments: [String]) -> ExitStatus {
    let spec = type.spec
    do {
      let parsed = try ParsedArguments(arguments, spec: spec)
      if parsed.wantsHelp {
        printOut(spec.help)
        return .success
      }
      let command = try type.init(parsed)
      return try command.run()
    } catch let error as UsageError {
      printError("artfit \(spec.name): \(error.message)\nUsage: \(spec.usage)\nSee 'artfit help \(spec.name)'.")
      return .usage
    } catch {
      printError("artfit \(spec.name): \(error)")
      return .inputErrors
    }
  }

  static func unknownCommand(_ name: String) -> ExitStatus {
    let names = commands.map { $0.spec.name }
    let hint = closestName(to: name, among: names).map { " Did you mean '\($0)'?" } ?? ""
    printError(
      "artfit: unknown command '\(name)'.\(hint) Commands: \(names.joined(separator: ", ")); see 'artfit --help'.")
    return .usage
  }
}
