import Artwork
import ArtworkGeometry

/// `artfit fit --window-range`'s answer as text: each figure's worst window, the windows that
/// cut the focus, and what failed.
enum WindowRangeText {
  /// The widths whose failing heights the text lists before pointing to --json.
  static let columnsListed = 4

  static func describe(_ result: WindowRangeResult) -> String {
    let range = result.range
    let gravity = result.mode == .fill ? " (gravity \(result.gravity.rawValue))" : ""
    let source = "\(Int(result.source.width))x\(Int(result.source.height))"
    var lines = [
      "\(source), \(result.mode.rawValue)\(gravity), in every window of \(range) (\(WindowRangeResult.grouped(range.count)) sizes):"
    ]
    if result.mode == .fill {
      lines.append("  crop loss       \(worst(result.cropLoss))")
    } else {
      lines.append("  bars            \(worst(result.barsFraction))")
    }
    lines.append("  safe crop loss  \(worst(result.safeCropLoss))")
    if let cut = result.focusCut, let loss = result.focusLoss {
      lines.append("  focus           \(focus(cut: cut, loss: loss, kept: result.focusKept, of: range))")
    }
    if let over = result.overCropLimit, !over.isEmpty {
      let which = result.withinCropLimit.map { aspects(keeping: $0, in: range) } ?? columns(over)
      lines.append("  over the limit  \(WindowRangeResult.grouped(over.count)) windows: \(which)")
    }
    for failed in result.failures {
      lines.append("  FAILED          \(Remedy.failure(failed.failure))\(result.extent(of: failed.failure.check))")
    }
    return lines.joined(separator: "\n")
  }

  private static func worst(_ worst: WindowRangeResult.Worst) -> String {
    "worst \(Checks.percent(worst.value)) in the \(worst.window) pt window"
  }

  private static func focus(
    cut: WindowSizes, loss: WindowRangeResult.Worst, kept: WindowRangeResult.AspectBounds?, of range: WindowRange
  ) -> String {
    if cut.isEmpty { return "kept whole in every window" }
    let worst = "worst \(Checks.percent(loss.value)) outside in the \(loss.window) pt window"
    if cut.count == range.count { return "cut in every window; \(worst)" }
    let which = kept.map { aspects(keeping: $0, in: range) } ?? columns(cut)
    return "cut in \(WindowRangeResult.grouped(cut.count)) windows: \(which); \(worst)"
  }

  /// The windows outside the kept aspect bounds, on the sides the range reaches past them.
  private static func aspects(keeping kept: WindowRangeResult.AspectBounds, in range: WindowRange) -> String {
    let narrowest = WindowSize(range.widths.lowerBound, range.heights.upperBound)
    let widest = WindowSize(range.widths.upperBound, range.heights.lowerBound)
    var sides: [String] = []
    if narrowest.isNarrower(than: kept.narrowest) {
      sides.append("narrower than \(kept.narrowest) (\(formatRatio(kept.narrowest.aspectRatio)))")
    }
    if kept.widest.isNarrower(than: widest) {
      sides.append("wider than \(kept.widest) (\(formatRatio(kept.widest.aspectRatio)))")
    }
    return "every window " + sides.joined(separator: " or ")
  }

  /// The first widths' heights, and where the rest are.
  private static func columns(_ sizes: WindowSizes) -> String {
    let listed = sizes.columns.prefix(columnsListed).map { column in
      "\(column.width) pt wide: " + column.heights.map { "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: ", ")
    }
    let rest = sizes.columns.count > columnsListed ? "; every width's in --json" : ""
    return listed.joined(separator: "; ") + rest
  }
}
