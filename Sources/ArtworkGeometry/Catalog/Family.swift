/// The groups targets belong to; `--targets iphone,video` selects by family.
public enum Family: String, Sendable, Hashable, Codable, CaseIterable {
  /// iPhones.
  case iphone
  /// iPads, full screen.
  case ipad
  /// iPod touch.
  case ipod
  /// Apple TV HD and Apple TV 4K.
  case tv
  /// iPad Split View and Slide Over windows.
  case split
  /// Video and social aspect ratios (16:9, 2.39:1, 9:16, 1:1, …).
  case video
  /// A raw canvas given on the command line (`390x844@3`, `1920x1080`).
  case custom
}
