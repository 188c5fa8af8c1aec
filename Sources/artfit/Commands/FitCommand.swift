import Artwork
import ArtworkGeometry

/// `artfit fit`: the geometry answer for one source size on one target, or on several with
/// the region safe on all of them; no pixels.
struct FitCommand: Command {
  static let spec = CommandSpec(
    name: "fit",
    abstract:
      "Show how a WxH artwork lands on a target: placement, crop, bars, crop loss; on several, what is safe on all; over a window range, the worst window.",
    usage:
      "artfit fit --source WxH (--target T [--orientation O] | --window-range MINxMIN-MAXxMAX@S) [--mode M] [--gravity G] [--focus X,Y,W,H] [--json]",
    options: [
      .option("--source", "WxH", "The artwork's size in pixels (after EXIF orientation)."),
      LimitArguments.maxPixelsOption,
      .option(
        "--target", "T",
        "A device name or slug from 'artfit devices', or a canvas WxH@S; or several: a family or a comma-separated list."
      ).completing(Completion.devices),
      .option(
        "--window-range", "MINxMIN-MAXxMAX@S",
        "Every window from the smallest to the largest, in whole points at scale S (a window a person resizes): the worst window for each figure and every size that fails, exactly."
      ),
      .option(
        "--orientation", "O", "portrait, landscape or landscape-right",
        default: "the target's first; with several targets, every orientation each has"
      ).completing(ScreenOrientation.allCases.map(\.rawValue)),
      .option("--mode", "M", "fit, fill or auto (Apple's video gravity rule)", defaultValue: "fill").completing(
        FitMode.allCases.map(\.rawValue)),
      .option(
        "--gravity", "G",
        "Where a fill crop sits: center, top, bottom, left, right, top-left, top-right, bottom-left, bottom-right, focus",
        default: "focus with --focus, else center"
      ).completing(Gravity.allCases.map(\.rawValue)),
      .option("--focus", "X,Y,W,H", "The important region as fractions 0...1 of the source."),
      .option("--scale", "S", "Draw the canvas at this scale instead of the device's own.", default: "native"),
      .option(
        "--max-crop-loss", "P", "Fail (exit 1) when crop loss exceeds P (25% or 0.25); auto falls back to fit past it."),
      .flag("--require-focus", "Fail (exit 1) unless the focus region is wholly inside the visible safe area."),
      RenderArguments.catalogOption,
      .flag(
        "--json",
        "Print the result object that report.json uses; with several targets, {\"results\": [...], \"safe_everywhere\": ...}."
      ),
    ],
    discussion: """
      Example: artfit fit --source 750x1334 --target "iPhone X" --mode fill --json
      With several targets (artfit fit --source 2732x2732 --target iphone) it prints one line per
      screen and the source region inside the safe area on every one (safe_everywhere).
      Gravity `focus` centres the visible rect on the focus region and then clamps it inside the
      source (the libvips/imgproxy meaning of a focal point, not CSS object-position).
      Over a window range (artfit fit --source 1536x2048 --window-range 320x320-1366x1024@2
      --focus 0.4,0.35,0.2,0.3 --require-focus) every whole-point window size is decided, none
      sampled: it prints each figure's worst window and the aspect ratios that keep the focus,
      and the checks fail when any window fails, naming the worst.
      """)

