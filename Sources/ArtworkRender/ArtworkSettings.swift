import ArtworkGeometry

/// What one artwork is solved with: the run's options, with the manifest's settings for it
/// where the command line did not say.
struct ArtworkSettings {
  var screens: [Screen]
  var modes: [FitMode]
  /// nil: `focus` when a focus region is known, else `center`.
  var gravity: Gravity?
  var focus: FocusRegion?
  var checks: Checks
}
