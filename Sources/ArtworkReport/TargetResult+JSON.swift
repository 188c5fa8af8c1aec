import ArtworkGeometry
@_spi(Support) import ArtworkSupport

extension TargetResult {
  /// The result object of report.json, with no preview: `artfit fit --json`'s output.
  public func jsonBytes() -> [UInt8] {
    var json = JSONStream()
    write(to: &json)
    return json.bytes
  }

  /// `artfit fit --json`'s document for several results: their objects, and the source region
  /// safe on all of them (`SafeEverywhere`) or null.
  public static func jsonBytes(_ results: [TargetResult]) -> [UInt8] {
    var json = JSONStream()
    json.beginObject()
    json.key(.results)
    json.beginArray()
    for result in results { result.write(to: &json) }
    json.endArray()
    json.key(.safeEverywhere)
    if let safe = SafeEverywhere.region(results) { writeRect(safe, to: &json) } else { json.null() }
    json.endObject()
    return json.bytes
  }

  /// The result object, written straight into a report: the screen, the placement, the checks
  /// and the preview.
  func write(
    to json: inout JSONStream, preview: String? = nil, baselined: Bool = false, hdrHighlightsKept: Double? = nil,
    layersOutsideSafe: [Double]? = nil
  ) {
    json.beginObject()
    writeScreen(to: &json)
    writePlacement(to: &json)
    writeChecks(baselined: baselined, to: &json)
    if let hdrHighlightsKept {
      json.key(.hdrHighlightsKept)
      json.compact(Reported.fraction(hdrHighlightsKept), 4)
    }
    if let layersOutsideSafe {
      json.key(.layersOutsideSafe)
      json.beginArray(inline: true)
      for share in layersOutsideSafe { json.compact(Reported.fraction(share), 4) }
      json.endArray()
    }
    json.key(.preview)
    json.string(preview)
    json.endObject()
  }

  /// The target, the orientation, the modes asked for and used, the scale, the canvas and the
  /// size classes.
  private func writeScreen(to json: inout JSONStream) {
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
    // A fit places the whole picture: no gravity is used, so none is said.
    json.key(.gravity)
    if placement.mode == .fit { json.null() } else { json.plain(placement.gravity.rawValue) }
    json.key(.scale)
    json.compact(screen.scale, 4)
    json.key(.canvas)
    json.beginObject(inline: true)
    json.key(.w)
    json.integer(placement.canvas.width)
    json.key(.h)
    json.integer(placement.canvas.height)
    json.endObject()
    if let window = screen.window {  // one window of a screen whose windows resize
      json.key(.window)
      json.plain(window.description)
    }
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
  }

  /// Where the image lands and what it shows, exact and in pixels; the bars and the losses.
  private func writePlacement(to json: inout JSONStream) {
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
    if let divided = placement.focusDivided {  // only on a screen with a fold or hinge
      json.key(.focusDivided)
      json.bool(divided)
    }
    if let loss = placement.maskLoss {  // only on an app icon slot with a mask
      json.key(.maskLoss)
      json.rounded(loss, 4)
    }
  }

  /// Whether it passed, whether a baseline excuses it, and each failure.
  private func writeChecks(baselined: Bool, to json: inout JSONStream) {
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
    if let windows {  // every window of a screen whose windows resize
      json.key(.windowRange)
      windows.writeSummary(to: &json)
    }
  }
}

extension ReportedResult {
  /// The result object of report.json.
  func write(to json: inout JSONStream) {
    result.write(
      to: &json, preview: preview, baselined: baselined, hdrHighlightsKept: hdrHighlightsKept,
      layersOutsideSafe: layersOutsideSafe)
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
