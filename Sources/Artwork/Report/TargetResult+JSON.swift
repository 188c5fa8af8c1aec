extension TargetResult {
  /// The result object of report.json (version 1) and `artfit fit --json`.
  public var json: JSONValue {
    var stream = JSONStream()
    write(to: &stream)
    return try! JSONParser.parse(stream.bytes)  // the stream writes valid JSON
  }

  /// The result object, written straight into a report.
  func write(to json: inout JSONStream) {
    let target = screen.target
    let p = placement
    json.beginObject()
    json.key("target")
    json.string(target.name)
    json.key("slug")
    json.string(target.slug)
    json.key("family")
    json.string(target.family.rawValue)
    json.key("orientation")
    json.string(screen.orientation.rawValue)
    if p.requestedMode != p.mode {
      json.key("requested_mode")
      json.string(p.requestedMode.rawValue)
    }
    json.key("mode")
    json.string(p.mode.rawValue)
    json.key("gravity")
    json.string(p.gravity.rawValue)
    json.key("scale")
    json.compact(screen.scale, 4)
    json.key("canvas")
    json.beginObject(inline: true)
    json.key("w")
    json.integer(p.canvas.width)
    json.key("h")
    json.integer(p.canvas.height)
    json.endObject()
    json.key("size_class")
    if let classes = screen.sizeClasses {
      json.beginObject(inline: true)
      json.key("width")
      json.string(classes.width.rawValue)
      json.key("height")
      json.string(classes.height.rawValue)
      json.endObject()
    } else {
      json.null()
    }
    json.key("placement")
    writeRect(p.placement, to: &json)
    json.key("crop")
    writeRect(p.crop, to: &json)
    json.key("placement_px")
    writePixelRect(p.renderedPlacement, to: &json)
    json.key("crop_px")
    writePixelRect(p.renderedCrop, to: &json)
    json.key("boxing")
    json.string(p.boxing.rawValue)
    json.key("bars")
    json.beginObject(inline: true)
    json.key("top")
    json.integer(p.bars.top)
    json.key("bottom")
    json.integer(p.bars.bottom)
    json.key("left")
    json.integer(p.bars.left)
    json.key("right")
    json.integer(p.bars.right)
    json.endObject()
    json.key("bars_fraction")
    json.rounded(p.barsFraction, 4)
    json.key("crop_loss")
    json.rounded(p.cropLoss, 4)
    json.key("safe_crop_loss")
    json.rounded(p.safeCropLoss, 4)
    json.key("focus_visible")
    if let visible = p.focusVisible { json.bool(visible) } else { json.null() }
    json.key("focus_loss")
    if let loss = p.focusLoss { json.rounded(loss, 4) } else { json.null() }
    json.key("passed")
    json.bool(passed)
    json.key("failures")
    json.beginArray(inline: true)
    for failure in failures { json.string(failure) }
    json.endArray()
    json.key("preview")
    json.string(preview)
    json.endObject()
  }
}

/// An exact rect with one decimal, as the contract prints them.
func writeRect(_ rect: Rect, to json: inout JSONStream) {
  json.beginObject(inline: true)
  json.key("x")
  json.rounded(rect.x, 1)
  json.key("y")
  json.rounded(rect.y, 1)
  json.key("w")
  json.rounded(rect.width, 1)
  json.key("h")
  json.rounded(rect.height, 1)
  json.endObject()
}

func writePixelRect(_ rect: PixelRect, to json: inout JSONStream) {
  json.beginObject(inline: true)
  json.key("x")
  json.integer(rect.x)
  json.key("y")
  json.integer(rect.y)
  json.key("w")
  json.integer(rect.width)
  json.key("h")
  json.integer(rect.height)
  json.endObject()
}

extension SizeClasses {
  var json: JSONValue {
    .object([("width", .string(width.rawValue)), ("height", .string(height.rawValue))])
  }
}
