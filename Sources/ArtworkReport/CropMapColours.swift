import ArtworkCodec
import ArtworkGeometry

/// Outline colours of the crop map and the template, by family, and the words their legends
/// use, from the families' table (`FamilyTraits`).
public enum CropMapColours {
  /// The families a legend lists, in its order (iPod touch is drawn as an iPhone).
  public static var legendFamilies: [Family] { Family.legend }

  /// The word a legend uses for `family` ("iPhone", "split window").
  public static func label(for family: Family) -> String { family.traits.legendLabel }

  /// The outline colour of `family`'s screens.
  public static func colour(for family: Family) -> RGB {
    let outline = family.traits.outline
    return RGB(outline.red, outline.green, outline.blue)
  }
}
