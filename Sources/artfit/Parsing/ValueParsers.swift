import Artwork

/// Turns option values into typed values, with messages that say what is accepted.
enum ValueParsers {
  static func size(_ text: String, option: String) throws(UsageError) -> Size {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0,
      w.isFinite, h.isFinite
    else {
      throw UsageError("\(option) takes WxH in pixels, e.g. 2732x2732 (got '\(text)')")
    }
    return Size(w, h)
  }

  static func list(_ text: String) -> [String] {
    text.split(separator: ",").map { String($0).trimmed }.filter { !$0.isEmpty }
  }

  static func modes(_ text: String, option: String) throws(UsageError) -> [FitMode] {
    var result: [FitMode] = []
    for item in list(text) {
      guard let mode = FitMode(rawValue: item.lowercased()) else {
        throw UsageError("\(option): unknown mode '\(item)'; modes are fit, fill, auto")
      }
      if !result.contains(mode) { result.append(mode) }
    }
    guard !result.isEmpty else { throw UsageError("\(option) needs at least one of fit, fill, auto") }
    return result
  }

  static func gravity(_ text: String) throws(UsageError) -> Gravity {
    guard let gravity = Gravity(rawValue: text.lowercased()) else {
      let names = Gravity.allCases.map(\.rawValue).joined(separator: ", ")
      throw UsageError("--gravity: unknown gravity '\(text)'; gravities are \(names)")
    }
    return gravity
  }

  static func orientations(_ text: String, option: String) throws(UsageError) -> [ScreenOrientation] {
    var result: [ScreenOrientation] = []
    for item in list(text) {
      guard let orientation = ScreenOrientation(rawValue: item.lowercased()) else {
        throw UsageError(
          "\(option): unknown orientation '\(item)'; orientations are portrait, landscape, landscape-right")
      }
      if !result.contains(orientation) { result.append(orientation) }
    }
    guard !result.isEmpty else { throw UsageError("\(option) needs portrait, landscape or both") }
    return result
  }

  static func focus(_ text: String, origin: FocusRegion.Origin = .option) throws(UsageError) -> FocusRegion {
    let parts = list(text)
    let numbers = parts.compactMap(Double.init)
    guard parts.count == 4, numbers.count == 4 else {
      throw UsageError(
        "--focus takes X,Y,W,H as fractions 0...1 of the source, e.g. 0.3,0.2,0.4,0.5 (got '\(text)')")
    }
    guard
      let region = FocusRegion(
        x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3], origin: origin)
    else {
      throw UsageError(
        "--focus \(text) is empty or reaches outside the source: X,Y >= 0, W,H > 0, X+W <= 1, Y+H <= 1")
    }
    return region
  }

  /// `25%` or `0.25`.
  static func fraction(_ text: String, option: String) throws(UsageError) -> Double {
    let trimmed = text.trimmed
    let value =
      trimmed.hasSuffix("%") ? Double(trimmed.dropLast()).map { $0 / 100 } : Double(trimmed)
    guard let value, value >= 0, value <= 1 else {
      throw UsageError(
        "\(option) takes a fraction 0...1 or a percentage, e.g. 0.25 or 25% (got '\(text)')")
    }
    return value
  }

  static func integer(_ text: String, option: String, range: ClosedRange<Int>) throws(UsageError) -> Int {
    guard let value = Int(text.trimmed), range.contains(value) else {
      throw UsageError(
        "\(option) takes a whole number \(range.lowerBound)...\(range.upperBound) (got '\(text)')")
    }
    return value
  }

  static func scale(_ text: String, option: String) throws(UsageError) -> Double {
    let trimmed = text.lowercased().trimmed
    let number = trimmed.hasSuffix("x") ? String(trimmed.dropLast()) : trimmed
    guard let value = Double(number), value > 0, value <= 10 else {
      throw UsageError("\(option) takes a scale factor such as 2 or 3 (got '\(text)')")
    }
    return value
  }
}

extension String {
  var trimmed: String {
    var slice = Substring(self)
    while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
    while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
    return String(slice)
  }
}
