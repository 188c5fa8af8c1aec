import ArtworkGeometry
@_spi(Support) import ArtworkSupport

/// The members of one user catalog entry (`CatalogEntry`) as they are read: each key read
/// once, problems named by key, typed readers for the kinds of value a target has.
struct CatalogFields {
  private var members: [(String, JSONValue)]
  private var read: Set<String> = []
  var problems: [String] = []

  init(_ members: [(String, JSONValue)]) { self.members = members }

  var unread: [String] { members.map(\.0).filter { !read.contains($0) } }

  /// The value of `key`, nil when absent or null (absent meaning none).
  private mutating func take(_ key: String) -> JSONValue? {
    read.insert(key)
    guard let value = members.first(where: { $0.0 == key })?.1, value != .null else { return nil }
    return value
  }

  mutating func skip(_ key: String) { read.insert(key) }

  private mutating func missing(_ key: String, _ required: Bool) {
    if required { problems.append("\(key): required") }
  }

  mutating func string(_ key: String, required: Bool = false) -> String? {
    guard let value = take(key) else {
      missing(key, required)
      return nil
    }
    guard case .string(let text) = value, !text.isEmpty else {
      problems.append("\(key): expected a non-empty string")
      return nil
    }
    return text
  }

  mutating func strings(_ key: String) -> [String]? {
    guard let value = take(key) else { return nil }
    guard case .array(let items) = value, let texts = Self.texts(items) else {
      problems.append("\(key): expected a list of strings")
      return nil
    }
    return texts
  }

  mutating func stringLists(_ key: String) -> [String: [String]]? {
    guard let value = take(key) else { return nil }
    var result: [String: [String]] = [:]
    guard case .object(let members) = value else {
      problems.append("\(key): expected an object of lists of strings")
      return nil
    }
    for (name, item) in members {
      guard case .array(let items) = item, let texts = Self.texts(items) else {
        problems.append("\(key).\(name): expected a list of strings")
        continue
      }
      result[name] = texts
    }
    return result
  }

  mutating func stringMap(_ key: String) -> [String: String]? {
    guard let value = take(key) else { return nil }
    guard case .object(let members) = value else {
      problems.append("\(key): expected an object of strings")
      return nil
    }
    var result: [String: String] = [:]
    for (name, item) in members {
      guard case .string(let text) = item else {
        problems.append("\(key).\(name): expected a string")
        continue
      }
      result[name] = text
    }
    return result
  }

  private static func texts(_ items: [JSONValue]) -> [String]? {
    var texts: [String] = []
    for item in items {
      guard case .string(let text) = item else { return nil }
      texts.append(text)
    }
    return texts
  }

  private static func number(_ value: JSONValue) -> Double? {
    switch value {
    case .integer(let n): Double(n)
    case .number(let n): n.isFinite ? n : nil
    default: nil
    }
  }

  /// A number at `key` (a dotted path names a member's member in problems).
  mutating func number(
    _ key: String, required: Bool = false, atLeast low: Double? = nil, above floor: Double? = nil,
    atMost high: Double? = nil
  ) -> Double? {
    guard let value = take(key) else {
      missing(key, required)
      return nil
    }
    return checkedNumber(value, at: key, atLeast: low, above: floor, atMost: high)
  }

  private mutating func checkedNumber(
    _ value: JSONValue, at key: String, atLeast low: Double? = nil, above floor: Double? = nil,
    atMost high: Double? = nil
  ) -> Double? {
    guard let number = Self.number(value) else {
      problems.append("\(key): expected a number")
      return nil
    }
    // Out of range is reported here and read as absent, so no check downstream builds on it.
    if let low, number < low {
      problems.append("\(key): \(formatNumber(number)) is below \(formatNumber(low))")
      return nil
    }
    if let floor, number <= floor {
      problems.append("\(key): \(formatNumber(number)) must be above \(formatNumber(floor))")
      return nil
    }
    if let high, number > high {
      problems.append("\(key): \(formatNumber(number)) exceeds \(formatNumber(high))")
      return nil
    }
    return number
  }

