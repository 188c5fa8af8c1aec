import ArtworkCodec
import ArtworkGeometry

/// Outline colours of the crop map, by family (the contact sheet shows the legend).
public enum CropMapColours {
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
