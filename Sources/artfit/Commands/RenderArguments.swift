import Artwork
import Foundation

/// The options `render` and `check` share, declared once.
enum RenderArguments {
  static let sharedOptions: [OptionSpec] = [
    .option("--out", "DIR", "Where previews and reports go.", default: "artfit-out"),
    .option("--targets", "LIST", "Families (iphone, ipad, ipod, tv, video, split, all), device names or slugs, or canvases WxH@S.", default: "iphone,ipad,tv,video"),
    .option("--orientations", "LIST", "portrait, landscape, landscape-right", default: "portrait,landscape"),
    .option("--modes", "LIST", "fit, fill, auto (Apple's video gravity rule)", default: "fit,fill"),
    .option("--scales", "LIST", "native, or scale factors such as 2,3", default: "native"),
    .option("--gravity", "G", "center, top, bottom, left, right, top-left, top-right, bottom-left, bottom-right, focus", default: "focus with a focus region, else center"),
    .option("--focus", "X,Y,W,H", "The important region, as fractions 0...1 of the source."),
    .option("--max-crop-loss", "P", "Fail a target whose crop loss exceeds P (25% or 0.25)."),
    .flag("--require-focus", "Fail a target whose focus region is not wholly inside the visible safe area."),
    .flag("--auto-focus", "Find the important region from the pixels (edges, rare colours, skin tones) when none is given."),
    .flag("--trim-bars", "Find letterbox/pillarbox bars baked into the artwork and solve every target on the content inside them."),
    .option("--manifest", "FILE", "Per-artwork settings (artfit.json).", default: "artfit.json in the input folder, if present"),
    .option("--jobs", "N", "Worker threads.", default: "cores"),
    .option("--max-pixels", "N", "Refuse inputs larger than N pixels, from the header.", default: "268435456"),
    .option("--shard", "I/N", "Process only the I-th of N deterministic slices of the inputs (for CI matrices); merge-reports joins them.", default: "all"),
    .flag("--json", "Print the report JSON to stdout instead of the summary."),
    .flag("--quiet", "No progress, no summary; errors still go to stderr."),
  ]

  static let renderOptions: [OptionSpec] = [
    .option("--overlays", "LIST", "safe-area, corners, sensor, home-indicator, status-bar, focus, or none", default: "all"),
    .option("--background", "COLOR", "Letterbox and pillarbox bars, and what transparent art sits on: #rrggbb, black, white, gray", default: "black"),
    .option("--format", "png|jpeg", "Preview format.", default: "png"),
    .option("--png-level", "N", "zlib level 0...9 for PNG previews.", default: "3"),
    .option("--quality", "N", "JPEG quality 1...100.", default: "90"),
    .option("--kernel", "K", "lanczos3, mitchell, catmull-rom, bilinear, box", default: "lanczos3"),
    .flag("--linear", "Resample in linear light (gamma-correct) instead of the encoded values."),
    .flag("--no-cache", "Render every artwork, even those unchanged since the last render into --out."),
  ]