  var source: Size
  /// One screen, or several when --target names several targets; none with a window range.
  var screens: [Screen]
  /// The windows of --window-range, solved instead of screens.
  var windows: WindowRange?
  var mode: FitMode
  var gravity: Gravity
  var focus: FocusRegion?
  var checks: Checks
  var json: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    guard arguments.positionals.isEmpty else {
      throw UsageError("'artfit fit' takes options only (got '\(arguments.positionals[0])'); see 'artfit help fit'")
    }
    guard let sourceText = arguments.value("--source") else {
      throw UsageError("'artfit fit' needs --source WxH, e.g. --source 2732x2732")
    }
    let pixels = try ValueParsers.pixelSize(
      sourceText, option: "--source", maxPixels: try LimitArguments.maxPixels(arguments))
    source = Size(Double(pixels.width), Double(pixels.height))
    mode = try arguments.parsed("--mode") { text throws(ValueError) in try FitMode.parse(ValueText.trimmed(text)) }!
    focus = try arguments.parsed("--focus") { text throws(ValueError) in try FocusRegion.parse(text, origin: .option) }
    gravity = Gravity.given(try arguments.parsed("--gravity", Gravity.parse), focus: focus)
    checks = Checks(
      maxCropLoss: try arguments.parsed("--max-crop-loss", Fraction.parse),
      requireFocus: arguments.has("--require-focus"))
    json = arguments.has("--json")
    windows = try arguments.parsed("--window-range") { text throws(ValueError) in try WindowRange.parse(text) }
    if windows != nil {
      for option in ["--target", "--orientation", "--scale", "--catalog"] where arguments.has(option) {
        throw UsageError("--window-range gives the windows and their scale: it takes no \(option)")
      }
      guard mode != .auto else {
        throw UsageError(
          "--window-range solves fit or fill (--mode fit or --mode fill): auto's choice is the video player's")
      }
      screens = []
      return
    }
    guard let targetName = arguments.value("--target") else {
      throw UsageError(
        "'artfit fit' needs --target, e.g. --target \"iPhone 15 Pro\" (see 'artfit devices'), or --window-range")
    }
    // A name may hold a comma (iPad Pro 13" (M4, M5)): whole first, then as a list.
    let catalog = try RenderArguments.userCatalog(arguments)?.catalog ?? Catalog.builtIn
    var resolved = (try? TargetSelection.resolve([targetName], in: catalog)) ?? []
    if resolved.isEmpty {
      do {
        resolved = try TargetSelection.resolve(list: targetName, in: catalog)
      } catch {
        throw UsageError(error.description)
      }
    }
    let given = try arguments.parsed(
      "--orientation",
      { text throws(ValueError) in
        try ScreenOrientation.parse(ValueText.trimmed(text))
      })
    var scale: Double? = nil
    if let text = arguments.value("--scale"), text.lowercased() != "native" {
      scale = try ValueParsers.parse("--scale") { () throws(ValueError) in try Fraction.parseScale(text) }
    }
    screens = try Self.screens(resolved, orientation: given, scale: scale)
  }

  /// One target in the given orientation (or its first); several in the given one where
  /// they show it, else in every orientation each has.
  private static func screens(_ targets: [Target], orientation: ScreenOrientation?, scale: Double?) throws(UsageError)
    -> [Screen]
  {
    func shows(_ target: Target, _ orientation: ScreenOrientation) -> Bool {
      target.orientations.contains(orientation)
        || (orientation == .landscapeRight && target.orientations.contains(.landscape))
    }
    if targets.count == 1, let target = targets.first {
      if let orientation, !shows(target, orientation) {
        throw UsageError(
          "\(target.name) is shown \(target.orientations.map(\.rawValue).joined(separator: " or ")) only")
      }
      return [Screen(target: target, orientation: orientation ?? target.orientations[0], scale: scale)]
    }
    let screens = targets.flatMap { target in
      (orientation.map { shows(target, $0) ? [$0] : [] } ?? target.orientations).map {
        Screen(target: target, orientation: $0, scale: scale)
      }
    }
    guard !screens.isEmpty else { throw UsageError("none of these targets is shown \(orientation?.rawValue ?? "")") }
    return screens
  }

  func run() throws -> ExitStatus {
    if let windows {
      let result = WindowRangeSolver.solve(
        source: source, range: windows, mode: mode, gravity: gravity, focus: focus, checks: checks)
      printOut(json ? String(decoding: result.jsonBytes(), as: UTF8.self) : WindowRangeText.describe(result))
      return result.passed ? .success : .checkFailed
    }
    let results = screens.map {
      TargetResult.solve(source: source, screen: $0, mode: mode, gravity: gravity, focus: focus, checks: checks)
    }
    if results.count == 1, let result = results.first {
      printOut(json ? String(decoding: result.jsonBytes(), as: UTF8.self) : describe(result))
    } else if json {
      printOut(String(decoding: TargetResult.jsonBytes(results), as: UTF8.self))
    } else {
      printOut(summarise(results))
    }
    return results.allSatisfy(\.passed) ? .success : .checkFailed
  }

  /// One line per screen, then the region safe on all of them.
  private func summarise(_ results: [TargetResult]) -> String {
    var lines = ["\(Int(source.width))x\(Int(source.height)), \(mode.rawValue), on \(results.count) screens:"]
    for result in results {
      let p = result.placement
      let boxing =
        p.boxing == .crop
        ? "crop loss \(Checks.percent(p.cropLoss))" : "\(p.boxing.rawValue) \(Checks.percent(p.barsFraction))"
      lines.append(
        "  \(result.screen.name) \(result.screen.orientation.rawValue) \(p.mode.rawValue): \(boxing), safe crop loss \(Checks.percent(p.safeCropLoss))"
          + (result.failures.isEmpty ? "" : "  FAILED \(Remedy.failures(of: result))"))
    }
    if let safe = SafeEverywhere.region(results) {
      lines.append("safe on every one: \(RegionWords.range(safe)) (\(RegionWords.shares(safe, of: source)))")
    } else {
      lines.append("safe on every one: nothing (no part of the source is inside the safe area on all of them)")
    }
    return lines.joined(separator: "\n")
  }

  private func describe(_ result: TargetResult) -> String {
    let p = result.placement
    let screen = result.screen
    var lines: [String] = []
    let modeText = p.requestedMode == p.mode ? p.mode.rawValue : "\(p.mode.rawValue) (auto)"
    lines.append(
      "\(Int(source.width))x\(Int(source.height)) on \(screen.name), \(screen.orientation.rawValue), \(modeText) @\(formatScale(screen.scale))x"
    )
    if let windows = result.windows {
      lines.append(
        "  windows         \(windows.range) (\(WindowRangeResult.grouped(windows.range.count)) sizes); shown at the one that matters"
      )
    }
    lines.append("  canvas          \(p.canvas) px (\(screen.points) pt)")
    lines.append("  scale           \(formatRatio(p.scaleFactor)) canvas px per source px")
    lines.append("  placed at       \(p.renderedImageRect) px on the canvas")
    switch p.boxing {
    case .letterbox, .pillarbox:
      lines.append(
        "  \(p.boxing.rawValue)       bars top \(p.bars.top), bottom \(p.bars.bottom), left \(p.bars.left), right \(p.bars.right) px; \(Checks.percent(p.barsFraction)) of the canvas"
      )
    case .crop:
      lines.append("  visible source  \(p.renderedCrop) px (gravity \(p.gravity.rawValue))")
      lines.append("  crop loss       \(Checks.percent(p.cropLoss)) of the source is cut away")
    case .none:
      lines.append("  same aspect ratio: nothing cropped, no bars")
    }
    lines.append(
      "  safe crop loss  \(Checks.percent(p.safeCropLoss)) of the source is outside the safe area \(screen.safeArea.rounded)"
    )
    if let visible = p.focusVisible, let loss = p.focusLoss {
      lines.append(
        "  focus           \(visible ? "wholly inside the visible safe area" : "\(Checks.percent(loss)) of it outside the visible safe area")"
      )
    }
    if let classes = screen.sizeClasses { lines.append("  size classes    \(classes)") }
    for failure in result.failures {
      lines.append("  FAILED          \(Remedy.failure(failure))\(result.windows?.extent(of: failure.check) ?? "")")
    }
    return lines.joined(separator: "\n")
  }
}

func formatRatio(_ value: Double) -> String {
  let tenThousandths = Int((value * 10000).rounded())
  let fraction = String(tenThousandths % 10000)
  return "\(tenThousandths / 10000).\(String(repeating: "0", count: 4 - fraction.count))\(fraction)"
}
