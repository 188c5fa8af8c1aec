import ArtworkCodec
import ArtworkGeometry
import ArtworkPixels
import ArtworkReport
@_spi(Support) import ArtworkSupport

/// Everything `render` and `check` need to know, after the command line and the manifest.
public struct RenderOptions: Sendable {
  /// Preview scales: each device at its own scale, or these factors for every target.
  public enum Scales: Sendable, Hashable {
    /// Each target at its own scale (`--scales native`).
    case native
    /// These factors for every target (`--scales 2,3`).
    case factors([Double])
  }

  /// The file format of the previews (`--format`); crop maps and thumbnails are PNG.
  public enum PreviewFormat: String, Sendable, Hashable, CaseIterable {
    /// Lossless PNG, the default.
    case png
    /// JPEG at `jpegQuality`, for smaller previews.
    case jpeg
  }

  /// The files and folders to read.
  public var inputs: [String]
  /// Where the previews and reports go (`--out`).
  public var outputFolder: String
  /// The screens to check against (`--target`).
  public var targets: [Target]
  /// The orientations to show each target in (`--orientation`).
  public var orientations: [ScreenOrientation]
  /// The modes to solve in (`--mode`).
  public var modes: [FitMode]
  /// The scales previews are drawn at (`--scales`).
  public var scales: Scales
  /// nil: `focus` when a focus region is known, else `center`.
  public var gravity: Gravity?
  /// A focus region for every artwork (from `--focus`).
  public var focus: FocusRegion?
  /// What the previews draw over the artwork (`--overlays`).
  public var overlays: Set<Overlay>
  /// The limits a build gates on (`--max-crop-loss`, `--require-focus`, …).
  public var checks: Checks
  /// The previews' file format (`--format`).
  public var format: PreviewFormat
  /// How hard PNG previews are compressed (`--png-level`): the fastest by default.
  public var pngEffort: PNGEffort
  /// JPEG previews' quality, 1–100 (`--quality`).
  public var jpegQuality: Int
  /// The resampling filter (`--kernel`).
  public var kernel: ResampleKernel
  /// Resample in linear light instead of the file's encoding (`--linear`).
  public var linear: Bool
  /// The colour of the bars a fit leaves (`--background`).
  public var background: RGB
  /// The profile written files carry (`--profile`).
  public var profile: OutputProfile = .keep
  /// How conversions between profiles treat colours out of gamut (`--intent`).
  public var intent: RenderingIntent = .relative
  /// How many artworks are read and drawn at once (`--jobs`).
  public var jobs: Int
  /// The largest picture artfit decodes (`--max-pixels`) and the largest file it reads.
  public var limits: ImageLimits
  /// Write previews (render) or only solve and check (check).
  public var writePreviews: Bool
  /// Write small JPEG thumbnails of the previews for the contact sheet.
  public var thumbnails: Bool = true
  /// Solve the geometry on the content inside baked-in letterbox or pillarbox bars.
  public var trimBars = false
  /// Find a focus region from the pixels for artwork that has none (`--auto-focus`).
  public var autoFocus = false
  /// Keep the previews of artworks unchanged since the last render into the same folder.
  public var useCache = true
  /// Only this slice of the inputs (`--shard I/N`); nil for all.
  public var shard: Shard?
  /// Per-artwork settings (`artfit.json`); options given on the command line win.
  public var manifest: Manifest?
  /// A team's own devices (`--catalog`, or the manifest's `"catalog"`), when given.
  public var userCatalog: UserCatalog?
  /// Globs of files and folders to leave out (`--exclude`), matched against the path below
  /// the input folder and against the name.
  public var excludes: [String] = []
  /// The settings the command line gave explicitly: they win over the manifest's.
  public var explicit: Set<ManifestKey> = []

  /// Options with the command's defaults for whatever is not given: the current folder into
  /// `artfit-out`, every default target in both orientations, fit and fill, PNG previews.
  public init(
    inputs: [String] = ["."], outputFolder: String = "artfit-out",
    targets: [Target] = Catalog.all.filter { Catalog.defaultFamilies.contains($0.family) },
    orientations: [ScreenOrientation] = [.portrait, .landscape], modes: [FitMode] = [.fit, .fill],
    scales: Scales = .native, gravity: Gravity? = nil, focus: FocusRegion? = nil,
    overlays: Set<Overlay> = Set(Overlay.allCases), checks: Checks = Checks(),
    format: PreviewFormat = .png, pngEffort: PNGEffort = .fastest, jpegQuality: Int = 90,
    kernel: ResampleKernel = .lanczos3, linear: Bool = false, background: RGB = RGB(0, 0, 0),
    jobs: Int = ResampleOptions.defaultThreads, limits: ImageLimits = ImageLimits(),
    writePreviews: Bool = true
  ) {
    self.inputs = inputs
    self.outputFolder = outputFolder
    self.targets = targets
    self.orientations = orientations
    self.modes = modes
    self.scales = scales
    self.gravity = gravity
    self.focus = focus
    self.overlays = overlays
    self.checks = checks
    self.format = format
    self.pngEffort = pngEffort
    self.jpegQuality = jpegQuality
    self.kernel = kernel
    self.linear = linear
    self.background = background
    self.jobs = max(1, jobs)
    self.limits = limits
    self.writePreviews = writePreviews
  }

