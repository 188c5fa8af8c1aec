/// The groups targets belong to; `--targets iphone,video` selects by family.
public enum Family: String, Sendable, Hashable, Codable, CaseIterable {
  case iphone
  case ipad
  case ipod
  case tv
  case split
  case video
  /// A raw canvas given on the command line (`390x844@3`, `1920x1080`).
  case custom
}
