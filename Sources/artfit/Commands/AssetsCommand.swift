import Artwork
import ArtworkGeometry
import Foundation

/// `artfit assets`: an Xcode asset catalog from master artwork.
struct AssetsCommand: Command {
  static let spec = CommandSpec(
    name: "assets",
    abstract: "Write an Xcode asset catalog: an image set with @1x/@2x/@3x PNGs and Contents.json per artwork.",
    usage: "artfit assets INPUT ... --out NAME.xcassets [--points WxH] [OPTIONS]",
    options: [
      .option(
        "--out", "DIR", "The asset catalog to write (a folder ending in .xcassets).", defaultValue: "Assets.xcassets"),
      .option(
        "--points", "WxH", "The image's size in points; each scale gets points × scale pixels.",
        default: "the artwork's pixels / 3 (masters at @3x)"),
      .option(
        "--idioms", "LIST", "universal (1x, 2x, 3x), or iphone (2x, 3x) and ipad (1x, 2x) images.", default: "universal"
      ).completing(AssetCatalog.Idiom.allCases.map(\.rawValue)),
      .option(
        "--mode", "M", "fill: crop to the points' aspect; fit: scale the whole artwork into the box.", default: "fill"
      ).completing(["fill", "fit"]),
      .option(
        "--gravity", "G", "Where a fill crop sits: center, top, ..., focus.", default: "focus with --focus, else center"
      ).completing(Gravity.allCases.map(\.rawValue)),
      .option("--focus", "X,Y,W,H", "The important region, as fractions 0...1 of the source."),
      .option("--kernel", "K", "lanczos3, mitchell, catmull-rom, bilinear, box", default: "lanczos3").completing(
        ResampleKernel.allCases.map(\.rawValue)),
      RenderArguments.profileOption,
      RenderArguments.intentOption,
      .option(
        "--png-level", "N", "PNG effort 0...9 (as render's): 1 fastest, 9 smallest; files that ship in the app.",
        default: "8"),
      .option("--jobs", "N", "Worker threads.", default: "cores"),
    ] + LimitArguments.options + [
      .flag(
        "--rasterize-vectors",
        "SVG and PDF as @1x/@2x/@3x PNGs drawn at each scale, instead of the file itself with Preserve Vector Data."),
      .flag("--no-cache", "Write every image set, even those unchanged since the last run into --out."),
      .flag(
        "--take-over",
        "Replace image sets of the same name that artfit did not make (drawn in Xcode or by hand); without it, such a set is an error and is left as it is."
      ),
      RenderArguments.excludeOption,
      RenderArguments.followSymlinksOption,
      .option(
        "--catalog", "FILE",
        "A catalog of your own devices, checked as render checks it; image sets take their sizes from --points and --idioms, not from devices."
      ),
      .flag("--quiet", "No summary; errors still go to stderr."),
      FolderLock.noWaitOption,
    ],
    discussion: """
      INPUT is a file or a folder (searched like render's); folders below it become groups in the
      catalog. Writes NAME.xcassets/Contents.json and, per artwork, NAME.imageset/ with its PNGs and
      Contents.json (Apple's format: images with idiom, scale and filename; info with author and
      version). An SVG or PDF goes in as the file itself, one universal image with
      preserves-vector-representation, which Xcode draws at every scale; its size in points is
      its intrinsic size.
      \(ExitStatus.helpLine([.success, .usage, .inputErrors, .outputUnavailable]))
      """)

  let inputs: [String]
  let output: String
  let takeOver: Bool
  let catalog: AssetCatalog
  let jobs: Int
  let quiet: Bool
  let reuse: Bool
  let waitForLock: Bool
  let followSymlinks: Bool
  let excludes: [String]

