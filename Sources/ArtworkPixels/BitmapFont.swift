import ArtworkCodec
import ArtworkGeometry

/// A 5×7 pixel capital font for short labels drawn into pictures (the template's legend):
/// no font files, the same pixels on every machine. Lower case is drawn as capitals; a
/// character it lacks is drawn as "?".
public enum BitmapFont {
  /// Glyph cells are 6 font pixels wide (one of spacing) and 7 high.
  public static let advance = 6
  /// Glyph cells' height, in font pixels.
  public static let height = 7

  /// The width of `text` in canvas pixels at `scale` canvas pixels per font pixel.
  public static func width(of text: String, scale: Int) -> Int { text.count * advance * scale }

  /// Draws `text` with its top-left corner at `origin`, each font pixel a `scale`×`scale`
  /// square.
  public static func draw(
    _ text: String, at origin: (x: Int, y: Int), scale: Int, colour: RGB, on canvas: inout TransparentCanvas
  ) {
    for (index, character) in text.enumerated() {
      let rows = glyph(character)
      for (row, bits) in rows.enumerated() {
        for column in 0..<5 where bits & (0b10000 >> column) != 0 {
          canvas.fill(
            Rect(
              x: Double(origin.x + (index * advance + column) * scale), y: Double(origin.y + row * scale),
              width: Double(scale), height: Double(scale)), colour)
        }
      }
    }
  }

  /// The rows of a character's glyph, top first, the leftmost pixel in bit 4.
  static func glyph(_ character: Character) -> [UInt8] {
    let upper = Character(character.uppercased())
    let fold: [Character: Character] = ["×": "X", "–": "-", "—": "-", "’": "'", "‘": "'", "\"": "'"]
    return glyphs[fold[upper] ?? upper] ?? glyphs["?"]!
  }

  private static let glyphs: [Character: [UInt8]] = {
    var table: [Character: [UInt8]] = [:]
    for (character, picture) in pictures {
      table[character] = picture.split(separator: " ").map { row in
        row.reduce(UInt8(0)) { $0 << 1 | ($1 == "#" ? 1 : 0) }
      }
    }
    return table
  }()

  /// Each glyph as seven rows of five pixels, "#" on.
  private static let pictures: [(Character, String)] = [
    ("A", ".###. #...# #...# ##### #...# #...# #...#"), ("B", "####. #...# #...# ####. #...# #...# ####."),
    ("C", ".###. #...# #.... #.... #.... #...# .###."), ("D", "####. #...# #...# #...# #...# #...# ####."),
    ("E", "##### #.... #.... ####. #.... #.... #####"), ("F", "##### #.... #.... ####. #.... #.... #...."),
    ("G", ".###. #...# #.... #.### #...# #...# .####"), ("H", "#...# #...# #...# ##### #...# #...# #...#"),
    ("I", ".###. ..#.. ..#.. ..#.. ..#.. ..#.. .###."), ("J", "..### ...#. ...#. ...#. ...#. #..#. .##.."),
    ("K", "#...# #..#. #.#.. ##... #.#.. #..#. #...#"), ("L", "#.... #.... #.... #.... #.... #.... #####"),
    ("M", "#...# ##.## #.#.# #.#.# #...# #...# #...#"), ("N", "#...# #...# ##..# #.#.# #..## #...# #...#"),
    ("O", ".###. #...# #...# #...# #...# #...# .###."), ("P", "####. #...# #...# ####. #.... #.... #...."),
    ("Q", ".###. #...# #...# #...# #.#.# #..#. .##.#"), ("R", "####. #...# #...# ####. #.#.. #..#. #...#"),
    ("S", ".#### #.... #.... .###. ....# ....# ####."), ("T", "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#.."),
    ("U", "#...# #...# #...# #...# #...# #...# .###."), ("V", "#...# #...# #...# #...# #...# .#.#. ..#.."),
    ("W", "#...# #...# #...# #.#.# #.#.# #.#.# .#.#."), ("X", "#...# #...# .#.#. ..#.. .#.#. #...# #...#"),
    ("Y", "#...# #...# .#.#. ..#.. ..#.. ..#.. ..#.."), ("Z", "##### ....# ...#. ..#.. .#... #.... #####"),
    ("0", ".###. #...# #..## #.#.# ##..# #...# .###."), ("1", "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###."),
    ("2", ".###. #...# ....# ...#. ..#.. .#... #####"), ("3", "####. ....# ....# .###. ....# ....# ####."),
    ("4", "...#. ..##. .#.#. #..#. ##### ...#. ...#."), ("5", "##### #.... ####. ....# ....# #...# .###."),
    ("6", "..##. .#... #.... ####. #...# #...# .###."), ("7", "##### ....# ...#. ..#.. .#... .#... .#..."),
    ("8", ".###. #...# #...# .###. #...# #...# .###."), ("9", ".###. #...# #...# .#### ....# ...#. .##.."),
    (" ", "..... ..... ..... ..... ..... ..... ....."), ("%", "##..# ##..# ...#. ..#.. .#... #..## #..##"),
    ("(", "...#. ..#.. .#... .#... .#... ..#.. ...#."), (")", ".#... ..#.. ...#. ...#. ...#. ..#.. .#..."),
    (":", "..... .##.. .##.. ..... .##.. .##.. ....."), (",", "..... ..... ..... ..... .##.. ..#.. .#..."),
    (".", "..... ..... ..... ..... ..... .##.. .##.."), ("-", "..... ..... ..... ##### ..... ..... ....."),
    ("/", "....# ....# ...#. ..#.. .#... #.... #...."), ("?", ".###. #...# ....# ...#. ..#.. ..... ..#.."),
    ("'", "..#.. ..#.. .#... ..... ..... ..... ....."), ("|", "..#.. ..#.. ..#.. ..#.. ..#.. ..#.. ..#.."),
    ("_", "..... ..... ..... ..... ..... ..... #####"), ("+", "..... ..#.. ..#.. ##### ..#.. ..#.. ....."),
    ("@", ".###. #...# #.### #.#.# #.### #.... .####"), ("&", ".##.. #..#. #.#.. .#... #.#.# #..#. .##.#"),
    ("=", "..... ..... ##### ..... ##### ..... ....."),
  ]
}
