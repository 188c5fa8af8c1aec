/// One artwork file found among the inputs.
public struct ArtworkFile: Sendable, Hashable {
  /// The path as found (relative to where artfit runs when the input was relative).
  public var path: String
  /// The name previews are filed under: the path below the input folder, without extension
  /// (`art/onboarding/hero.png` given `art` → `onboarding/hero`), made distinct from the
  /// run's other stems (`hero-png`), so it can change when another file is added.
  public var stem: String
  /// The path below the input the file was found under, with its extension
  /// (`onboarding/hero.png`); a file given by name is its own name. The end of `path`.
  public var relativePath: String

  /// An artwork at `path`, found as `relativePath` below its input, its outputs filed under
  /// `stem`. Without `relativePath`, the stem with the path's extension (what reports of
  /// earlier versions allow).
  public init(path: String, stem: String, relativePath: String? = nil) {
    self.path = path
    self.stem = stem
    self.relativePath = relativePath ?? Self.stemWithExtension(path: path, stem: stem)
  }

  /// The input the file was found under, as given without `./` and trailing slashes: `path`
  /// without `relativePath` (`ios` for `ios/hero.png`), the folder of a file given by name.
  public var input: String {
    let (whole, tail) = (Array(path.utf8), Array(relativePath.utf8))
    guard whole.count >= tail.count, whole[(whole.count - tail.count)...].elementsEqual(tail) else { return "" }
    return Self.inputName(String(decoding: whole[..<(whole.count - tail.count)], as: UTF8.self))
  }

  /// The input an input argument names for its files (`input`): a folder itself, a file its
  /// folder.
  public static func input(ofArgument argument: String, isFolder: Bool) -> String {
    guard !isFolder else { return inputName(argument + "/") }
    guard let slash = argument.lastIndex(of: "/") else { return "" }
    return inputName(String(argument[...slash]))
  }

  /// `prefix` (the path up to a relative path) without `./` and trailing slashes.
  private static func inputName(_ prefix: String) -> String {
    var input = Substring(prefix)
    while input.hasSuffix("/") && input.count > 1 { input = input.dropLast() }
    while input.hasPrefix("./") { input = input.dropFirst(2) }
    return input == "." ? "" : String(input)
  }

  private static func stemWithExtension(path: String, stem: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return stem }
    return stem + name[dot...]
  }
}
