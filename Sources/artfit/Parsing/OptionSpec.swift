import Artwork

/// One declared option: its name, the value it takes (nil for a flag) and its help.
struct OptionSpec: Sendable {
  var name: String
  var value: String?
  var help: String
  var defaultText: String?

  static func flag(_ name: String, _ help: String) -> OptionSpec {
    OptionSpec(name: name, value: nil, help: help, defaultText: nil)
  }

  static func option(
    _ name: String, _ value: String, _ help: String, default defaultText: String? = nil
  ) -> OptionSpec {
    OptionSpec(name: name, value: value, help: help, defaultText: defaultText)
  }
}

/// A command declared as data: its help and its parsing both come from this.
struct CommandSpec: Sendable {
  var name: String
  var abstract: String
  var usage: String
  var options: [OptionSpec]
  var discussion: String = ""

  /// The help text, generated from the declarations.
  var help: String {
    var text = "\(abstract)\n\nUsage: \(usage)\n"
    let labels = options.map { option in option.value.map { "\(option.name) \($0)" } ?? option.name }
    let width = min(28, max(14, (labels.map(\.count).max() ?? 0) + 4))
    text += "\nOptions:\n"
    for (option, label) in zip(options, labels) {
      var line = "  " + label
      line += label.count + 4 <= width ? String(repeating: " ", count: width - label.count - 2) : "  "
      line += option.help
      if let value = option.defaultText { line += " (default: \(value))" }
      text += line + "\n"
    }
    text += "  -h, --help" + String(repeating: " ", count: width - 12) + "Show this help.\n"
    if !discussion.isEmpty { text += "\n" + discussion + "\n" }
    return text
  }
}

/// Options and arguments as given, checked against a CommandSpec.
struct ParsedArguments: Sendable {
  var values: [String: [String]] = [:]
  var flags: Set<String> = []
  var positionals: [String] = []
  var wantsHelp = false

  /// The last value given for `name`.
  func value(_ name: String) -> String? { values[name]?.last }
  func has(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }

  init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      if argument == "-h" || argument == "--help" {
        wantsHelp = true
        continue
      }
      var name = argument
      var inline: String? = nil
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      guard let option = spec.options.first(where: { $0.name == name }) else {
        let hint = closestName(to: name, among: spec.options.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
        throw UsageError("unknown option '\(name)' for 'artfit \(spec.name)'\(hint)", command: spec.name)
      }
      guard let valueName = option.value else {
        if inline != nil { throw UsageError("'\(name)' takes no value", command: spec.name) }
        flags.insert(name)
        continue
      }
      if let inline {
        values[name, default: []].append(inline)
      } else {
        guard index < arguments.count else {
          throw UsageError("'\(name)' needs a value: \(name) \(valueName)", command: spec.name)
        }
        values[name, default: []].append(arguments[index])
        index += 1
      }
    }
  }
}

/// Bad usage: printed with a pointer to the help; exit status 2.
struct UsageError: Error, CustomStringConvertible {
  var message: String
  var command: String?

  init(_ message: String, command: String? = nil) {
    self.message = message
    self.command = command
  }

  var description: String { message }
}

/// The process exit statuses of the contract.
enum ExitStatus: Int32 {
  /// Everything rendered and every check passed.
  case success = 0
  /// A check failed (--max-crop-loss, --require-focus, manifest limits).
  case checkFailed = 1
  /// Bad usage: unknown option, bad value, unknown target.
  case usage = 2
  /// Some inputs could not be read or decoded (the others were still processed).
  case inputErrors = 3
  /// The output folder could take no more (disk full, read-only, quota); the run stopped.
  case outputUnavailable = 4
}

/// The candidate within three edits of `name`, if any (the closest).
func closestName(to name: String, among candidates: [String]) -> String? {
  var best: String? = nil
  var bestDistance = 4
  for candidate in candidates {
    let distance = editDistance(candidate, name)
    if distance < bestDistance {
      best = candidate
      bestDistance = distance
    }
  }
  return best
}
