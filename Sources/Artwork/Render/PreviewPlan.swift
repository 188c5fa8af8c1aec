/// Which preview files one artwork needs, which results share them, and which resamples
/// they come from. Pure: decided from the geometry before any pixel is decoded.
struct PreviewPlan {
  /// One file to write.
  struct Preview {
    var path: String
    var screen: Screen
    var placement: Placement
  }

  /// One resample that feeds one or more previews.
  struct Group {
    var size: PixelSize
    var sourceRect: Rect
    var previews: [Int]
  }

  var previews: [Preview] = []
  var groups: [Group] = []
  /// For each result, the path of its preview.
  var resultPaths: [String] = []

  init(stem: String, results: [TargetResult], overlays: OverlayPainter, format: RenderOptions.PreviewFormat) {
    var byIdentity: [[Double]: Int] = [:]
    var byResample: [[Double]: Int] = [:]
    let ext = format == .png ? "png" : "jpg"
    for result in results {
      let p = result.placement
      let screen = result.screen
      let picture = p.mode == .fit ? p.renderedPlacement : PixelRect(x: 0, y: 0, width: p.canvas.width, height: p.canvas.height)
      let identity = [Double(p.canvas.width), Double(p.canvas.height), p.mode == .fit ? 0 : 1]
        + [p.crop.x, p.crop.y, p.crop.width, p.crop.height]
        + [Double(picture.x), Double(picture.y), Double(picture.width), Double(picture.height)]
        + overlays.identity(of: screen)
      if let existing = byIdentity[identity] {
        resultPaths.append(previews[existing].path)
        continue
      }
      let name = "\(screen.target.slug)-\(screen.orientation.rawValue)-\(p.requestedMode.rawValue)@\(scaleText(screen.scale))x.\(ext)"
      let path = stem + "/" + name
      let index = previews.count
      previews.append(Preview(path: path, screen: screen, placement: p))
      byIdentity[identity] = index
      resultPaths.append(path)
      let rect = p.crop  // under fit, the whole source (or the content inside its bars)
      let key = [Double(picture.width), Double(picture.height), rect.x, rect.y, rect.width, rect.height]
      if let group = byResample[key] {
        groups[group].previews.append(index)
      } else {
        byResample[key] = groups.count
        groups.append(Group(size: PixelSize(picture.width, picture.height), sourceRect: rect, previews: [index]))
      }
    }
  }

  /// The largest JPEG shrink-on-load (1, 2, 4, 8) that leaves every resample at least a
  /// 2x reduction for the real filter (libvips does the same).
  func jpegShrink() -> Int {
    var smallest = Double.infinity
    for group in groups {
      smallest = min(smallest, group.sourceRect.width / Double(group.size.width), group.sourceRect.height / Double(group.size.height))
    }
    return [8, 4, 2].first { Double($0) * 2 <= smallest } ?? 1
  }
}

func scaleText(_ scale: Double) -> String {
  scale == scale.rounded() ? String(Int(scale)) : String(scale)
}
