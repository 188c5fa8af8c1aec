import Artwork
import ArtworkGeometry
import Foundation

/// The options `render` and `check` share, declared once.
enum RenderArguments {
  /// The library's defaults: the declared defaults below are written from them, so `--help`
  /// says what a run without the option does.
  private static let defaults = RenderOptions()

  static let sharedOptions: [OptionSpec] =
    [
      .option("--out", "DIR", "Where previews and reports go.", defaultValue: defaults.running.outputFolder),
      reportsOption(default: ReportFile.forReview),
      .option(
        "--targets", "LIST",
        "Families (\(TargetSelection.familyNames)), device names or slugs, or canvases WxH@S.",
        default: Family.inDefaultRun.map(\.rawValue).joined(separator: ",")
      ).completing(Completion.targets),
      .option(
        "--orientations", "LIST", "portrait, landscape, landscape-right",
        defaultValue: defaults.solving.orientations.map(\.rawValue).joined(separator: ",")
      ).completing(ScreenOrientation.allCases.map(\.rawValue)),
      .option(
        "--modes", "LIST", "fit, fill, auto (Apple's video gravity rule)",
        defaultValue: defaults.solving.modes.map(\.rawValue).joined(separator: ",")
      ).completing(FitMode.allCases.map(\.rawValue)),
      .option("--scales", "LIST", "native, or scale factors such as 2,3", default: "native").completing([
        "native", "1", "2", "3",
      ]),
      .option(
        "--gravity", "G", "center, top, bottom, left, right, top-left, top-right, bottom-left, bottom-right, focus",
        default: "focus with a focus region, else center"
      ).completing(Gravity.allCases.map(\.rawValue)),
      .option("--focus", "X,Y,W,H", "The important region, as fractions 0...1 of the source."),
      .option("--max-crop-loss", "P", "Fail a target whose crop loss exceeds P (25% or 0.25)."),
      .flag("--require-focus", "Fail a target whose focus region is not wholly inside the visible safe area."),
      .option(
        "--window-min", "WxH",
        "Your app's smallest window in points (its minimumSize): windows of a resizable screen narrower or shorter go unchecked.",
        default: "the system's smallest"),
      .option(
        "--window-max", "WxH", "Your app's largest window in points (its maximumSize).", default: "the whole screen"),
      .flag(
        "--auto-focus",
        "Find the important region from the pixels (edges, rare colours, skin tones) when none is given."),
      .flag(
        "--trim-bars",
        "Find letterbox/pillarbox bars baked into the artwork and solve every target on the content inside them."),
      .option(
        "--manifest", "FILE", "Per-artwork settings (artfit.json).",
        default: "artfit.json in the input folder, if present"),
      catalogOption,
      .option("--jobs", "N", "Worker threads.", default: "cores"),
    ] + LimitArguments.options + [
      .option(
        "--shard", "I/N",
        "Process only the I-th of N deterministic slices of the inputs (1-based, for CI matrices); merge-reports joins them. 'auto' reads the slice from the CI system's variables (GitLab, CircleCI, Buildkite, Bazel, Kubernetes with --shard-count).",
        default: "all"
      ).completing(["auto"]),
      .option(
        "--shard-index", "I",
        "The same slice counted from 0 (with --shard-count N), as a Kubernetes Indexed Job's JOB_COMPLETION_INDEX is."),
      .option(
        "--shard-count", "N",
        "How many slices --shard-index counts; with --shard auto, the count a CI system gives no variable for (Kubernetes)."
      ),
      Diagnostics.option,
      FolderLock.noWaitOption,
      .option(
        "--baseline", "FILE",
        "An earlier run's report.json: the failures it already had, no worse, do not fail this run."
      ),
      excludeOption,
      followSymlinksOption,
      .flag("--allow-empty", "Exit 0 when the inputs hold no artwork (otherwise that is bad usage, exit 2)."),
      .flag("--json", "Print the report JSON to stdout instead of the summary."),
      .flag("--quiet", "No progress, no summary; errors still go to stderr."),
    ]