  /// The numbers of an object's members, by name, each checked; nil when any is missing.
  private mutating func numbers(_ value: JSONValue, at key: String, _ names: [String], positive: Bool) -> [Double]? {
    guard case .object(let members) = value else {
      problems.append("\(key): expected an object with \(names.map { "\"\($0)\"" }.joined(separator: ", "))")
      return nil
    }
    var result: [Double] = []
    for name in names {
      guard let item = members.first(where: { $0.0 == name })?.1 else {
        problems.append("\(key).\(name): required")
        continue
      }
      if let number = checkedNumber(item, at: "\(key).\(name)", atLeast: positive ? nil : 0, above: positive ? 0 : nil)
      {
        result.append(number)
      }
    }
    for (name, _) in members where !names.contains(name) { problems.append("\(key): unknown key \"\(name)\"") }
    return result.count == names.count ? result : nil
  }

  mutating func size(_ key: String, required: Bool) -> Size? {
    guard let value = take(key) else {
      missing(key, required)
      return nil
    }
    guard let wh = numbers(value, at: key, ["w", "h"], positive: true) else { return nil }
    if wh[0] > 100_000 || wh[1] > 100_000 { problems.append("\(key): larger than 100000 points") }
    return Size(wh[0], wh[1])
  }

  mutating func pixelSize(_ key: String) -> PixelSize? {
    guard let value = take(key) else { return nil }
    guard let wh = numbers(value, at: key, ["w", "h"], positive: true) else { return nil }
    guard wh.allSatisfy({ $0 == $0.rounded() && $0 <= 1_000_000 }) else {
      problems.append("\(key): expected whole pixels")
      return nil
    }
    return PixelSize(Int(wh[0]), Int(wh[1]))
  }

  /// The orientations, by default both for a device, the shape's own for a fixed canvas.
  mutating func orientations(family: Family?, points: Size?) -> [ScreenOrientation] {
    let fixed: [ScreenOrientation] = [(points.map { $0.width > $0.height } ?? true) ? .landscape : .portrait]
    let fallback: [ScreenOrientation] = family?.traits.turns == true ? [.portrait, .landscape] : fixed
    guard let names = strings("orientations") else { return fallback }
    var result: [ScreenOrientation] = []
    for name in names {
      guard let orientation = ScreenOrientation(rawValue: name), orientation != .landscapeRight else {
        problems.append("orientations: unknown orientation \"\(name)\" (portrait, landscape)")
        continue
      }
      if result.contains(orientation) {
        problems.append("orientations: \"\(name)\" twice")
      } else {
        result.append(orientation)
      }
    }
    if names.isEmpty { problems.append("orientations: names none") }
    return result.isEmpty ? fallback : result
  }

  mutating func safeArea(_ key: String, target: Target, checked: Bool, basisKey: String?) -> Target.SafeArea? {
    let basis = basisKey.flatMap { string($0) }
    guard let value = take(key) else { return nil }
    guard case .object(let members) = value else {
      problems.append("\(key): expected an object with \"portrait\" and \"landscape\"")
      return nil
    }
    var insets: [ScreenOrientation: Insets] = [:]
    var alternateBasis: String?
    for (name, item) in members {
      if basisKey == nil && name == "basis" {
        if case .string(let text) = item {
          alternateBasis = text
        } else {
          problems.append("\(key).basis: expected a string")
        }
        continue
      }
      guard let orientation = ScreenOrientation(rawValue: name), orientation != .landscapeRight else {
        problems.append("\(key): unknown key \"\(name)\" (portrait, landscape)")
        continue
      }
      guard item != .null else { continue }
      let place = "\(key).\(name)"
      guard let values = numbers(item, at: place, ["top", "left", "bottom", "right"], positive: false) else { continue }
      let inset = Insets(top: values[0], left: values[1], bottom: values[2], right: values[3])
      if checked { checkInsets(inset, on: target.canvasPoints(in: orientation), at: place) }
      insets[orientation] = inset
    }
    return Target.SafeArea(
      portrait: insets[.portrait], landscape: insets[.landscape], basis: basis ?? alternateBasis ?? "")
  }

  private mutating func checkInsets(_ insets: Insets, on screen: Size, at place: String) {
    if insets.top + insets.bottom > screen.height {
      problems.append(
        "\(place): top \(formatNumber(insets.top)) + bottom \(formatNumber(insets.bottom)) exceeds the height \(formatNumber(screen.height))"
      )
    }
    if insets.left + insets.right > screen.width {
      problems.append(
        "\(place): left \(formatNumber(insets.left)) + right \(formatNumber(insets.right)) exceeds the width \(formatNumber(screen.width))"
      )
    }
  }

  /// The corners' radii: version 2's `corners`, each its own, or version 1's `corner_radius`,
  /// one for all; each at most half the screen's shorter side.
  mutating func corners(on screen: Size, checked: Bool) -> CornerRadii? {
    let uniform = number("corner_radius", atLeast: 0)
    var radii = uniform.map { CornerRadii(uniform: $0) }
    var key = "corner_radius"
    if let value = take("corners") {
      if uniform != nil { problems.append("corners, corner_radius: give one (version 2 writes \"corners\")") }
      key = "corners"
      guard let values = numbers(value, at: key, CornerRadii.keys, positive: false) else { return nil }
      radii = CornerRadii(topLeft: values[0], topRight: values[1], bottomRight: values[2], bottomLeft: values[3])
    }
    let most = min(screen.width, screen.height) / 2
    if checked, let radii, radii.largest > most {
      problems.append("\(key): \(formatNumber(radii.largest)) exceeds half the shorter side, \(formatNumber(most))")
    }
    return radii
  }

  /// The reserved regions: version 2's `regions`, or version 1's `sensor_housing` (a notch or
  /// an island, an occlusion); each inside the screen of `screen` points.
  mutating func regions(on screen: Size, checked: Bool) -> [ScreenRegion] {
    var regions: [ScreenRegion] = []
    if let housing = take("sensor_housing") {
      regions +=
        region(
          housing, at: "sensor_housing", kind: .occlusion, shapes: [.notch, .island], on: screen, checked: checked
        )
        .map { [$0] } ?? []
    }
    guard let value = take("regions") else { return regions }
    if !regions.isEmpty { problems.append("regions, sensor_housing: give one (version 2 writes \"regions\")") }
    guard case .array(let items) = value else {
      problems.append("regions: expected a list of region objects")
      return regions
    }
    for (index, item) in items.enumerated() {
      if let region = region(
        item, at: "regions[\(index)]", kind: nil, shapes: ScreenRegion.Shape.allCases, on: screen, checked: checked)
      {
        regions.append(region)
      }
    }
    return regions
  }

  /// One region object: its kind (given, or fixed by version 1's key), shape and rect.
  private mutating func region(
    _ value: JSONValue, at key: String, kind fixedKind: ScreenRegion.Kind?, shapes: [ScreenRegion.Shape],
    on screen: Size,
    checked: Bool
  ) -> ScreenRegion? {
    guard case .object(let members) = value else {
      problems.append("\(key): expected an object with \"kind\", \"shape\" and \"x\", \"y\", \"w\", \"h\"")
      return nil
    }
    let names = (fixedKind == nil ? ["kind"] : []) + ["shape", "x", "y", "w", "h"]
    for (name, _) in members where !names.contains(name) { problems.append("\(key): unknown key \"\(name)\"") }
    var kind = fixedKind
    if fixedKind == nil {
      let name = members.first { $0.0 == "kind" }?.1
      kind = name.flatMap { if case .string(let text) = $0 { ScreenRegion.Kind(rawValue: text) } else { nil } }
      if kind == nil { problems.append("\(key).kind: expected \"occlusion\" or \"division\"") }
    }
    let shapeName = members.first { $0.0 == "shape" }?.1
    let shape = shapeName.flatMap { if case .string(let text) = $0 { ScreenRegion.Shape(rawValue: text) } else { nil } }
      .flatMap { shapes.contains($0) ? $0 : nil }
    if shape == nil {
      problems.append("\(key).shape: expected one of \(shapes.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
    }
    guard let kind, let shape else { return nil }
    let edges = members.filter { ["x", "y", "w", "h"].contains($0.0) && $0.1 != .null }
    guard !edges.isEmpty else { return ScreenRegion(kind, shape, rect: nil) }
    guard let xywh = numbers(.object(edges), at: key, ["x", "y", "w", "h"], positive: false) else { return nil }
    let rect = Rect(x: xywh[0], y: xywh[1], width: xywh[2], height: xywh[3])
    if kind == .occlusion ? rect.isEmpty : (rect.width == 0 && rect.height == 0) {
      problems.append("\(key): \(rect) covers nothing (an occlusion needs an area, a division a length)")
    }
    if checked && !Rect.of(screen).contains(rect) {
      problems.append("\(key): \(rect) reaches outside the screen \(screen)")
    }
    return ScreenRegion(kind, shape, rect: rect)
  }

  /// The edge a status bar runs along (top when not given).
  mutating func edge(_ key: String) -> ScreenEdge {
    guard let name = string(key) else { return .top }
    guard let edge = ScreenEdge(rawValue: name) else {
      problems.append(
        "\(key): \"\(name)\" is not an edge (\(ScreenEdge.allCases.map(\.rawValue).joined(separator: ", ")))")
      return .top
    }
    return edge
  }

  /// A true or false at `key`.
  mutating func flag(_ key: String) -> Bool? {
    guard let value = take(key) else { return nil }
    guard case .bool(let flag) = value else {
      problems.append("\(key): expected true or false")
      return nil
    }
    return flag
  }

  /// An app icon's mask: `{"shape": "circle"}` or `{"shape": "superellipse", "exponent": n}`
  /// with a whole n from 2 to 64 (the circle's exponent, 2, may be given too).
  mutating func mask() -> IconMask? {
    let key = "mask"
    guard let value = take(key) else { return nil }
    guard case .object(let members) = value, case .string(let shape)? = members.first(where: { $0.0 == "shape" })?.1
    else {
      problems.append("\(key): expected an object with \"shape\" (\"circle\" or \"superellipse\") and \"exponent\"")
      return nil
    }
    for (name, _) in members where name != "shape" && name != "exponent" {
      problems.append("\(key): unknown key \"\(name)\"")
    }
    let given = members.first(where: { $0.0 == "exponent" })?.1
    var exponent: Int?
    if let given {
      guard case .integer(let whole) = given, (2...64).contains(whole) else {
        problems.append("\(key).exponent: a whole number from 2 to 64")
        return nil
      }
      exponent = Int(whole)
    }
    switch shape {
    case "circle":
      guard exponent == nil || exponent == 2 else {
        problems.append("\(key).exponent: a circle's exponent is 2")
        return nil
      }
      return .circle
    case "superellipse":
      guard let exponent else {
        problems.append("\(key).exponent: required for a superellipse")
        return nil
      }
      return IconMask(exponent: exponent)
    default:
      problems.append("\(key).shape: \"\(shape)\" is not \"circle\" or \"superellipse\"")
      return nil
    }
  }

  mutating func homeIndicator(on screen: Size, checked: Bool) -> HomeIndicator? {
    let key = "home_indicator"
    guard let value = take(key) else { return nil }
    guard let whb = numbers(value, at: key, ["w", "h", "bottom"], positive: false) else { return nil }
    if checked && whb[0] > screen.width {
      problems.append("\(key): width \(formatNumber(whb[0])) exceeds the screen's width \(formatNumber(screen.width))")
    }
    if checked && whb[1] + whb[2] > screen.height {
      problems.append(
        "\(key): height \(formatNumber(whb[1])) + bottom \(formatNumber(whb[2])) exceeds the screen's height \(formatNumber(screen.height))"
      )
    }
    return HomeIndicator(width: whb[0], height: whb[1], bottom: whb[2])
  }

  mutating func statusBar(_ key: String, height: Double, checked: Bool) -> Double? {
    number(key, atLeast: 0, atMost: checked ? height : nil)
  }

  mutating func sizeClasses() -> (portrait: SizeClasses?, landscape: SizeClasses?) {
    let key = "size_classes"
    guard let value = take(key) else { return (nil, nil) }
    guard case .object(let members) = value else {
      problems.append("\(key): expected an object with \"portrait\" and \"landscape\"")
      return (nil, nil)
    }
    var result: (portrait: SizeClasses?, landscape: SizeClasses?) = (nil, nil)
    for (name, item) in members {
      guard let orientation = ScreenOrientation(rawValue: name), orientation != .landscapeRight else {
        problems.append("\(key): unknown key \"\(name)\" (portrait, landscape)")
        continue
      }
      guard case .object(let pair) = item,
        case .string(let width) = pair.first(where: { $0.0 == "width" })?.1 ?? .null,
        case .string(let height) = pair.first(where: { $0.0 == "height" })?.1 ?? .null,
        let w = SizeClass(rawValue: width), let h = SizeClass(rawValue: height), pair.count == 2
      else {
        problems.append("\(key).\(name): expected {\"width\", \"height\"}, each \"compact\" or \"regular\"")
        continue
      }
      if orientation == .portrait { result.portrait = SizeClasses(w, h) } else { result.landscape = SizeClasses(w, h) }
    }
    return result
  }
}
