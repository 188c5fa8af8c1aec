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
  /// a precondition): read here with an input and no options, then with each option alone
  /// (its default, its first completion or "x" as its value). The parse records each option as given, and
  /// the command either takes it or refuses it with a usage error naming an option or the value.
  @Test(arguments: ArtfitCLI.commands.map { $0 as any Command.Type }.indices)
  func everyCommandAsksOnlyForDeclaredOptions(index: Int) throws {
    let type = ArtfitCLI.commands[index]
    let spec = type.spec
    do {
      _ = try type.init(try ParsedArguments(["SampleArt"], spec: spec))
    } catch {
      #expect(!error.message.isEmpty, "\(spec.name) without options")
    }
    for option in spec.options {
      let value = option.defaultIsValue ? option.defaultText! : option.values.first ?? "x"
      let given = option.value == nil ? [option.name] : [option.name, value]
      // Commands that take inputs get one, so it is the option that is judged.
      let inputs = spec.usage.contains(" ...") ? ["SampleArt"] : []
      let parsed = try ParsedArguments(inputs + given, spec: spec)
      #expect(parsed.has(option.name), "\(spec.name) \(option.name)")
      if option.value != nil { #expect(parsed.value(option.name) == value, "\(spec.name) \(option.name)") }
      do {
        _ = try type.init(parsed)
      } catch {
        // Refused, the error names what it refused (the value given) or the option at fault (this
        // one, or one the command needs beside it).
        let namesAnOption = spec.options.contains { error.message.contains($0.name) }
        #expect(namesAnOption || error.message.contains(value), "\(spec.name) \(option.name): \(error)")
      }
    }
  }

  /// The defaults `--help` prints are the ones a run without options gets from the library.
  @Test(arguments: [true, false])
  func noOptionsMeansTheLibrarysDefaults(previews: Bool) throws {
    let spec = previews ? RenderCommand.spec : CheckCommand.spec
    let options = try RenderArguments.parse(try ParsedArguments([], spec: spec), previews: previews)
    let library = RenderOptions(writePreviews: previews)
    #expect(options.json == library.json)
    #expect(options.running.outputFolder == library.running.outputFolder)
    #expect(options.reading.limits.maxPixels == library.reading.limits.maxPixels)
    #expect(options.writing.jpegQuality == library.writing.jpegQuality)
    #expect(options.drawing.background == library.drawing.background)
  }
}
