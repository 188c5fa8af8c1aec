import ArtworkGeometry
@_spi(Support) import ArtworkSupport

extension WindowRangeResult {
  /// `artfit fit --window-range --json`'s document: the range, each figure's worst window,
  /// the windows that cut the focus or go over the crop limit (every width's heights), and
  /// the checks.
  public func jsonBytes() -> [UInt8] {
    var json = JSONStream()
    json.beginObject()
    writeRange(to: &json)
    json.key(.source)
    json.plain("\(Int(source.width))x\(Int(source.height))")
    json.key(.mode)
    json.plain(mode.rawValue)
    json.key(.gravity)
    if mode == .fit { json.null() } else { json.plain(gravity.rawValue) }
    json.key(.focus)
    if let focus {
      json.beginObject(inline: true)
      writeRectMembers(focus.rect(in: Size(1, 1)), places: 4, to: &json)
      json.endObject()
    } else {
      json.null()
    }
    json.key(.decidedByAspect)
    json.bool(decidedByAspect)
    writeWorst(to: &json)
    json.key(.focusCut)
    if let focusCut { write(focusCut, kept: focusKept, to: &json) } else { json.null() }
    json.key(.overCropLimit)
    if let overCropLimit { write(overCropLimit, kept: withinCropLimit, to: &json) } else { json.null() }
    writeChecks(to: &json)
    json.endObject()
    return json.bytes
  }

  private func writeRange(to json: inout JSONStream) {
    json.key(.windowRange)
    json.beginObject()
    writeRangeMembers(to: &json)
    json.endObject()
  }

  /// The smallest and largest windows, the scale, the insets and how many windows, inside an
  /// object the caller opened: `fit --json` and report.json say the range alike.
  private func writeRangeMembers(to json: inout JSONStream) {
    json.key(.smallest)
    json.plain("\(range.widths.lowerBound)x\(range.heights.lowerBound)")
    json.key(.largest)
    json.plain("\(range.widths.upperBound)x\(range.heights.upperBound)")
    json.key(.scale)
    json.integer(range.scale)
    json.key(.safeArea)
    json.beginObject(inline: true)
    for (key, inset) in [
      (ReportKey.top, range.safeInsets.top), (.left, range.safeInsets.left), (.bottom, range.safeInsets.bottom),
      (.right, range.safeInsets.right),
    ] {
      json.key(key)
      json.number(inset)
    }
    json.endObject()
    json.key(.windows)
    json.integer(range.count)
  }

  private func writeWorst(to json: inout JSONStream) {
    json.key(.worst)
    json.beginObject()
    for (key, worst) in [
      (ReportKey.cropLoss, cropLoss), (.barsFraction, barsFraction), (.safeCropLoss, safeCropLoss),
    ] {
      json.key(key)
      write(worst, to: &json)
    }
    json.key(.focusLoss)
    if let focusLoss { write(focusLoss, to: &json) } else { json.null() }
    json.endObject()
  }

  private func write(_ worst: Worst, to json: inout JSONStream) {
    json.beginObject(inline: true)
    json.key(.value)
    json.compact(Reported.fraction(worst.value), 4)
    json.key(.window)
    json.plain(worst.window.description)
    json.endObject()
  }

  /// A set of windows: how many, the kept aspect bounds where the aspect decides, and each
  /// width's heights as runs from one height to another.
  private func write(_ sizes: WindowSizes, kept: AspectBounds?, to json: inout JSONStream) {
    json.beginObject()
    json.key(.windows)
    json.integer(sizes.count)
    if decidedByAspect {
      json.key(.narrowestKept)
      json.string(kept?.narrowest.description)
      json.key(.widestKept)
      json.string(kept?.widest.description)
    }
    // One line per run of heights at a width: a width appears once for each run it has.
    json.key(.runs)
    json.beginArray()
    for column in sizes.columns {
      for run in column.heights {
        json.beginObject(inline: true)
        json.key(.width)
        json.integer(column.width)
        json.key(.from)
        json.integer(run.lowerBound)
        json.key(.to)
        json.integer(run.upperBound)
        json.endObject()
      }
    }
    json.endArray()
    json.endObject()
  }

  private func writeChecks(to json: inout JSONStream) {
    json.key(.passed)
    json.bool(passed)
    json.key(.failures)
    json.beginArray()
    for failed in failures {
      json.beginObject(inline: true)
      json.key(.check)
      json.plain(failed.failure.check.name)
      json.key(.value)
      json.value(failed.failure.value.map(JSONValue.number) ?? .null)
      json.key(.limit)
      json.value(failed.failure.limit.map(JSONValue.number) ?? .null)
      json.key(.message)
      json.string(failed.failure.message)
      json.key(.window)
      json.string(failed.window?.description)
      json.key(.windows)
      json.integer(failed.windows)
      json.endObject()
    }
    json.endArray()
  }
}

extension WindowRangeResult {
  /// The range as a report.json result holds it: the windows, each figure's worst window
  /// (exact figures, so a report read back compares the same), how many windows cut the focus
  /// or go over the crop limit with the kept aspect bounds, and each failed check's worst
  /// window and count. No runs of heights: `fit --window-range --json` gives those.
  func writeSummary(to json: inout JSONStream) {
    json.beginObject()
    writeRangeMembers(to: &json)
    json.key(.decidedByAspect)
    json.bool(decidedByAspect)
    json.key(.worst)
    json.beginObject()
    for (key, worst) in [
      (ReportKey.cropLoss, Optional(cropLoss)), (.barsFraction, barsFraction), (.safeCropLoss, safeCropLoss),
      (.focusLoss, focusLoss),
    ] {
      json.key(key)
      if let worst {
        json.beginObject(inline: true)
        json.key(.value)
        json.value(.number(worst.value))
        json.key(.window)
        json.plain(worst.window.description)
        json.endObject()
      } else {
        json.null()
      }
    }
    json.endObject()
    for (key, sizes, kept) in [
      (ReportKey.focusCut, focusCut, focusKept), (.overCropLimit, overCropLimit, withinCropLimit),
    ] {
      json.key(key)
      guard let sizes else {
        json.null()
        continue
      }
      json.beginObject(inline: true)
      json.key(.windows)
      json.integer(sizes.count)
      json.key(.narrowestKept)
      json.string(kept?.narrowest.description)
      json.key(.widestKept)
      json.string(kept?.widest.description)
      json.endObject()
    }
    // Exact, as a report read back recomputes the run's safe region from it.
    json.key(.safeEverywhere)
    json.beginObject(inline: true)
    for (key, value) in [
      (ReportKey.x, safeEverywhere.x), (.y, safeEverywhere.y), (.w, safeEverywhere.width),
      (.h, safeEverywhere.height),
    ] {
      json.key(key)
      json.value(.number(value))
    }
    json.endObject()
    json.key(.failures)
    json.beginArray()
    for failed in failures {
      json.beginObject(inline: true)
      json.key(.check)
      json.plain(failed.failure.check.name)
      json.key(.window)
      json.string(failed.window?.description)
      json.key(.windows)
      json.integer(failed.windows)
      json.endObject()
    }
    json.endArray()
    json.endObject()
  }
}
