/// Shell completion scripts generated from the commands' declarations, the same ones `--help`
/// prints, so the two cannot drift: commands, each command's options, and the values of
/// enumerated options (the last item of a comma-separated list in bash and zsh).
enum CompletionScript {
  enum Shell: String, CaseIterable {
    case bash
    case zsh
    case fish
  }

  static func script(for shell: Shell, commands: [CommandSpec]) -> String {
    switch shell {
    case .bash: bash(commands)
    case .zsh: "#compdef artfit\nautoload -U +X bashcompinit && bashcompinit\n" + bash(commands)
    case .fish: fish(commands)
    }
  }

  /// A `complete -F` function: the command word, then options, their values or paths.
  static func bash(_ commands: [CommandSpec]) -> String {
    var text = """
      # artfit completion for bash (and zsh through bashcompinit), from `artfit completions`.
      _artfit_values() {
        local current="$1" head=""
        shift
        if [[ "$current" == *,* ]]; then
          head="${current%,*},"
          current="${current##*,}"
        fi
        local IFS=$'\\n'
        COMPREPLY=($(compgen -P "$head" -W "$*" -- "$current"))
      }

      _artfit() {
        local current="${COMP_WORDS[COMP_CWORD]}" previous="${COMP_WORDS[COMP_CWORD-1]}"
        if [[ $COMP_CWORD -eq 1 ]]; then
          COMPREPLY=($(compgen -W "\(words(commands.map(\.name) + ["help"]))" -- "$current"))
          return
        fi
        case "${COMP_WORDS[1]}" in

      """
    for command in commands {
      text += "    \(command.name))\n      case \"$previous\" in\n"
      for option in command.options where option.value != nil {
        if !option.values.isEmpty {
          text += "        \(option.name)) _artfit_values \"$current\" \(words(option.values)); return ;;\n"
        } else if option.takesPath {
          text += "        \(option.name)) COMPREPLY=($(compgen -f -- \"$current\")); return ;;\n"
        } else {
          text += "        \(option.name)) return ;;\n"
        }
      }
      let names = command.options.map(\.name) + ["--help"]
      text += "      esac\n"
      text += "      if [[ \"$current\" == -* ]]; then\n"
      text += "        COMPREPLY=($(compgen -W \"\(words(names))\" -- \"$current\"))\n"
      let inputs =
        command.inputValues.isEmpty
        ? "COMPREPLY=($(compgen -f -- \"$current\"))"
        : "COMPREPLY=($(compgen -W \"\(words(command.inputValues))\" -- \"$current\"))"
      text += "      else\n        \(inputs)\n      fi\n      ;;\n"
    }
    text += "    help) COMPREPLY=($(compgen -W \"\(words(commands.map(\.name)))\" -- \"$current\")) ;;\n"
    text += "  esac\n}\n\ncomplete -o filenames -F _artfit artfit\n"
    return text
  }

  /// `complete -c artfit` lines: commands with their abstracts, options with their help and
  /// values.
  static func fish(_ commands: [CommandSpec]) -> String {
    var text = "# artfit completion for fish, from `artfit completions fish`.\ncomplete -c artfit -f\n"
    let names = words(commands.map(\.name) + ["help"])
    for command in commands {
      text +=
        "complete -c artfit -n \"not __fish_seen_subcommand_from \(names)\" -a \(command.name) -d \(quoted(command.abstract))\n"
    }
    for command in commands where !command.inputValues.isEmpty {
      text +=
        "complete -c artfit -n \"__fish_seen_subcommand_from \(command.name)\" -a \(quoted(words(command.inputValues)))\n"
    }
    for command in commands {
      for option in command.options {
        var line =
          "complete -c artfit -n \"__fish_seen_subcommand_from \(command.name)\" -l \(option.name.dropFirst(2)) -d \(quoted(option.help))"
        if !option.values.isEmpty {
          line += " -x -a \(quoted(words(option.values)))"
        } else if option.takesPath {
          line += " -r -F"
        } else if option.value != nil {
          line += " -x"
        }
        text += line + "\n"
      }
    }
    return text
  }

  private static func words(_ items: [String]) -> String { items.joined(separator: " ") }

  /// Single-quoted for fish: backslashes and quotes escaped.
  private static func quoted(_ text: String) -> String {
    "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
  }
}
