import ArtworkGeometry
@_spi(Support) import ArtworkSupport

extension TargetResult {
  /// The result object of report.json and `artfit fit --json`.
  public var json: JSONValue {
    var stream = JSONStream()
    write(to: &stream)
    return try! JSONParser.parse(stream.bytes)  // the stream writes valid JSON
  }

  /// The result object, written straight into a report.
  func write(to json: inout JSONStream) {
    json.beginObject()
    json.key(.target)
    json.string(screen.target.name)  // not `let target = screen.target`: a copy of a large value per result
    json.key(.slug)
    json.plain(screen.target.slug)
    json.key(.family)
    json.plain(screen.target.family.rawValue)
    json.key(.orientation)
    json.plain(screen.orientation.rawValue)
    if placement.requestedMode != placement.mode {
      json.key(.requestedMode)
      json.plain(placement.requestedMode.rawValue)
    }
    json.key(.mode)
    json.plain(placement.mode.rawValue)
    json.key(.gravity)
    json.plain(placement.gravity.rawValue)
    json.key(.scale)
    json.compact(screen.scale, 4)
    json.key(.canvas)
    json.beginObject(inline: true)
    json.key(.w)
    json.integer(placement.canvas.width)
    json.key(.h)
    json.integer(placement.canvas.height)
    json.endObject()
    json.key(.sizeClass)
    if let classes = screen.sizeClasses {
      json.beginObject(inline: true)
      json.key(.width)
      json.plain(classes.width.rawValue)
      json.key(.height)
      json.plain(classes.height.rawValue)
      json.endObject()
    } else {
      json.null()
    }
    json.key(.placement)
    writeRect(placement.imageRect, to: &json)
    json.key(.crop)
    writeRect(placement.crop, to: &json)
    json.key(.placementPx)
    writePixelRect(placement.renderedImageRect, to: &json)
    json.key(.cropPx)
    writePixelRect(placement.renderedCrop, to: &json)
    json.key(.boxing)
    json.plain(placement.boxing.rawValue)
    json.key(.bars)
    json.beginObject(inline: true)
    json.key(.top)
    json.integer(placement.bars.top)
    json.key(.bottom)
    json.integer(placement.bars.bottom)
    json.key(.left)
    json.integer(placement.bars.left)
    json.key(.right)
    json.integer(placement.bars.right)
    json.endObject()
    json.key(.barsFraction)
    json.rounded(placement.barsFraction, 4)
    json.key(.cropLoss)
    json.rounded(placement.cropLoss, 4)
    json.key(.safeCropLoss)
    json.rounded(placement.safeCropLoss, 4)
    json.key(.focusVisible)
    if let visible = placement.focusVisible { json.bool(visible) } else { json.null() }
    json.key(.focusLoss)
    if let loss = placement.focusLoss { json.rounded(loss, 4) } else { json.null() }
    json.key(.passed)
    json.bool(passed)
    if baselined {
      json.key(.baselined)
      json.bool(true)
    }
    json.key(.failures)
    json.beginArray()
    for failure in failures {
      json.beginObject(inline: true)
      json.key(.check)
      json.plain(failure.check.name)
      // Exact, unlike the rounded figures above: a report read back (a merge, a baseline)
      // gives the same message and compares the same figure.
      json.key(.value)
      json.value(failure.value.map(JSONValue.number) ?? .null)
      json.key(.limit)
      json.value(failure.limit.map(JSONValue.number) ?? .null)
      json.key(.message)
      json.string(failure.message)
      json.endObject()
    }
    json.endArray()
    json.key(.preview)
    json.string(preview)
    json.endObject()
  }
}

/// An exact rect with one decimal, as the contract prints them.
func writeRect(_ rect: Rect, to json: inout JSONStream) {
  json.beginObject(inline: true)
  writeRectMembers(rect, places: 1, to: &json)
  json.endObject()
}

/// "x", "y", "w" and "h" rounded to `places` decimals, inside an object the caller opened.
func writeRectMembers(_ rect: Rect, places: Int, to json: inout JSONStream) {
  json.key(.x)
  json.rounded(rect.x, places)
  json.key(.y)
  json.rounded(rect.y, places)
  json.key(.w)
  json.rounded(rect.width, places)
  json.key(.h)
  json.rounded(rect.height, places)
}

func writePixelRect(_ rect: PixelRect, to json: inout JSONStream) {
  json.beginObject(inline: true)
  json.key(.x)
  json.integer(rect.x)
  json.key(.y)
  json.integer(rect.y)
  json.key(.w)
  json.integer(rect.width)
  json.key(.h)
  json.integer(rect.height)
  json.endObject()
}

extension SizeClasses {
  var json: JSONValue {
    .object([("width", .string(width.rawValue)), ("height", .string(height.rawValue))])
  }
}
