import ArtworkGeometry
@_spi(Support) import ArtworkSupport
import Foundation

/// Reads one settings object of a manifest (`"defaults"`, or an `"artworks"` entry) key by
/// key; every complaint names the manifest, the place in it and the key.
struct ManifestSettingsReader {
  typealias Failure = Manifest.Failure

  /// Where the object sits (`defaults`, `artworks["hero*.png"]`), for the messages.
  let place: String
  /// The manifest's path.
  let file: String
  /// The catalog targets are looked up in.
  let catalog: TargetCatalog

  /// The settings `value` (an object) gives.
  func settings(_ value: JSONValue) throws(Failure) -> Manifest.Settings {
    guard case .object(let members) = value else { throw Failure(file: file, message: "\(place) must be an object") }
    var settings = Manifest.Settings()
    for (key, value) in members { try read(key, value, into: &settings) }
    if let problem = AppWindowLimits(minimum: settings.windowMin, maximum: settings.windowMax).problem {
      throw Failure(file: file, message: "\(place): \"window_min\" and \"window_max\": \(problem)")
    }
    return settings
  }

  /// Sets what `key` says on `settings`.
  private func read(_ key: String, _ value: JSONValue, into settings: inout Manifest.Settings) throws(Failure) {
    switch key {
    case "targets":
      let names = try strings(value, key)
      guard !names.isEmpty else { throw bad(key, "it names no target; give a family, a device or a canvas") }
      do throws(TargetSelection.Failure) {
        settings.targets = try TargetSelection.resolve(names, in: catalog)
      } catch {
        throw Failure(file: file, message: "\(place): \"targets\": \(error.description)")
      }
    case "orientations":
      let names = try strings(value, key)
      settings.orientations = try parsed(key) { () throws(ValueError) in try ScreenOrientation.parseList(names) }
    case "modes":
      let names = try strings(value, key)
      settings.modes = try parsed(key) { () throws(ValueError) in try FitMode.parseList(names) }
    case "gravity":
      guard case .string(let name) = value else { throw bad(key, "expected a gravity's name") }
      settings.gravity = try parsed(key) { () throws(ValueError) in try Gravity.parse(name) }
    case "focus":
      settings.focus = try focus(value, key)
    case "max_crop_loss":
      settings.maxCropLoss = try fraction(value, key)
    case "require_focus":
      guard case .bool(let flag) = value else { throw bad(key, "require_focus is true or false") }
      settings.requireFocus = flag
    case "window_min", "window_max":
      guard case .string(let text) = value else { throw bad(key, "\(key) is a window size \"WxH\" in points") }
      let size = try parsed(key) { () throws(ValueError) in try AppWindowLimits.parseSize(text) }
      if key == "window_min" { settings.windowMin = size } else { settings.windowMax = size }
    default:
      throw Failure(
        file: file,
        message:
          "\(place): unknown key \"\(key)\" (known keys: \(ManifestKey.allCases.map(\.rawValue).joined(separator: ", ")))"
      )
    }
  }

  /// `[x, y, w, h]` or `{"x", "y", "w", "h"}`, fractions of the source.
  private func focus(_ value: JSONValue, _ key: String) throws(Failure) -> FocusRegion {
    var numbers: [Double] = []
    if case .array(let items) = value { numbers = items.compactMap(Self.number) }
    if case .object(let fields) = value {
      let dictionary = Dictionary(fields, uniquingKeysWith: { $1 })
      numbers = ["x", "y", "w", "h"].compactMap { dictionary[$0].flatMap(Self.number) }
    }
    return try parsed(key) { () throws(ValueError) in try FocusRegion.parse(numbers, origin: .manifest) }
  }

  /// A fraction 0...1, or a percentage as text ("25%").
  private func fraction(_ value: JSONValue, _ key: String) throws(Failure) -> Double {
    if case .string(let text) = value {
      return try parsed(key) { () throws(ValueError) in try Fraction.parse(text) }
    }
    guard let fraction = Self.number(value), fraction >= 0, fraction <= 1 else {
      throw bad(key, "max_crop_loss is a fraction 0...1 or a percentage such as \"25%\"")
    }
    return fraction
  }

  /// A list of names: an array of strings, or one string of comma-separated names.
  private func strings(_ value: JSONValue, _ key: String) throws(Failure) -> [String] {
    switch value {
    case .string(let text): return text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
    case .array(let items):
      var result: [String] = []
      for item in items {
        guard case .string(let text) = item else { throw bad(key, "expected a list of strings") }
        result.append(text)
      }
      return result
    default: throw bad(key, "expected a list of strings")
    }
  }

  /// A value read by the library's parser for its type; its complaint names the key.
  private func parsed<Value>(_ key: String, _ parse: () throws(ValueError) -> Value) throws(Failure) -> Value {
    do { return try parse() } catch { throw bad(key, error.message) }
  }

  private func bad(_ key: String, _ accepted: String) -> Failure {
    Failure(file: file, message: "\(place): bad value for \"\(key)\"; \(accepted)")
  }

  private static func number(_ value: JSONValue) -> Double? {
    switch value {
    case .integer(let n): return Double(n)
    case .number(let n): return n
    default: return nil
    }
  }
}
