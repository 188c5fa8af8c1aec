import ArtworkReport
@_spi(Support) import ArtworkSupport
import Foundation

/// What an artwork's outputs are made from besides its bytes: artfit's build, every option
/// of the groups that shape outputs (`RenderOptions.reading`, `solving`, `drawing`,
/// `writing`), written out field by field (`CanonicalText`), and what the manifest says of
/// this artwork. A field added to one of those groups is in the key without being listed
/// here; `selection` and `running` choose artworks and threads and never are.
struct RenderKey {
  /// Names the layout of the key; a change of it sets every earlier cache aside.
  static let layout = "render key 1"

  /// The hash of what every artwork of the run shares.
  let run: String
  private let options: RenderOptions

  init(options: RenderOptions) {
    self.options = options
    let text = [
      Self.layout, ArtfitBuild.identity, CanonicalText.of(options.reading), CanonicalText.of(options.solving),
      CanonicalText.of(options.drawing), CanonicalText.of(options.writing),
    ].joined(separator: "\n")
    run = ContentHash.hex128(Array(text.utf8))
  }

  /// The key of `file`'s outputs: the run's, its stem (where they go), and the manifest's
  /// settings for it (its defaults and every entry that matches it, merged).
  func artwork(_ file: ArtworkFile) -> String {
    guard let manifest = options.selection.manifest else { return ContentHash.hex128(Array((run + file.stem).utf8)) }
    let chosen = CanonicalText.of(manifest.settings(for: file.path))
    return ContentHash.hex128(Array((run + "\n" + file.stem + "\n" + chosen).utf8))
  }
}
