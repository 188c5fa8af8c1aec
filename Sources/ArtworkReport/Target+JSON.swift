import ArtworkGeometry
@_spi(Support) import ArtworkSupport

extension Target {
  /// The target as `artfit devices --json` prints it (contract fields first, then the
  /// figures' provenance).
  public var json: JSONValue {
    var members: [(String, JSONValue)] = [
      ("name", .string(name)),
      ("aliases", .array(aliases.map(JSONValue.string))),
      ("slug", .string(slug)),
      ("family", .string(family.rawValue)),
      ("points", sizeJSON(points)),
      ("scale", .compact(scale, 6)),
      ("pixels", .object([("w", .integer(pixels.width)), ("h", .integer(pixels.height))])),
      ("native_scale", nativeScale.map { .compact($0, 6) } ?? .null),
      (
        "native_pixels", nativePixels.map { .object([("w", .integer($0.width)), ("h", .integer($0.height))]) } ?? .null
      ),
      ("corners", corners.map(cornersJSON) ?? .null),
      (
        "mask",
        mask.map { .object([("shape", .string($0.shapeName)), ("exponent", .integer($0.exponent))]) } ?? .null
      ),
      ("refuses_alpha", .bool(refusesAlpha)),
      ("safe_area", safeArea.map(safeAreaJSON) ?? .null),
      ("regions", .array(regions.map(regionJSON))),
      (
        "home_indicator",
        homeIndicator.map {
          .object([("w", .compact($0.width, 2)), ("h", .compact($0.height, 2)), ("bottom", .compact($0.bottom, 2))])
        } ?? .null
      ),
      ("status_bar", statusBarPortrait.map { .compact($0, 2) } ?? .null),
      ("status_bar_edge", .string(statusBarEdge.rawValue)),
      ("size_classes", sizeClassesJSON),
      ("orientations", .array(orientations.map { .string($0.rawValue) })),
    ]
    if let smallestWindow { members.append(("smallest_window", sizeJSON(smallestWindow))) }
    if let split {
      members += [
        ("device", .string(split.device)), ("fraction", .string(split.fraction)),
        ("orientation", .string(orientations[0].rawValue)),
      ]
    }
    members += [
      ("safe_area_basis", safeArea.map { .string($0.basis) } ?? .null),
      (
        "safe_area_alternate",
        safeAreaAlternate.map { alternate in
          .object(safeAreaMembers(alternate) + [("basis", .string(alternate.basis))])
        } ?? .null
      ),
      ("status_bar_landscape", statusBarLandscape.map { .compact($0, 2) } ?? .null),
      ("status_bar_landscape_edge", .string(statusBarLandscapeEdge.rawValue)),
      ("sources", .object(sources.keys.sorted().map { ($0, .array(sources[$0]!.map(JSONValue.string))) })),
      ("confidence", .object(confidence.keys.sorted().map { ($0, .string(confidence[$0]!)) })),
      ("notes", .array(notes.map(JSONValue.string))),
    ]
    return .object(members)
  }

  private var sizeClassesJSON: JSONValue {
    var members: [(String, JSONValue)] = []
    if let portrait = sizeClassesPortrait { members.append(("portrait", portrait.json)) }
    if let landscape = sizeClassesLandscape { members.append(("landscape", landscape.json)) }
    return members.isEmpty ? .null : .object(members)
  }
}

func sizeJSON(_ size: Size) -> JSONValue {
  .object([("w", .compact(size.width, 2)), ("h", .compact(size.height, 2))])
}

func insetsJSON(_ insets: Insets) -> JSONValue {
  .object([
    ("top", .compact(insets.top, 2)), ("left", .compact(insets.left, 2)),
    ("bottom", .compact(insets.bottom, 2)), ("right", .compact(insets.right, 2)),
  ])
}

private func safeAreaMembers(_ area: Target.SafeArea) -> [(String, JSONValue)] {
  [("portrait", area.portrait.map(insetsJSON) ?? .null), ("landscape", area.landscape.map(insetsJSON) ?? .null)]
}

private func safeAreaJSON(_ area: Target.SafeArea) -> JSONValue { .object(safeAreaMembers(area)) }

private func cornersJSON(_ corners: CornerRadii) -> JSONValue {
  .object(zip(CornerRadii.keys, corners.all).map { ($0, .compact($1, 2)) })
}

private func regionJSON(_ region: ScreenRegion) -> JSONValue {
  let rect = region.rect
  return .object([
    ("kind", .string(region.kind.rawValue)), ("shape", .string(region.shape.rawValue)),
    ("x", rect.map { .compact($0.x, 2) } ?? .null), ("y", rect.map { .compact($0.y, 2) } ?? .null),
    ("w", rect.map { .compact($0.width, 2) } ?? .null), ("h", rect.map { .compact($0.height, 2) } ?? .null),
  ])
}

extension CornerRadii {
  /// The keys catalog version 2 names the corners by, in the order of `all`.
  static let keys = ["top_left", "top_right", "bottom_right", "bottom_left"]
}

extension SizeClasses {
  var json: JSONValue {
    .object([("width", .string(width.rawValue)), ("height", .string(height.rawValue))])
  }
}
