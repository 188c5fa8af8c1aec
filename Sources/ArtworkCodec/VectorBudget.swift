/// Which of a vector document's bounds it would pass (`ImageLimits`): the bounds hold an SVG
/// or PDF to seconds and a known memory whatever it holds.
public enum VectorBudget: Hashable, Sendable {
  /// The document's size in bytes, over `limit`.
  case bytes(Int, limit: Int)
  /// A compressed document (SVGZ) inflating to more than `limit` bytes.
  case inflated(limit: Int)
  /// More than `limit` elements once its references are expanded (`<use>`, `url(#id)`).
  case elements(limit: Int)
  /// Parsing and drawing it ran past `limit` seconds in all and was stopped.
  case seconds(limit: Double)

  /// What was over, in words: "it holds more than 200000 elements …".
  public var message: String {
    switch self {
    case .bytes(let size, let limit):
      "it is \(size) bytes, more than the limit of \(limit) for a vector document: simplify it"
    case .inflated(let limit):
      "it inflates to more than \(limit) bytes, the limit for a vector document: simplify it"
    case .elements(let limit):
      "it holds more than \(limit) elements once its references (<use>, url(#id)) are expanded: simplify it"
    case .seconds(let limit):
      "drawing it would take more than \(Self.secondsText(limit)) s: simplify it"
    }
  }

  /// Seconds as typed: "10", "2.5".
  public static func secondsText(_ value: Double) -> String {
    value == value.rounded() && value < 1e15 ? String(Int(value)) : String(value)
  }
}
