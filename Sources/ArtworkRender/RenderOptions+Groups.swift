import ArtworkCodec
import ArtworkGeometry
import ArtworkPixels
import ArtworkReport

/// The option groups of `RenderOptions`. Each says by where it sits whether it can change an
/// output's bytes: `selection` and `running` cannot; every field of the other groups can, and
/// is part of each artwork's cache key (`RenderKey`) without being named there.
extension RenderOptions {
  /// Which files the run takes.
  public struct Selection: Sendable {
    /// The files and folders to read.
    public var inputs: [String]
    /// Globs of files and folders to leave out (`--exclude`), matched against the path below
    /// the input folder and against the name.
    public var excludes: [String] = []
    /// Only this slice of the inputs (`--shard I/N`); nil for all.
    public var shard: Shard?
    /// Follow symbolic links that lead out of the input folder (`--follow-symlinks`).
    public var followSymlinks = false
    /// Per-artwork settings (`artfit.json`); options given on the command line win. What it
    /// says of one artwork is keyed through `RenderOptions.settings(for:)`.
    public var manifest: Manifest?
  }

  /// How each file is read.
  public struct Reading: Sendable {
    /// The largest picture artfit decodes (`--max-pixels`) and the largest file it reads.
    public var limits: ImageLimits
  }

  /// What is solved for each artwork.
  public struct Solving: Sendable {
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
    /// The limits a build gates on (`--max-crop-loss`, `--require-focus`, …).
    public var checks: Checks
    /// The window sizes the app allows itself (`--window-min`, `--window-max`), applied to
    /// every target that stands for a screen's windows.
    public var appWindows = AppWindowLimits.none
    /// Solve the geometry on the content inside baked-in letterbox or pillarbox bars.
    public var trimBars = false
    /// Find a focus region from the pixels for artwork that has none (`--auto-focus`).
    public var autoFocus = false
    /// A team's own devices (`--catalog`, or the manifest's `"catalog"`), when given.
    public var userCatalog: UserCatalog?
    /// The settings the command line gave explicitly: they win over the manifest's.
    public var explicit: Set<ManifestKey> = []
  }

  /// What the previews show and how their pixels are made.
  public struct Drawing: Sendable {
    /// What the previews draw over the artwork (`--overlays`).
    public var overlays: Set<Overlay>
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
    /// As drawn, or an app icon's tinted appearance (`--appearance`).
    public var appearance: Appearance = .default
  }

  /// Which files are written and how they are encoded.
  public struct Writing: Sendable {
    /// Write previews (render) or only solve and check (check).
    public var writePreviews: Bool
    /// Write small JPEG thumbnails of the previews for the contact sheet.
    public var thumbnails: Bool = true
    /// The report files beside report.json (`--reports`): a review's by default, a build's
    /// for `check`.
    public var reports: Set<ReportFile> = ReportFile.forReview
    /// The previews' file format (`--format`).
    public var format: PreviewFormat
    /// How hard PNG previews are compressed (`--png-level`): the fastest by default.
    public var pngEffort: PNGEffort
    /// JPEG previews' quality, 1–100 (`--quality`).
    public var jpegQuality: Int
  }

  /// How the run goes; nothing here changes an output's bytes.
  public struct Running: Sendable {
    /// Where the previews and reports go (`--out`).
    public var outputFolder: String
    /// How many artworks are read and drawn at once (`--jobs`).
    public var jobs: Int
    /// Keep the previews of artworks unchanged since the last render into the same folder.
    public var useCache = true
    /// Wait for another run writing into the same folder (else exit at once).
    public var waitForLock = true
    /// Input files inside the output folder, relative to it: never written
    /// (`InputOverlap`; the batch fills it in).
    public var protectedOutputs: Set<String> = []
  }
}
