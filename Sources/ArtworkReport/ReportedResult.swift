import ArtworkGeometry

/// One result as a report holds it: the geometry and checks (``TargetResult``), where its
/// preview was written, and whether a baseline excuses its failures.
public struct ReportedResult: Sendable, Hashable {
  /// The geometry and the checks.
  public var result: TargetResult
  /// The preview's path relative to the output folder, when one was written.
  public var preview: String?
  /// Whether an earlier run's report already had these failures, no worse: they are
  /// reported but do not fail the run.
  public var baselined = false
  /// The share (0...1) of the focus region's HDR highlights (the whole artwork's when it has
  /// no focus) that the result shows; nil when the artwork has no gain map artfit reads or
  /// that region has no highlights.
  public var hdrHighlightsKept: Double?
  /// For a layered image, each layer's share (0...1) of its visible box outside the result's
  /// safe region, front first as the artwork's `layers`; nil for an artwork of one picture.
  public var layersOutsideSafe: [Double]?

  /// `result`, with its preview when one was written.
  public init(_ result: TargetResult, preview: String? = nil) {
    self.result = result
    self.preview = preview
  }

  /// The screen the result was solved on.
  public var screen: Screen { result.screen }
  /// Where the artwork lands on the screen, and what it loses.
  public var placement: Placement { result.placement }
  /// The checks it failed.
  public var failures: [CheckFailure] { result.failures }
  /// Whether every check passed.
  public var passed: Bool { result.passed }

  /// Whether this result fails the run: a failed check that no baseline excuses.
  public var failsRun: Bool { !result.failures.isEmpty && !baselined }
}
