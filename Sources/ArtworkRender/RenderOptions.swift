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

    /// The extension a preview in this format is written with.
    public var fileExtension: String {
      switch self {
      case .png: "png"
      case .jpeg: "jpg"
      }
    }
  }

  /// Which files the run takes: inputs, exclusions, the shard, the manifest that files
  /// settings by path. It chooses artworks; an artwork's own settings enter its cache key
  /// through `settings(for:)`.
  public var selection: Selection
  /// How each file is read: the limits.
  public var reading: Reading
  /// What is solved: targets, orientations, modes, scales, placement, checks.
  public var solving: Solving
  /// What the previews show and how their pixels are made.
  public var drawing: Drawing
  /// Which files are written and how they are encoded.
  public var writing: Writing
  /// How the run goes: where, on how many threads, with the cache or not. Never changes an
  /// output's bytes.
  public var running: Running

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
    selection = Selection(inputs: inputs)
    reading = Reading(limits: limits)
    solving = Solving(
      targets: targets, orientations: orientations, modes: modes, scales: scales, gravity: gravity, focus: focus,
      checks: checks)
    drawing = Drawing(overlays: overlays, kernel: kernel, linear: linear, background: background)
    writing = Writing(
      writePreviews: writePreviews, reports: writePreviews ? ReportFile.forReview : ReportFile.forBuilds,
      format: format, pngEffort: pngEffort, jpegQuality: jpegQuality)
    running = Running(outputFolder: outputFolder, jobs: max(1, jobs))
  }

  /// The screens to solve, in catalog order: each target in each requested orientation it
  /// supports, at each scale.
  public var screens: [Screen] {
    Self.screens(targets: solving.targets, orientations: solving.orientations, scales: solving.scales)
  }

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
    let chosen = selection.manifest?.settings(for: file.path) ?? Manifest.Settings()
    func pick<T>(_ key: ManifestKey, _ own: T, _ fromManifest: T?) -> T {
      solving.explicit.contains(key) ? own : fromManifest ?? own
    }
    let windows = AppWindowLimits(
      minimum: pick(.windowMin, solving.appWindows.minimum, chosen.windowMin.map(Optional.some)),
      maximum: pick(.windowMax, solving.appWindows.maximum, chosen.windowMax.map(Optional.some)))
    let targets = pick(.targets, solving.targets, chosen.targets).map { $0.limitingWindows(to: windows) }
    let orientations = pick(.orientations, solving.orientations, chosen.orientations)
    return ArtworkSettings(
      screens: Self.screens(targets: targets, orientations: orientations, scales: solving.scales),
      modes: pick(.modes, solving.modes, chosen.modes),
      gravity: pick(.gravity, solving.gravity, chosen.gravity.map(Optional.some)),
      focus: pick(.focus, solving.focus, chosen.focus.map(Optional.some)),
      checks: Checks(
        maxCropLoss: pick(.maxCropLoss, solving.checks.maxCropLoss, chosen.maxCropLoss.map(Optional.some)),
        requireFocus: pick(.requireFocus, solving.checks.requireFocus, chosen.requireFocus)))
  }

  /// The targets run and manifest choose from: the built-in catalog, with the user's.
  public var catalog: TargetCatalog { solving.userCatalog?.catalog ?? Catalog.builtIn }

  /// The user catalog as report.json records it: where, which, and which of its targets
  /// the run used (on the command line or in the manifest).
  private var catalogJSON: JSONValue {
    guard let userCatalog = solving.userCatalog else { return .null }
    var selected = solving.targets
    if let manifest = selection.manifest {
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
      ("targets", .array(solving.targets.map { .string($0.slug) })),
      ("orientations", .array(solving.orientations.map { .string($0.rawValue) })),
      ("modes", .array(solving.modes.map { .string($0.rawValue) })),
    ]
    switch solving.scales {
    case .native: members.append(("scales", .string("native")))
    case .factors(let factors): members.append(("scales", .array(factors.map { .compact($0) })))
    }
    members += [
      ("gravity", solving.gravity.map { .string($0.rawValue) } ?? .null),
      ("max_crop_loss", solving.checks.maxCropLoss.map { .rounded($0, 4) } ?? .null),
      ("require_focus", .bool(solving.checks.requireFocus)),
      ("overlays", .array(Overlay.allCases.filter { drawing.overlays.contains($0) }.map { .string($0.rawValue) })),
      ("format", .string(writing.format.rawValue)),
      ("png_level", .integer(writing.pngEffort.rawValue)),
      ("kernel", .string(drawing.kernel.rawValue)),
      ("linear", .bool(drawing.linear)),
      ("auto_focus", .bool(solving.autoFocus)),
      ("trim_bars", .bool(solving.trimBars)),
      ("shard", selection.shard.map { .string($0.description) } ?? .null),
      ("background", .string(drawing.background.description)),
      ("profile", .string(drawing.profile.rawValue)),
      ("intent", .string(drawing.intent.rawValue)),
      ("manifest", selection.manifest.map { .string($0.path) } ?? .null),
      ("catalog", catalogJSON),
      // Which report files the run wrote: merge-reports writes the same of the joined run.
      ("reports", .array(ReportFile.listed(writing.reports).map { .string($0.rawValue) })),
    ]
    // Only when given, so the reports of runs without one stay as they were.
    if !selection.excludes.isEmpty { members.append(("exclude", .array(selection.excludes.map(JSONValue.string)))) }
    if drawing.appearance != .default { members.append(("appearance", .string(drawing.appearance.rawValue))) }
    if let focus = solving.focus {
      members.append(("focus", .array([focus.x, focus.y, focus.width, focus.height].map(JSONValue.number))))
    }
    if writing.format == .jpeg { members.append(("jpeg_quality", .integer(writing.jpegQuality))) }
    if reading.limits != ImageLimits() { members.append(("limits", limitsJSON)) }
    if selection.followSymlinks { members.append(("follow_symlinks", .bool(true))) }
    if let minimum = solving.appWindows.minimum { members.append(("window_min", .string(minimum.description))) }
    if let maximum = solving.appWindows.maximum { members.append(("window_max", .string(maximum.description))) }
    return .object(members)
  }

  /// The limits a file is read within, when not the defaults: a shard read with other limits
  /// can refuse files another reads, so merge-reports compares them.
  private var limitsJSON: JSONValue {
    let limits = reading.limits
    return .object([
      ("max_pixels", .integer(limits.maxPixels)), ("max_file_bytes", .integer(limits.maxFileBytes)),
      ("max_jpeg_scans", .integer(limits.maxJPEGScans)), ("max_chunk_bytes", .integer(limits.maxChunkBytes)),
      ("max_vector_bytes", .integer(limits.maxVectorBytes)),
      ("max_vector_elements", .integer(limits.maxVectorElements)),
      ("max_vector_seconds", .number(limits.maxVectorSeconds)),
    ])
  }
}
