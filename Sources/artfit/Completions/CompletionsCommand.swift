import Artwork

/// `artfit completions bash|zsh|fish`: a completion script for the shell.
struct CompletionsCommand: Command {
  static let spec = CommandSpec(
    name: "completions",
    abstract: "Print a shell completion script for bash, zsh or fish.",
    usage: "artfit completions bash|zsh|fish",
    options: [],
    discussion: """
      bash: artfit completions bash > ~/.local/share/bash-completion/completions/artfit
      zsh:  add 'source <(artfit completions zsh)' to ~/.zshrc, after compinit
      fish: artfit completions fish > ~/.config/fish/completions/artfit.fish
      The scripts complete commands, options, and the values of modes, orientations, gravities,
      kernels, formats, overlays, families and device slugs, from the same declarations as --help.
      """,
    inputValues: CompletionScript.Shell.allCases.map(\.rawValue))

  let shell: CompletionScript.Shell

  init(_ arguments: ParsedArguments) throws(UsageError) {
    guard arguments.positionals.count == 1, let shell = CompletionScript.Shell(rawValue: arguments.positionals[0])
    else {
      throw UsageError("name one shell: bash, zsh or fish")
    }
    self.shell = shell
  }

  func run() throws -> ExitStatus {
    printOut(CompletionScript.script(for: shell, commands: ArtfitCLI.commands.map { $0.spec }))
    return .success
  }
}
