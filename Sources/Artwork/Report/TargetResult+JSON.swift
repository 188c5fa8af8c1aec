extension TargetResult {
  /// The result object of report.json (version 1) and `artfit fit --json`.
  public var json: JSONValue {
    let target = screen.target
    let p = placement
    var members: [(String, JSONValue)] = [
      ("target", .string(target.name)),
      ("slug", .string(target.slug)),
      ("family", .string(target.family.rawValue)),
      ("orientation", .string(screen.orientation.rawValue)),
    ]
    if p.requestedMode != p.mode { members.append(("requested_mode", .string(p.requestedMode.rawValue))) }
    members += [
      ("mode", .string(p.mode.rawValue)),
      ("gravity", .string(p.gravity.rawValue)),
      ("scale", .compact(screen.scale, 4)),
      ("canvas", .object([("w", .integer(p.canvas.width)), ("h", .integer(p.canvas.height))])),
      ("size_class", screen.sizeClasses.map { $0.json } ?? .null),
      ("placement", rectJSON(p.placement)),
      ("crop", rectJSON(p.crop)),
      ("placement_px", pixelRectJSON(p.renderedPlacement)),
      ("crop_px", pixelRectJSON(p.renderedCrop)),
      ("boxing", .string(p.boxing.rawValue)),
      ("bars", .object([
        ("top", .integer(p.bars.top)), ("bottom", .integer(p.bars.bottom)),
        ("left", .integer(p.bars.left)), ("right", .integer(p.bars.right)),
      ])),
      ("bars_fraction", .rounded(p.barsFraction, 4)),
      ("crop_loss", .rounded(p.cropLoss, 4)),
      ("safe_crop_loss", .rounded(p.safeCropLoss, 4)),
      ("focus_visible", p.focusVisible.map(JSONValue.bool) ?? .null),
      ("focus_loss", p.focusLoss.map { .rounded($0, 4) } ?? .null),
      ("passed", .bool(passed)),
      ("failures", .array(failures.map(JSONValue.string))),
      ("preview", preview.map(JSONValue.string) ?? .null),
    ]
    return .object(members)
  }
}

extension SizeClasses {
  var json: JSONValue {
    .object([("width", .string(width.rawValue)), ("height", .string(height.rawValue))])
  }
}

/// An exact rect with one decimal, as the contract prints them.
func rectJSON(_ rect: Rect) -> JSONValue {
  .object([
    ("x", .rounded(rect.x, 1)), ("y", .rounded(rect.y, 1)),
    ("w", .rounded(rect.width, 1)), ("h", .rounded(rect.height, 1)),
  ])
}

func pixelRectJSON(_ rect: PixelRect) -> JSONValue {
  .object([
    ("x", .integer(rect.x)), ("y", .integer(rect.y)),
    ("w", .integer(rect.width)), ("h", .integer(rect.height)),
  ])
}
