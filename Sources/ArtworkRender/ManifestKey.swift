/// A setting that both the command line and the manifest can give; the command line wins
/// for the ones it gave (`RenderOptions.explicit`).
public enum ManifestKey: String, CaseIterable, Sendable, Hashable {
  /// `"targets"`: the screens, as `--target` takes them.
  case targets
  /// `"orientations"`, as `--orientation` takes them.
  case orientations
  /// `"modes"`, as `--mode` takes them.
  case modes
  /// `"gravity"`, as `--gravity` takes it.
  case gravity
  /// `"focus"`: fractions x, y, w, h of the artwork.
  case focus
  /// `"max_crop_loss"`, as `--max-crop-loss` takes it.
  case maxCropLoss = "max_crop_loss"
  /// `"require_focus"`, as `--require-focus` sets it.
  case requireFocus = "require_focus"
  /// `"window_min"`: the app's smallest window, `"WxH"` in points, as `--window-min` takes it.
  case windowMin = "window_min"
  /// `"window_max"`: the app's largest window, as `--window-max` takes it.
  case windowMax = "window_max"
}
