import Artwork
import ArtworkGeometry
import Foundation

/// `artfit template`: template.svg and template.png to lay over a canvas in a design tool,
/// the visible region of every kind of screen and the part safe on all; no pixels read.
struct TemplateCommand: Command {
  static let spec = CommandSpec(
    name: "template",
    abstract: "Write template.svg and template.png: what each screen shows of a WxH canvas, and the part safe on all.",
    usage:
      "artfit template --source WxH|FILE [--targets LIST] [--orientations LIST] [--modes LIST] [--gravity G] [--focus X,Y,W,H] [--out DIR] [--json]",
    options: [
      .option(
        "--source", "WxH|FILE",
        "The canvas size in pixels, or an artwork whose header gives it (after EXIF orientation)."),
      LimitArguments.maxPixelsOption,
      .option("--out", "DIR", "Where template.svg and template.png go (created when missing).", defaultValue: "."),
    ]
      + RenderArguments.sharedOptions.filter {
        ["--targets", "--orientations", "--modes", "--gravity", "--focus", "--catalog"].contains($0.name)
      } + [
        .flag("--json", "Print the regions as JSON instead of writing files.")
      ],
    discussion: """
      Example: artfit template --source 2732x2732 --targets iphone,ipad --out Templates
      template.svg has viewBox="0 0 W H" in source pixels and opens as layers: visible-regions
      (one rect per distinct region a screen shows, outlined in its family's colour, the screens
      it stands for in its title), safe-parts (dashed: the part of each inside its screens' safe
      area), safe-on-every-screen (the rect id="safe-everywhere") and legend. template.png is the
      same picture, W×H and transparent, for tools that take no SVG.
      """)

  /// The artwork as given: a size, or a file (or image stack) read when the command runs, so
  /// one that cannot be read is an input error (exit 3), not a usage error.
  var given: Given
  var options: RenderOptions
  var output: String
  var json: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    guard arguments.positionals.isEmpty else {
      throw UsageError(
        "'artfit template' takes options only (got '\(arguments.positionals[0])'); give the artwork as --source FILE")
    }
    guard let sourceText = arguments.value("--source") else {
      throw UsageError("'artfit template' needs --source WxH or --source FILE, e.g. --source 2732x2732")
    }
    given = try Self.given(sourceText, maxPixels: try LimitArguments.maxPixels(arguments))
    options = RenderOptions()
    options.solving.userCatalog = try RenderArguments.userCatalog(arguments)
    try RenderArguments.readSelection(arguments, into: &options)
    try RenderArguments.readPlacement(arguments, into: &options)
    output = arguments.value("--out")!
    guard !output.isEmpty else { throw UsageError("--out needs a folder") }
    json = arguments.has("--json")
  }

  /// What `--source` gives.
  enum Given {
    /// A size in pixels, named by it for the legend.
    case size(Size, name: String)
    /// An artwork's file or an image stack.
    case file(String)

    /// The source's size and its name for the legend: a file's from its header, a stack's
    /// from its composite (its canvas, else its back layer's).
    func resolved() throws(ImageError) -> (Size, String) {
      switch self {
      case .size(let size, let name): return (size, name)
      case .file(let path):
        let name = (path as NSString).lastPathComponent
        if ImageStackLayout.isStack(path) {
          let stack = try ImageStackComposite.compose(ImageStackLayout.read(path), limits: ImageLimits())
          return (Size(Double(stack.image.width), Double(stack.image.height)), name)
        }
        let info = try ImageDecoder.probe(file: path)
        return (Size(Double(info.width), Double(info.height)), name)
      }
    }
  }

  /// A file when `text` names one that exists, else a size WxH.
  private static func given(_ text: String, maxPixels: Int) throws(UsageError) -> Given {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: text, isDirectory: &isDirectory) else {
      guard SizeText.numbers(text) != nil else {
        throw UsageError("--source '\(text)' is neither a file that exists nor a size WxH such as 2732x2732")
      }
      let size = try ValueParsers.pixelSize(text, option: "--source", maxPixels: maxPixels)
      return .size(Size(Double(size.width), Double(size.height)), name: "\(size.width)x\(size.height)")
    }
    guard !isDirectory.boolValue || ImageStackLayout.isStack(text) else {
      throw UsageError("--source \(text) is a folder; give one artwork, an image stack or a size WxH")
    }
    return .file(text)
  }

  func run() throws -> ExitStatus {
    let (source, name) = try given.resolved()
    let gravity = Gravity.given(options.solving.gravity, focus: options.solving.focus)
    let results = options.screens.flatMap { screen in
      options.solving.modes.map { mode in
        TargetResult.solve(
          source: source, screen: screen, mode: mode, gravity: gravity, focus: options.solving.focus, checks: Checks())
      }
    }
    let template = Template(source: source, results: results)
    if json {
      printOut(template.json.serialized())
      return .success
    }
    let paths: [String]
    do {
      paths = try TemplateFiles.write(template, name: name, to: output)
    } catch {
      if case .tooLarge = error {
        throw UsageError("--source: \(error.description); a template is drawn at the canvas's own size")
      }
      printError("artfit: \(error.description)")
      return .outputUnavailable
    }
    printOut(
      "wrote \(paths.joined(separator: " and ")): \(template.regions.count) visible regions for \(results.count) results"
    )
    printOut(TemplateStyle.safeEverywhereWords(template))
    return .success
  }
}
