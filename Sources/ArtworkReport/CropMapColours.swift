import ArtworkCodec
import ArtworkGeometry

/// Outline colours of the crop map and the template, by family, and the words their legends
/// use.
public enum CropMapColours {
  /// The families a legend lists, in its order (iPod touch is drawn as an iPhone).
  public static let legendFamilies: [Family] = [.iphone, .ipad, .tv, .video, .split, .custom]

  /// The word a legend uses for `family` ("iPhone", "split window").
  public static func label(for family: Family) -> String {
    switch family {
    case .iphone, .ipod: "iPhone"
    case .ipad: "iPad"
    case .tv: "Apple TV"
    case .video: "video"
    case .split: "split window"
    case .custom: "canvas"
    }
  }

  /// The outline colour of `family`'s screens.
  public static func colour(for family: Family) -> RGB {
    switch family {
    case .iphone, .ipod: RGB(255, 59, 48)
    case .ipad: RGB(10, 132, 255)
    case .tv: RGB(52, 199, 89)
    case .video: RGB(191, 90, 242)
    case .split: RGB(255, 159, 10)
    case .custom: RGB(255, 255, 255)
    }
  }
}
