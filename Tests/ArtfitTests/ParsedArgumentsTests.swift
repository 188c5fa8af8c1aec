import Artwork
import Testing

@testable import artfit

/// The command-line parser on its own: the forms it accepts and the mistakes it names.
struct ParsedArgumentsTests {
  static let spec = CommandSpec(
    name: "demo", abstract: "A command for the tests.", usage: "artfit demo [OPTIONS]",
    options: [
      .option("--out", "DIR", "Where.", defaultValue: "out"),
      .option("--modes", "LIST", "Modes."),
      .flag("--quiet", "Quiet."),
    ])

  func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    try ParsedArguments(arguments, spec: Self.spec)
  }

  @Test func valuesComeSeparateOrAfterAnEqualsSign() throws {
    #expect(try parse(["--modes", "fit"]).value("--modes") == "fit")
    #expect(try parse(["--modes=fill"]).value("--modes") == "fill")
    #expect(try parse(["--modes=a=b"]).value("--modes") == "a=b")
  }

  @Test func theLastOfARepeatedOptionWins() throws {
    let parsed = try parse(["--modes", "fit", "--modes", "fill"])
    #expect(parsed.value("--modes") == "fill")
    #expect(parsed.values["--modes"] == ["fit", "fill"])
  }

  @Test func anAbsentOptionReadsItsDeclaredDefault() throws {
    let parsed = try parse([])
    #expect(parsed.value("--out") == "out")
    #expect(!parsed.has("--out"))
    #expect(parsed.value("--modes") == nil)
    #expect(Self.spec.help.contains("(default: out)"))
  }

  @Test func everythingAfterDoubleDashIsAnInput() throws {
    let parsed = try parse(["a.png", "--", "--quiet", "-b.png"])
    #expect(parsed.positionals == ["a.png", "--quiet", "-b.png"])
    #expect(!parsed.has("--quiet"))
  }

  @Test func anUnknownOptionIsBadUsageWithTheClosestName() {
    #expect {
      try parse(["--quiett"])
    } throws: { error in
      (error as? UsageError)?.message == "unknown option '--quiett' for 'artfit demo'; did you mean '--quiet'?"
    }
  }

  @Test func aMissingValueIsBadUsage() {
    #expect {
      try parse(["--modes"])
    } throws: { error in
      (error as? UsageError)?.message == "'--modes' needs a value: --modes LIST"
    }
  }

  @Test func anOptionWhereAValueIsDueIsBadUsageNotAValue() {
    #expect {
      try parse(["--out", "--quiet"])
    } throws: { error in
      (error as? UsageError)?.message == "'--out' needs a value: --out DIR (got the option '--quiet')"
    }
  }

  @Test func aFlagTakesNoValue() {
    #expect(throws: UsageError.self) { try parse(["--quiet=yes"]) }
  }

  /// Each command reads only options it declares (an undeclared name stops the process on
  /// a precondition): parsed here with no arguments, and with every option given.
  @Test(arguments: ArtfitCLI.commands.map { $0 as any Command.Type }.indices)
  func everyCommandAsksOnlyForDeclaredOptions(index: Int) throws {
    let type = ArtfitCLI.commands[index]
    let spec = type.spec
    _ = try? type.init(try ParsedArguments(["SampleArt"], spec: spec))
    var everything: [String] = []
    for option in spec.options {
      everything +=
        option.value == nil ? [option.name] : [option.name, option.defaultIsValue ? option.defaultText! : "x"]
    }
    _ = try? type.init(try ParsedArguments(everything, spec: spec))
  }

  /// The defaults `--help` prints are the ones a run without options gets from the library.
  @Test(arguments: [true, false])
  func noOptionsMeansTheLibrarysDefaults(previews: Bool) throws {
    let spec = previews ? RenderCommand.spec : CheckCommand.spec
    let options = try RenderArguments.parse(try ParsedArguments([], spec: spec), previews: previews)
    let library = RenderOptions(writePreviews: previews)
    #expect(options.json == library.json)
    #expect(options.outputFolder == library.outputFolder)
    #expect(options.limits.maxPixels == library.limits.maxPixels)
    #expect(options.jpegQuality == library.jpegQuality)
    #expect(options.background == library.background)
  }
}