  /// The manifest named by --manifest, or artfit.json in the first input folder that has one.
  static func manifest(_ named: String?, inputs: [String]) throws(UsageError) -> Manifest? {
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
      return try Manifest.load(path)
    } catch {
      throw UsageError("manifest \(error.description)")
    }
  }

  /// Reads the shared options into RenderOptions.
  static func parse(_ arguments: ParsedArguments, previews: Bool) throws(UsageError) -> RenderOptions {
    var options = RenderOptions(writePreviews: previews)
    options.inputs = arguments.positionals.isEmpty ? ["."] : arguments.positionals
    if let out = arguments.value("--out") {
      guard !out.isEmpty else { throw UsageError("--out needs a folder") }
      options.outputFolder = out
    }
    if previews || !arguments.has("--json"),
      let input = InputDiscovery.inputThatIsTheOutput(options.inputs, output: options.outputFolder)
    {
      throw UsageError("--out \(options.outputFolder) is the input folder \(input) itself; previews and reports would mix with the artwork (choose another folder, e.g. --out artfit-out)")
    }
    if let text = arguments.value("--targets") {
      do {
        options.targets = try TargetSelection.resolve(list: text)
      } catch {
        throw UsageError("--targets: \(error.description)")
      }
      guard !options.targets.isEmpty else { throw UsageError("--targets names no target") }
    }
    if let text = arguments.value("--orientations") {
      options.orientations = try ValueParsers.orientations(text, option: "--orientations")
    }
    if let text = arguments.value("--modes") { options.modes = try ValueParsers.modes(text, option: "--modes") }
    if let text = arguments.value("--scales") {
      if text.lowercased().trimmed == "native" {
        options.scales = .native
      } else {
        var factors: [Double] = []
        for item in ValueParsers.list(text) { factors.append(try ValueParsers.scale(item, option: "--scales")) }
        guard !factors.isEmpty else { throw UsageError("--scales takes native or factors such as 2,3") }
        options.scales = .factors(factors)
      }
    }
    if let text = arguments.value("--gravity") { options.gravity = try ValueParsers.gravity(text) }
    if let text = arguments.value("--focus") { options.focus = try ValueParsers.focus(text) }
    if let text = arguments.value("--max-crop-loss") {
      options.checks.maxCropLoss = try ValueParsers.fraction(text, option: "--max-crop-loss")
    }
    options.checks.requireFocus = arguments.has("--require-focus")
    if let text = arguments.value("--jobs") {
      options.jobs = try ValueParsers.integer(text, option: "--jobs", range: 1...256)
    }
    if let text = arguments.value("--max-pixels") {
      options.limits.maxPixels = try ValueParsers.integer(text, option: "--max-pixels", range: 1...(1 << 40))
    }
    let explicitKeys = [
      ("--targets", "targets"), ("--orientations", "orientations"), ("--modes", "modes"), ("--gravity", "gravity"),
      ("--focus", "focus"), ("--max-crop-loss", "max_crop_loss"), ("--require-focus", "require_focus"),
    ]
    options.explicit = Set(explicitKeys.filter { arguments.has($0.0) }.map(\.1))
    options.manifest = try manifest(arguments.value("--manifest"), inputs: options.inputs)
    options.trimBars = arguments.has("--trim-bars")
    options.autoFocus = arguments.has("--auto-focus")
    if let text = arguments.value("--shard") {
      guard let shard = Shard(parsing: text) else {
        throw UsageError("--shard takes I/N with 1 <= I <= N, such as 2/4 (got '\(text)')")
      }
      options.shard = shard
    }
    guard previews else { return options }
    if let text = arguments.value("--overlays") {
      var overlays = Set<Overlay>()
      for item in ValueParsers.list(text) {
        if item.lowercased() == "none" { continue }
        guard let overlay = Overlay(rawValue: item.lowercased()) else {
          throw UsageError("--overlays: unknown overlay '\(item)'; overlays are \(Overlay.allCases.map(\.rawValue).joined(separator: ", ")), none")
        }
        overlays.insert(overlay)
      }
      options.overlays = overlays
    }
    if let text = arguments.value("--background") {
      guard let colour = RGB(parsing: text) else {
        throw UsageError("--background takes #rrggbb or black, white, gray (got '\(text)')")
      }
      options.background = colour
    }
    if let text = arguments.value("--format") {
      guard let format = RenderOptions.PreviewFormat(rawValue: text.lowercased() == "jpg" ? "jpeg" : text.lowercased()) else {
        throw UsageError("--format takes png or jpeg (got '\(text)')")
      }
      options.format = format
    }
    if let text = arguments.value("--png-level") { options.pngLevel = try ValueParsers.integer(text, option: "--png-level", range: 0...9) }
    if let text = arguments.value("--quality") { options.jpegQuality = try ValueParsers.integer(text, option: "--quality", range: 1...100) }
    if let text = arguments.value("--kernel") {
      guard let kernel = ResampleKernel(rawValue: text.lowercased()) else {
        throw UsageError("--kernel: unknown kernel '\(text)'; kernels are \(ResampleKernel.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      options.kernel = kernel
    }
    options.linear = arguments.has("--linear")
    options.useCache = !arguments.has("--no-cache")
    return options
  }
}