  /// `--catalog`, shared with `fit`, `template` and `devices`.
  static let catalogOption = OptionSpec.option(
    "--catalog", "FILE",
    "Devices of your own beside the built-in ones: {\"targets\": [...]} in the schema 'artfit devices --json' prints (render and check also take a manifest's \"catalog\")."
  )

  /// The catalog named by --catalog, checked whole; nil without one.
  static func userCatalog(_ arguments: ParsedArguments) throws(UsageError) -> UserCatalog? {
    guard let path = arguments.value("--catalog") else { return nil }
    do {
      return try UserCatalog.load(path)
    } catch {
      throw UsageError("--catalog: the catalog cannot be used:\n\(error.description)")
    }
  }

  /// `--follow-symlinks`, shared with `assets`.
  static let followSymlinksOption = OptionSpec.flag(
    "--follow-symlinks",
    "Follow symbolic links that lead out of the input folder (otherwise they are listed as skipped).")

  /// `--exclude`, shared with `assets`.
  static let excludeOption = OptionSpec.option(
    "--exclude", "GLOB",
    "Leave out files and folders matching GLOB (* ? **), below the input folder or by name; repeatable.")

  static let renderOptions: [OptionSpec] = [
    .option(
      "--overlays", "LIST", "safe-area, corners, sensor, home-indicator, status-bar, focus, or none", default: "all"
    ).completing(Overlay.allCases.map(\.rawValue) + ["none"]),
    .option(
      "--background", "COLOR",
      "Letterbox and pillarbox bars, and what transparent art sits on: #rrggbb, black, white, gray",
      defaultValue: ["black", "white", "gray"].first { RGB(parsing: $0) == defaults.drawing.background }
        ?? defaults.drawing.background.description
    ).completing(["black", "white", "gray"]),
    .option("--format", "png|jpeg", "Preview format.", defaultValue: defaults.writing.format.rawValue).completing(
      RenderOptions.PreviewFormat.allCases.map(\.rawValue)),
    .option(
      "--png-level", "N",
      "PNG effort 0...9: 0 stores, 1 fastest (runs and Huffman codes), 2...9 libdeflate, each smaller and slower; 9 smallest.",
      defaultValue: String(defaults.writing.pngEffort.rawValue)),
    .option("--quality", "N", "JPEG quality 1...100.", defaultValue: String(defaults.writing.jpegQuality)),
    .option(
      "--kernel", "K", ResampleKernel.allCases.map(\.rawValue).joined(separator: ", "),
      defaultValue: defaults.drawing.kernel.rawValue
    ).completing(ResampleKernel.allCases.map(\.rawValue)),
    .flag("--linear", "Resample in linear light (gamma-correct) instead of the encoded values."),
    .option(
      "--appearance", "A",
      "default, or tinted: previews as their luminance in gray, as a Home Screen shows an app icon tinted",
      defaultValue: defaults.drawing.appearance.rawValue
    ).completing(Appearance.allCases.map(\.rawValue)),
    profileOption,
    intentOption,
    .flag("--no-cache", "Render every artwork, even those unchanged since the last render into --out."),
  ]

  /// `--profile`, shared with `assets`.
  static let profileOption = OptionSpec.option(
    "--profile", "P",
    "Profile of written files: keep (the artwork's RGB profile), srgb, or display-p3 (pixels converted).",
    defaultValue: OutputProfile.keep.rawValue
  ).completing(OutputProfile.allCases.map(\.rawValue))

  /// `--intent`, shared with `assets`.
  static let intentOption = OptionSpec.option(
    "--intent", "I",
    "Rendering intent of profile conversions: relative (with black-point compensation), perceptual, saturation, absolute.",
    defaultValue: RenderingIntent.relative.rawValue
  ).completing(RenderingIntent.allCases.map(\.rawValue))

