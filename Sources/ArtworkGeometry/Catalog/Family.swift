/// The groups targets belong to; `--targets iphone,video` selects by family. What artfit says
/// and does for each is its row of `FamilyTraits`.
public enum Family: String, Sendable, Hashable, Codable, CaseIterable {
  /// iPhones.
  case iphone
  /// iPads, full screen.
  case ipad
  /// iPod touch.
  case ipod
  /// Apple TV HD and Apple TV 4K.
  case tv
  /// iPad Split View and Slide Over windows, as iPadOS 9–18 sized them.
  case split
  /// Every window a person can make on an iPad running iPadOS 26, from the smallest to the
  /// whole screen; `ipad` selects them too.
  case ipadWindows = "ipad-windows"
  /// Video and social aspect ratios (16:9, 2.39:1, 9:16, 1:1, …).
  case video
  /// Apple Watch displays, each a rounded rectangle a full-screen photo fills.
  case watch
  /// Mac displays at their default sizes, with the camera housing where there is one.
  case mac
  /// Apple Vision Pro: a window at its default size.
  case vision
  /// CarPlay screens, as the CarPlay Simulator offers them.
  case carplay
  /// App Store screenshot and app preview sizes: canvases with no safe area.
  case appstore
  /// Apple TV Top Shelf: the static image and each dynamic item, with its safe zone.
  case topshelf
  /// App icon slots: each platform's icon canvas, its mask, and tvOS's parallax safe zone.
  case icon
  /// A raw canvas given on the command line (`390x844@3`, `1920x1080`).
  case custom
}
