/// A setting that both the command line and the manifest can give; the command line wins
/// for the ones it gave (`RenderOptions.explicit`).
public enum ManifestKey: String, CaseIterable, Sendable, Hashable {
  case targets
  case orientations
  case modes
  case gravity
  case focus
  case maxCropLoss = "max_crop_loss"
  case requireFocus = "require_focus"
}