  /// The report named by --baseline, or nil.
  static func baseline(_ arguments: ParsedArguments) throws(UsageError) -> Baseline? {
    guard let path = arguments.value("--baseline") else { return nil }
    do {
      return try Baseline.load(path)
    } catch {
      throw UsageError("--baseline \(path) is not a report artfit can read: \(error.message)")
    }
  }

  /// The manifest named by --manifest, or artfit.json in the first input folder that has one;
  /// its targets are looked up in `catalog` (the command line's) or the one it names.
  static func manifest(_ named: String?, inputs: [String], catalog: UserCatalog?) throws(UsageError) -> Manifest? {
    var path = named
    if path == nil {
      for input in inputs {
        var isDirectory: ObjCBool = false
        let candidate = (input as NSString).appendingPathComponent("artfit.json")
        if FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), isDirectory.boolValue,
          FileManager.default.fileExists(atPath: candidate)
        {
          path = candidate
          break
        }
      }
    }
    guard let path else { return nil }
    do {
      return try Manifest.load(path, catalog: catalog)
    } catch {
      throw UsageError("manifest \(error.description)")
    }
  }

  /// `--reports`, with a command's default (a review's for render, a build's for check).
  static func reportsOption(default files: Set<ReportFile>) -> OptionSpec {
    .option(
      "--reports", "LIST",
      "Report files to write: json, jsonl, csv, junit, html (the contact sheet); report.json is always written.",
      defaultValue: ReportFile.listed(files).map(\.rawValue).joined(separator: ",")
    ).completing(ReportFile.allCases.map(\.rawValue))
  }

  /// Options that say one thing once: given twice with different values, which one was
  /// meant is a guess, so it is bad usage.
  static let singleOptions = [
    "--out", "--shard", "--shard-index", "--shard-count", "--manifest", "--catalog", "--baseline",
  ]

  /// Reads the shared options (and, for render, the preview options) into RenderOptions.
  static func parse(_ arguments: ParsedArguments, previews: Bool) throws(UsageError) -> RenderOptions {
    for name in singleOptions where Set(arguments.all(name)).count > 1 {
      throw UsageError(
        "\(name) is given twice with different values (\(arguments.all(name).joined(separator: ", "))); give it once")
    }
    var options = RenderOptions(writePreviews: previews)
    try readInputsAndOutput(arguments, into: &options)
    try readCatalogAndManifest(arguments, into: &options)
    try readSelection(arguments, into: &options)
    try readScales(arguments, into: &options)
    try readPlacement(arguments, into: &options)
    try readChecks(arguments, into: &options)
    try readAppWindows(arguments, into: &options)
    try readRunSettings(arguments, into: &options)
    if previews { try readPreviewSettings(arguments, into: &options) }
    if previews || !arguments.has("--json") { try refuseOverlap(options) }
    try refuseHugeCanvases(options)
    try refuseFractionalWindowScales(options)
    return options
  }

  /// A screen whose windows resize is solved at whole scales of 1 to 3 (every window then a
  /// whole-pixel canvas); a `--scales` factor outside them is bad usage, said before the run.
  private static func refuseFractionalWindowScales(_ options: RenderOptions) throws(UsageError) {
    guard case .factors(let factors) = options.solving.scales,
      let odd = factors.first(where: { ![1.0, 2, 3].contains($0) })
    else { return }
    let targets = everyTarget(options)
    guard let windows = targets.first(where: { $0.smallestWindow != nil }) else { return }
    throw UsageError(
      "--scales \(Screen.scaleText(odd)): \(windows.name) stands for every window of its screen, solved at scales 1, 2 and 3 only; give those scales, or leave out the family \(windows.family.rawValue) from --targets"
    )
  }

  /// The targets a run may solve: `--targets`, and every target its manifest names.
  private static func everyTarget(_ options: RenderOptions) -> [Target] {
    guard let manifest = options.selection.manifest else { return options.solving.targets }
    return options.solving.targets
      + ([manifest.defaults] + manifest.artworks.map(\.settings)).flatMap { $0.targets ?? [] }
  }

  /// A canvas larger than `--max-pixels` (a `--targets WxH@S`, a user catalog's device, at
  /// the scales asked for) is bad usage, said before any memory is spent on it.
  private static func refuseHugeCanvases(_ options: RenderOptions) throws(UsageError) {
    let targets = everyTarget(options)
    let limit = options.reading.limits.maxPixels
    for target in targets {
      let scale: Double
      switch options.solving.scales {
      case .native: scale = target.scale
      case .factors(let factors): scale = factors.max() ?? target.scale
      }
      let (width, height) = (target.points.width * scale, target.points.height * scale)
      guard width * height > Double(limit) else { continue }
      throw UsageError(
        "--targets: the canvas of \(target.name) is \(Int(width.rounded()))x\(Int(height.rounded())) pixels at @\(Screen.scaleText(scale))x, more than --max-pixels \(limit); choose a smaller canvas or scale, or raise --max-pixels"
      )
    }
  }

  /// The inputs, and an output folder that is not one of them.
  private static func readInputsAndOutput(_ arguments: ParsedArguments, into options: inout RenderOptions)
    throws(UsageError)
  {
    options.selection.inputs = arguments.positionals.isEmpty ? ["."] : arguments.positionals
    let out = arguments.value("--out")!
    guard !out.isEmpty else { throw UsageError("--out needs a folder") }
    options.running.outputFolder = out
  }

  /// An output folder that is or holds an input folder, or whose reports would land on an
  /// input file, is refused before anything is written.
  private static func refuseOverlap(_ options: RenderOptions) throws(UsageError) {
    let overlap = InputOverlap.of(options)
    if let refusal = overlap.refusal {
      throw UsageError(
        "--out \(options.running.outputFolder): \(refusal) (choose a folder outside the inputs, e.g. --out artfit-out)")
    }
    if case .separate(let protected) = overlap, let input = protected.first(where: ReportStream.fileNames.contains) {
      throw UsageError(
        "--out \(options.running.outputFolder): the report \(input) would be written over an input of the same name (choose another --out)"
      )
    }
  }

  /// The user catalog (--catalog, else the manifest's) and the manifest, before anything
  /// names a target.
  private static func readCatalogAndManifest(_ arguments: ParsedArguments, into options: inout RenderOptions)
    throws(UsageError)
  {
    let given = try userCatalog(arguments)
    options.selection.manifest = try manifest(
      arguments.value("--manifest"), inputs: options.selection.inputs, catalog: given)
    options.solving.userCatalog = given ?? options.selection.manifest?.catalog
  }

  /// What to solve: targets (from the run's catalog), orientations, modes (shared with
  /// `template`).
  static func readSelection(_ arguments: ParsedArguments, into options: inout RenderOptions) throws(UsageError) {
    let catalog = options.catalog
    options.solving.targets = catalog.all.filter { Catalog.defaultFamilies.contains($0.family) }
    if let text = arguments.value("--targets") {
      do {
        options.solving.targets = try TargetSelection.resolve(list: text, in: catalog)
      } catch {
        throw UsageError("--targets: \(error.description)")
      }
      guard !options.solving.targets.isEmpty else { throw UsageError("--targets names no target") }
    }
    options.solving.orientations =
      try arguments.parsed("--orientations", ScreenOrientation.parseList) ?? options.solving.orientations
    options.solving.modes = try arguments.parsed("--modes", FitMode.parseList) ?? options.solving.modes
  }

  /// The scales to draw at: native, or factors.
  private static func readScales(_ arguments: ParsedArguments, into options: inout RenderOptions) throws(UsageError) {
    if let text = arguments.value("--scales") {
      if ValueText.trimmed(text.lowercased()) == "native" {
        options.solving.scales = .native
      } else {
        var factors: [Double] = []
        for item in ValueText.list(text) {
          factors.append(try ValueParsers.parse("--scales") { () throws(ValueError) in try Fraction.parseScale(item) })
        }
        guard !factors.isEmpty else { throw UsageError("--scales takes native or factors such as 2,3") }
        options.solving.scales = .factors(factors)
      }
    }
  }

  /// Where the crop goes: gravity and focus (shared with `template`).
  static func readPlacement(_ arguments: ParsedArguments, into options: inout RenderOptions) throws(UsageError) {
    options.solving.gravity = try arguments.parsed("--gravity", Gravity.parse) ?? options.solving.gravity
    options.solving.focus =
      try arguments.parsed("--focus") { text throws(ValueError) in try FocusRegion.parse(text, origin: .option) }
      ?? options.solving.focus
  }

  /// What fails a result: the crop-loss limit, the focus requirement; and which settings the
  /// command line fixed over the manifest's.
  private static func readChecks(_ arguments: ParsedArguments, into options: inout RenderOptions) throws(UsageError) {
    options.solving.checks.maxCropLoss =
      try arguments.parsed("--max-crop-loss", Fraction.parse) ?? options.solving.checks.maxCropLoss
    options.solving.checks.requireFocus = arguments.has("--require-focus")
    let explicitKeys: [(String, ManifestKey)] = [
      ("--targets", .targets), ("--orientations", .orientations), ("--modes", .modes), ("--gravity", .gravity),
      ("--focus", .focus), ("--max-crop-loss", .maxCropLoss), ("--require-focus", .requireFocus),
      ("--window-min", .windowMin), ("--window-max", .windowMax),
    ]
    options.solving.explicit = Set(explicitKeys.filter { arguments.has($0.0) }.map(\.1))
  }

  /// The app's own window limits, applied to the run's targets once here (an artwork the
  /// manifest gives other limits or targets gets its own in `RenderOptions.settings(for:)`).
  private static func readAppWindows(_ arguments: ParsedArguments, into options: inout RenderOptions)
    throws(UsageError)
  {
    options.solving.appWindows = AppWindowLimits(
      minimum: try arguments.parsed("--window-min", AppWindowLimits.parseSize),
      maximum: try arguments.parsed("--window-max", AppWindowLimits.parseSize))
    if let problem = options.solving.appWindows.problem {
      throw UsageError("--window-min and --window-max: \(problem)")
    }
    options.solving.targets = options.solving.targets.map { $0.limitingWindows(to: options.solving.appWindows) }
  }

  /// How the run goes: threads, limits, the manifest, pixel analysis, the shard.
  private static func readRunSettings(_ arguments: ParsedArguments, into options: inout RenderOptions)
    throws(UsageError)
  {
    if let text = arguments.value("--jobs") {
      options.running.jobs = try ValueParsers.integer(text, option: "--jobs", range: 1...256)
    }
    options.reading.limits = try LimitArguments.limits(arguments)
    options.selection.excludes = arguments.all("--exclude")
    options.selection.followSymlinks = arguments.has("--follow-symlinks")
    options.solving.trimBars = arguments.has("--trim-bars")
    options.solving.autoFocus = arguments.has("--auto-focus")
    options.selection.shard = try shard(arguments)
    options.running.waitForLock = !arguments.has("--no-wait")
    options.writing.reports = try reports(arguments)
  }

  /// The report files `--reports` names (report.json always among them).
  static func reports(_ arguments: ParsedArguments) throws(UsageError) -> Set<ReportFile> {
    var files: Set<ReportFile> = [.json]
    for name in ValueText.list(arguments.value("--reports")!) {
      guard let file = ReportFile(rawValue: name.lowercased()) else {
        throw UsageError(
          "--reports: unknown report '\(name)'; reports are \(ReportFile.allCases.map(\.rawValue).joined(separator: ", "))"
        )
      }
      files.insert(file)
    }
    return files
  }

  /// `--shard I/N` (1-based, as a CI matrix or GNU parallel counts), or `--shard-index I
  /// --shard-count N` (0-based, as a Kubernetes Indexed Job's JOB_COMPLETION_INDEX counts):
  /// the same slice either way, so each engine's recipe needs no arithmetic.
  private static func shard(_ arguments: ParsedArguments) throws(UsageError) -> Shard? {
    let index = arguments.value("--shard-index")
    let count = try arguments.value("--shard-count").map { text throws(UsageError) in
      try ValueParsers.integer(text, option: "--shard-count", range: 1...1_000_000)
    }
    if arguments.value("--shard") == "auto" {
      guard index == nil else {
        throw UsageError("--shard auto reads the index from the CI system: drop --shard-index")
      }
      return try shardFromEnvironment(count: count)
    }
    if let text = arguments.value("--shard") {
      guard index == nil, count == nil else {
        throw UsageError("give --shard I/N (1-based) or --shard-index I --shard-count N (0-based), not both")
      }
      guard let shard = Shard(parsing: text) else {
        throw UsageError("--shard takes I/N with 1 <= I <= N, such as 2/4 (got '\(text)')")
      }
      return shard
    }
    guard index != nil || count != nil else { return nil }
    guard let index, let count else {
      throw UsageError("--shard-index and --shard-count go together, e.g. --shard-index 0 --shard-count 4")
    }
    let i = try ValueParsers.integer(index, option: "--shard-index", range: 0...(count - 1))
    return Shard(index: i + 1, count: count)
  }

  /// `--shard auto`: the slice the CI system's variables name (`ShardEnvironment`), with
  /// `--shard-count` for a system that gives no count. Bazel's status file is touched, which
  /// tells Bazel the run shards.
  private static func shardFromEnvironment(count: Int?) throws(UsageError) -> Shard {
    let environment = ProcessInfo.processInfo.environment
    let found: (shard: Shard, system: ShardEnvironment)
    do {
      found = try ShardEnvironment.shard(in: environment, count: count)
    } catch {
      let remedy = error.wantsCount ? "add --shard-count N (the Job's completions)" : "or give the slice as --shard I/N"
      throw UsageError("--shard auto: \(error); \(remedy)")
    }
    if let variable = found.system.statusFile, let path = environment[variable], !path.isEmpty,
      !FileManager.default.fileExists(atPath: path),
      !FileManager.default.createFile(atPath: path, contents: nil)
    {
      throw UsageError("--shard auto: cannot create \(path), the file \(variable) asks a sharded test to touch")
    }
    return found.shard
  }

  /// How previews look and are written (render only).
  private static func readPreviewSettings(_ arguments: ParsedArguments, into options: inout RenderOptions)
    throws(UsageError)
  {
    options.drawing.overlays = try arguments.parsed("--overlays", Overlay.parseSet) ?? options.drawing.overlays
    let background = arguments.value("--background")!
    guard let colour = RGB(parsing: background) else {
      throw UsageError("--background takes #rrggbb or black, white, gray (got '\(background)')")
    }
    options.drawing.background = colour
    options.writing.format = try arguments.parsed("--format", RenderOptions.PreviewFormat.parse)!
    options.writing.pngEffort = try PNGEffort(
      rawValue: ValueParsers.integer(arguments.value("--png-level")!, option: "--png-level", range: PNGEffort.range))!
    options.writing.jpegQuality = try ValueParsers.integer(
      arguments.value("--quality")!, option: "--quality", range: 1...100)
    options.drawing.kernel = try arguments.parsed("--kernel", ResampleKernel.parse)!
    options.drawing.linear = arguments.has("--linear")
    options.drawing.appearance = try arguments.parsed("--appearance", Appearance.parse)!
    options.drawing.profile = try arguments.parsed("--profile", OutputProfile.parse)!
    options.drawing.intent = try arguments.parsed("--intent", RenderingIntent.parse)!
    options.running.useCache = !arguments.has("--no-cache")
    if options.writing.format == .png && arguments.has("--quality") {
      printError("artfit: warning: --quality sets JPEG previews' quality, and the previews are PNG (--format jpeg)")
    }
    if options.writing.format == .jpeg && arguments.has("--png-level") {
      printError("artfit: warning: --png-level sets PNG previews' effort, and the previews are JPEG (--format png)")
    }
  }
}