  /// The screens to solve, in catalog order: each target in each requested orientation it
  /// supports, at each scale.
  public var screens: [Screen] { Self.screens(targets: targets, orientations: orientations, scales: scales) }

  static func screens(targets: [Target], orientations: [ScreenOrientation], scales: Scales) -> [Screen] {
    var screens: [Screen] = []
    func add(_ target: Target, _ orientation: ScreenOrientation) {
      switch scales {
      case .native: screens.append(Screen(target: target, orientation: orientation))
      case .factors(let factors):
        for factor in factors { screens.append(Screen(target: target, orientation: orientation, scale: factor)) }
      }
    }
    for target in targets {
      if target.orientations.count == 1 {
        // A fixed canvas (Apple TV, a video ratio, a window) shows once, when its kind of
        // orientation is asked for.
        let own = target.orientations[0]
        if orientations.contains(where: { $0.isLandscape == own.isLandscape }) { add(target, own) }
        continue
      }
      for orientation in orientations where orientation == .portrait || target.orientations.contains(.landscape) {
        add(target, orientation)
      }
    }
    return screens
  }

  /// The settings for one artwork: the manifest's where the command line did not say.
  func settings(for file: ArtworkFile) -> ArtworkSettings {
    let chosen = manifest?.settings(for: file.path) ?? Manifest.Settings()
    func pick<T>(_ key: ManifestKey, _ own: T, _ fromManifest: T?) -> T {
      explicit.contains(key) ? own : fromManifest ?? own
    }
    let targets = pick(.targets, self.targets, chosen.targets)
    let orientations = pick(.orientations, self.orientations, chosen.orientations)
    return ArtworkSettings(
      screens: Self.screens(targets: targets, orientations: orientations, scales: scales),
      modes: pick(.modes, modes, chosen.modes),
      gravity: pick(.gravity, gravity, chosen.gravity.map(Optional.some)),
      focus: pick(.focus, focus, chosen.focus.map(Optional.some)),
      checks: Checks(
        maxCropLoss: pick(.maxCropLoss, checks.maxCropLoss, chosen.maxCropLoss.map(Optional.some)),
        requireFocus: pick(.requireFocus, checks.requireFocus, chosen.requireFocus)))
  }

  /// The targets run and manifest choose from: the built-in catalog, with the user's.
  public var catalog: TargetCatalog { userCatalog?.catalog ?? Catalog.builtIn }

  /// The user catalog as report.json records it: where, which, and which of its targets
  /// the run used (on the command line or in the manifest).
  private var catalogJSON: JSONValue {
    guard let userCatalog else { return .null }
    var selected = targets
    if let manifest {
      selected += ([manifest.defaults] + manifest.artworks.map(\.settings)).flatMap { $0.targets ?? [] }
    }
    return .object([
      ("path", .string(userCatalog.path)), ("fingerprint", .string(userCatalog.fingerprint)),
      ("targets", .array(userCatalog.slugsUsed(by: selected).map(JSONValue.string))),
    ])
  }

  /// The options as report.json records them.
  public var json: JSONValue {
    var members: [(String, JSONValue)] = [
      ("targets", .array(targets.map { .string($0.slug) })),
      ("orientations", .array(orientations.map { .string($0.rawValue) })),
      ("modes", .array(modes.map { .string($0.rawValue) })),
    ]
    switch scales {
    case .native: members.append(("scales", .string("native")))
    case .factors(let factors): members.append(("scales", .array(factors.map { .compact($0) })))
    }
    members += [
      ("gravity", gravity.map { .string($0.rawValue) } ?? .null),
      ("max_crop_loss", checks.maxCropLoss.map { .rounded($0, 4) } ?? .null),
      ("require_focus", .bool(checks.requireFocus)),
      ("overlays", .array(Overlay.allCases.filter { overlays.contains($0) }.map { .string($0.rawValue) })),
      ("format", .string(format.rawValue)),
      ("png_level", .integer(pngEffort.rawValue)),
      ("kernel", .string(kernel.rawValue)),
      ("linear", .bool(linear)),
      ("auto_focus", .bool(autoFocus)),
      ("trim_bars", .bool(trimBars)),
      ("shard", shard.map { .string($0.description) } ?? .null),
      ("background", .string(background.description)),
      ("profile", .string(profile.rawValue)),
      ("intent", .string(intent.rawValue)),
      ("manifest", manifest.map { .string($0.path) } ?? .null),
      ("catalog", catalogJSON),
    ]
    // Only when given, so the reports of runs without one stay as they were.
    if !excludes.isEmpty { members.append(("exclude", .array(excludes.map(JSONValue.string)))) }
    return .object(members)
  }
}
