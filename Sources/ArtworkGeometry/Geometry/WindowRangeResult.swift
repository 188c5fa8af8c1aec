/// A window of a range, in whole points.
public struct WindowSize: Sendable, Hashable, CustomStringConvertible {
  /// The width in points.
  public var width: Int
  /// The height in points.
  public var height: Int

  /// A `width` x `height` point window.
  public init(_ width: Int, _ height: Int) {
    self.width = width
    self.height = height
  }

  /// Width over height.
  public var aspectRatio: Double { Double(width) / Double(height) }

  /// Whether this window is narrower (width over height smaller) than `other`, exactly.
  public func isNarrower(than other: WindowSize) -> Bool { width * other.height < other.width * height }

  /// "WxH".
  public var description: String { "\(width)x\(height)" }
}

/// One artwork over every window of a range: each figure's worst value and a window that
/// gives it, the windows each check fails in, and what failed.
public struct WindowRangeResult: Sendable, Hashable {
  /// A figure's worst value over the range, and a window that gives it: the narrowest or the
  /// widest where the aspect ratio decides, else the first by width, then height.
  public struct Worst: Sendable, Hashable {
    /// The figure, as a fraction.
    public var value: Double
    /// A window giving it.
    public var window: WindowSize

    /// `value`, given by `window`.
    public init(value: Double, window: WindowSize) {
      self.value = value
      self.window = window
    }
  }

  /// The kept windows of the narrowest and the widest aspect ratio. Where the aspect ratio
  /// alone decides, a window keeps the focus (or stays within the crop limit) exactly when
  /// its aspect lies between theirs.
  public struct AspectBounds: Sendable, Hashable {
    /// The narrowest window kept.
    public var narrowest: WindowSize
    /// The widest window kept.
    public var widest: WindowSize

    /// The kept windows from `narrowest` to `widest`.
    public init(narrowest: WindowSize, widest: WindowSize) {
      self.narrowest = narrowest
      self.widest = widest
    }
  }

  /// A check that fails in some window: the failure at the worst window, and how many fail.
  public struct Failure: Sendable, Hashable {
    /// The failure, with the worst figure.
    public var failure: CheckFailure
    /// The window with that figure; nil when the check fails for want of a focus, everywhere.
    public var window: WindowSize?
    /// How many windows of the range fail the check.
    public var windows: Int

    /// `failure` at its worst `window`, failing in `windows` windows.
    public init(failure: CheckFailure, window: WindowSize?, windows: Int) {
      self.failure = failure
      self.window = window
      self.windows = windows
    }
  }

  /// The windows.
  public var range: WindowRange
  /// The artwork's size in pixels, upright.
  public var source: Size
  /// `fit` or `fill`.
  public var mode: FitMode
  /// Where a fill crop sits.
  public var gravity: Gravity
  /// The focus region, when known.
  public var focus: FocusRegion?
  /// Whether the aspect ratio alone decides every figure (no window keeps insets): then the
  /// worst windows are the range's narrowest and widest, and `focusKept` bounds the kept ones.
  public var decidedByAspect: Bool
  /// The most of the source cut away (0 under fit).
  public var cropLoss: Worst
  /// The most of the canvas left to bars (0 under fill).
  public var barsFraction: Worst
  /// The most of the source outside the safe area.
  public var safeCropLoss: Worst
  /// The most of the focus outside the visible safe area; nil without a focus.
  public var focusLoss: Worst?
  /// The windows where the focus is not wholly inside the visible safe area; nil without a focus.
  public var focusCut: WindowSizes?
  /// The aspect ratios that keep the focus, where the aspect alone decides and some window does.
  public var focusKept: AspectBounds?
  /// The windows whose crop loss is over `--max-crop-loss`; nil without that limit.
  public var overCropLimit: WindowSizes?
  /// The aspect ratios within the crop limit, where the aspect alone decides and some window is.
  public var withinCropLimit: AspectBounds?
  /// The part of the source every window shows inside its safe area, in source pixels (empty
  /// when they share none).
  public var safeEverywhere: Rect
  /// The checks that fail in some window, in the order the checks are listed.
  public var failures: [Failure]

  /// Every figure as given.
  public init(
    range: WindowRange, source: Size, mode: FitMode, gravity: Gravity, focus: FocusRegion?, decidedByAspect: Bool,
    cropLoss: Worst, barsFraction: Worst, safeCropLoss: Worst, focusLoss: Worst?, focusCut: WindowSizes?,
    focusKept: AspectBounds?, overCropLimit: WindowSizes?, withinCropLimit: AspectBounds?, safeEverywhere: Rect,
    failures: [Failure]
  ) {
    self.range = range
    self.source = source
    self.mode = mode
    self.gravity = gravity
    self.focus = focus
    self.decidedByAspect = decidedByAspect
    self.cropLoss = cropLoss
    self.barsFraction = barsFraction
    self.safeCropLoss = safeCropLoss
    self.focusLoss = focusLoss
    self.focusCut = focusCut
    self.focusKept = focusKept
    self.overCropLimit = overCropLimit
    self.withinCropLimit = withinCropLimit
    self.safeEverywhere = safeEverywhere
    self.failures = failures
  }

  /// Whether every window passes every check.
  public var passed: Bool { failures.isEmpty }

  /// Where a failed `check` fails, as a failure's message ends: " (in 1,204 of 738,135
  /// windows; the worst is 1366x375 pt)"; empty when the check did not fail here.
  public func extent(of check: CheckFailure.Check) -> String {
    guard let failed = failures.first(where: { $0.failure.check == check }) else { return "" }
    let worst = failed.window.map { "; the worst is \($0) pt" } ?? ""
    return " (in \(Self.grouped(failed.windows)) of \(Self.grouped(range.count)) windows\(worst))"
  }

  /// 738135 as "738,135".
  public static func grouped(_ count: Int) -> String {
    // Whole numbers, not string surgery: every failing range's message groups two counts.
    var rest = count.magnitude
    var text = ""
    while rest >= 1000 {
      let group = String(rest % 1000)
      text = "," + String(repeating: "0", count: 3 - group.count) + group + text
      rest /= 1000
    }
    return (count < 0 ? "-" : "") + String(rest) + text
  }
}