  init(_ arguments: ParsedArguments) throws(UsageError) {
    // The same contract as the other commands: a bad catalog stops the run before anything.
    _ = try RenderArguments.userCatalog(arguments)
    inputs = arguments.positionals.isEmpty ? ["."] : arguments.positionals
    output = arguments.value("--out")!
    guard output.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "/")).hasSuffix(".xcassets") else {
      throw UsageError(
        "--out must name a folder ending in .xcassets, which Xcode opens as an asset catalog (got '\(output)')")
    }
    if let refusal = InputOverlap.of(RenderOptions(inputs: inputs, outputFolder: output)).refusal {
      throw UsageError("--out \(output): \(refusal)")
    }
    var catalog = try Self.catalog(arguments)
    jobs =
      try arguments.value("--jobs").map { text throws(UsageError) in
        try ValueParsers.integer(text, option: "--jobs", range: 1...256)
      }
      ?? ResampleOptions.defaultThreads
    catalog.rasterizeVectors = arguments.has("--rasterize-vectors")
    quiet = arguments.has("--quiet")
    reuse = !arguments.has("--no-cache")
    waitForLock = !arguments.has("--no-wait")
    takeOver = arguments.has("--take-over")
    followSymlinks = arguments.has("--follow-symlinks")
    excludes = arguments.all("--exclude")
    self.catalog = catalog
  }

  /// The image sets' settings the options give: sizes, idioms, crop, resampling, colour.
  private static func catalog(_ arguments: ParsedArguments) throws(UsageError) -> AssetCatalog {
    var catalog = AssetCatalog()
    if let text = arguments.value("--idioms") { catalog.idioms = try idioms(text) }
    catalog.limits = try LimitArguments.limits(arguments)
    catalog.points = try arguments.value("--points").map { text throws(UsageError) in
      try ValueParsers.pointSize(
        text, option: "--points", scale: Double(catalog.idioms.flatMap(\.scales).max() ?? 3),
        maxPixels: catalog.limits.maxPixels)
    }
    if let mode = try arguments.parsed("--mode", FitMode.parse) {
      guard mode != .auto else { throw UsageError("--mode takes fill or fit (got 'auto')") }
      catalog.mode = mode
    }
    catalog.focus = try arguments.parsed("--focus") { text throws(ValueError) in
      try FocusRegion.parse(text, origin: .option)
    }
    if let gravity = try arguments.parsed("--gravity", Gravity.parse) {
      catalog.gravity = gravity
    } else if catalog.focus != nil {
      catalog.gravity = .focus
    }
    catalog.kernel = try arguments.parsed("--kernel", ResampleKernel.parse) ?? catalog.kernel
    catalog.profile = try arguments.parsed("--profile", OutputProfile.parse)!
    catalog.intent = try arguments.parsed("--intent", RenderingIntent.parse)!
    if let text = arguments.value("--png-level") {
      catalog.pngEffort = try PNGEffort(
        rawValue: ValueParsers.integer(text, option: "--png-level", range: PNGEffort.range))!
    }
    return catalog
  }

  /// `--idioms`: each named once, in the order given.
  private static func idioms(_ text: String) throws(UsageError) -> [AssetCatalog.Idiom] {
    var idioms: [AssetCatalog.Idiom] = []
    for item in ValueText.list(text) {
      guard let idiom = AssetCatalog.Idiom(rawValue: item.lowercased()) else {
        throw UsageError("--idioms: unknown idiom '\(item)'; idioms are universal, iphone, ipad")
      }
      if !idioms.contains(idiom) { idioms.append(idiom) }
    }
    guard !idioms.isEmpty else { throw UsageError("--idioms names no idiom") }
    return idioms
  }

  func run() throws -> ExitStatus {
    Interruption.install(keeping: "image sets")
    let lock = try FolderLock.take(output, wait: waitForLock, quiet: quiet)
    defer { lock?.release() }
    let found = InputDiscovery.find(inputs, excluding: output, excludes: excludes, followSymlinks: followSymlinks)
    let files = Array(found.files)
    do throws(AssetCatalogClaims.Conflict) {
      try AssetCatalogClaims.check(files, in: output, takingOver: takeOver)
    } catch {
      let remedy = error.isForeignSet ? "; --take-over replaces it" : ""
      printError("artfit assets: \(TerminalText.message(error.description, about: output))\(remedy)")
      return .usage
    }
    do {
      _ = try AssetCatalog.writeFolderContents(at: output + "/Contents.json")
    } catch {
      printError("artfit: \(error.description)")
      return .outputUnavailable
    }
    let outcomes = catalog.write(files, into: output, jobs: jobs, reuse: reuse)
    var errors = found.errors
    var images = 0
    var sets = 0
    var kept = 0
    for (file, outcome) in zip(files, outcomes) {
      switch outcome {
      case .success(let outcome):
        sets += 1
        if outcome.kept { kept += 1 } else { images += outcome.entries.count }
      case .failure(let failure) where failure.stopsBatch:
        printError("artfit: \(failure.description)")
        return .outputUnavailable
      case .failure(let error): errors.append(InputError(source: file.path, message: error.message))
      }
    }
    for error in errors {
      printError(
        "artfit: \(TerminalText.path(error.source)): \(TerminalText.message(error.message, about: error.source))")
    }
    for file in found.skipped {
      printError(
        "artfit: skipped \(TerminalText.path(file.source)): \(TerminalText.message(file.reason, about: file.source))")
    }
    if !quiet {
      printOut(
        "\(sets) image set\(sets == 1 ? "" : "s"), \(images) images written to \(output)\(kept > 0 ? " (\(kept) unchanged set\(kept == 1 ? "" : "s") kept)" : "")"
      )
    }
    return errors.isEmpty ? .success : .inputErrors
  }
}
