import Artwork

/// One declared option: its name, the value it takes (nil for a flag) and its help.
struct OptionSpec: Sendable {
  var name: String
  var value: String?
  var help: String
  /// The default as `--help` shows it; when `defaultIsValue`, it is also the value the
  /// command reads when the option is not given, so help and behaviour cannot differ.
  var defaultText: String?
  var defaultIsValue = false
  /// The values a shell completes for it (modes, kernels, device slugs, …); empty for free text.
  var values: [String] = []

  static func flag(_ name: String, _ help: String) -> OptionSpec {
    OptionSpec(name: name, value: nil, help: help, defaultText: nil)
  }

  /// An option whose default is described in words (`native`, `all cores`).
  static func option(
    _ name: String, _ value: String, _ help: String, default defaultText: String? = nil
  ) -> OptionSpec {
    OptionSpec(name: name, value: value, help: help, defaultText: defaultText)
  }

  /// This option with `values` for shell completion.
  func completing(_ values: [String]) -> OptionSpec {
    var option = self
    option.values = values
    return option
  }

  /// Whether its value names a file or folder (the shell completes paths).
  var takesPath: Bool { ["DIR", "FILE", "DIR ..."].contains(value ?? "") }

  /// An option whose default is a value it could be given: `ParsedArguments.value` returns
  /// it when the option is absent.
  static func option(_ name: String, _ value: String, _ help: String, defaultValue: String) -> OptionSpec {
    OptionSpec(name: name, value: value, help: help, defaultText: defaultValue, defaultIsValue: true)
  }
}

/// A command declared as data: its help and its parsing both come from this.
struct CommandSpec: Sendable {
  var name: String
  var abstract: String
  var usage: String
  var options: [OptionSpec]
  var discussion: String = ""
  /// What a shell completes for the inputs: these words, or paths when empty.
  var inputValues: [String] = []

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
  /// The command's declared options; asking for any other name is a programming error.
  let declared: [String: OptionSpec]

  /// The last value given for `name`, else its declared default value.
  func value(_ name: String) -> String? {
    let option = declaration(name)
    precondition(option.value != nil, "\(name) is a flag; ask has(_:)")
    return values[name]?.last ?? (option.defaultIsValue ? option.defaultText : nil)
  }

  /// Every value given for `name`, in order (a repeatable option).
  func all(_ name: String) -> [String] {
    _ = declaration(name)
    return values[name] ?? []
  }

  /// Whether `name` was given.
  func has(_ name: String) -> Bool {
    _ = declaration(name)
    return flags.contains(name) || values[name] != nil
  }

  private func declaration(_ name: String) -> OptionSpec {
    guard let option = declared[name] else { preconditionFailure("\(name) is not a declared option") }
    return option
  }

  init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
    declared = Dictionary(spec.options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
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
        // An option where the value is due means the value was forgotten (`--out --quiet`).
        guard index < arguments.count, !arguments[index].hasPrefix("--") else {
          let found = index < arguments.count ? " (got the option '\(arguments[index])')" : ""
          throw UsageError("'\(name)' needs a value: \(name) \(valueName)\(found)", command: spec.name)
        }
        values[name, default: []].append(arguments[index])
        index += 1
      }
    }
  }
}

/// The candidate within three edits of `name`, if any (the closest).
func closestName(to name: String, among candidates: [String]) -> String? {
  var best: String? = nil
  var bestDistance = 4
  for candidate in candidates {
    let distance = Catalog.editDistance(candidate, name)
    if distance < bestDistance {
      best = candidate
      bestDistance = distance
    }
  }
  return best
}
