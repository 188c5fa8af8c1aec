import ArtworkCodec
import ArtworkGeometry
import ArtworkPixels

/// Which preview files one artwork needs, which results share them, and which resamples
/// they come from. Pure: decided from the geometry before any pixel is decoded.
struct PreviewPlan {
  /// One preview to compose and encode, written to `path` and to each of `copies`.
  struct Preview {
    var path: String
    var screen: Screen
    var placement: Placement
    /// Files of other modes whose pixels are the same (fit and fill of an artwork with the
    /// canvas's own aspect): they get the same bytes without a second encode.
    var copies: [String] = []
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
    var byIdentity: [[Double]: String] = [:]
    var byPixels: [[Double]: Int] = [:]
    var byResample: [[Double]: Int] = [:]
    let ext = format.fileExtension
    for result in results {
      let p = result.placement
      let screen = result.screen
      let picture =
        p.mode == .fit ? p.renderedImageRect : PixelRect(x: 0, y: 0, width: p.canvas.width, height: p.canvas.height)
      // What decides every pixel: the canvas, the resample, where it lands, the overlays.
      let pixels =
        [Double(p.canvas.width), Double(p.canvas.height)]
        + [p.crop.x, p.crop.y, p.crop.width, p.crop.height]
        + [Double(picture.x), Double(picture.y), Double(picture.width), Double(picture.height)]
        + overlays.identity(of: screen)
      // Devices share a file only within a mode: the file name says the mode.
      let identity = [p.mode == .fit ? 0 : 1] + pixels
      if let path = byIdentity[identity] {
        resultPaths.append(path)
        continue
      }
      let name =
        "\(screen.target.slug)-\(screen.orientation.rawValue)-\(p.requestedMode.rawValue)@\(Screen.scaleText(screen.scale))x.\(ext)"
      let path = stem + "/" + name
      byIdentity[identity] = path
      resultPaths.append(path)
      if let twin = byPixels[pixels] {
        previews[twin].copies.append(path)
        continue
      }
      let index = previews.count
      previews.append(Preview(path: path, screen: screen, placement: p))
      byPixels[pixels] = index
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

  /// The largest shrink-on-load (1, 2, 4, 8) that leaves every resample at least a 2x
  /// reduction for the real filter (libvips does the same).
  func loadShrink() -> Int {
    var smallest = Double.infinity
    for group in groups {
      smallest = min(
        smallest, group.sourceRect.width / Double(group.size.width), group.sourceRect.height / Double(group.size.height)
      )
    }
    return [8, 4, 2].first { Double($0) * 2 <= smallest } ?? 1
  }

  /// The part of a decode at 1/`shrink` (`decoded` pixels) that the groups read: the union of
  /// their source rects, widened by how far `kernel` reaches at each group's scale, in whole
  /// decoded pixels; nil when that is most of the image, which a full decode then serves as
  /// fast.
  func sourceRegion(shrink: Int, decoded: PixelSize, kernel: ResampleKernel) -> ImageRegion? {
    var low = (x: decoded.width, y: decoded.height)
    var high = (x: 0, y: 0)
    for group in groups {
      let rect = group.sourceRect.scaled(by: 1 / Double(shrink))
      // Two pixels beyond the kernel's support: the weights' edge taps and rounding.
      let reachX = kernel.support * max(1, rect.width / Double(group.size.width)) + 2
      let reachY = kernel.support * max(1, rect.height / Double(group.size.height)) + 2
      low.x = min(low.x, max(0, Int((rect.x - reachX).rounded(.down))))
      low.y = min(low.y, max(0, Int((rect.y - reachY).rounded(.down))))
      high.x = max(high.x, min(decoded.width, Int((rect.maxX + reachX).rounded(.up))))
      high.y = max(high.y, min(decoded.height, Int((rect.maxY + reachY).rounded(.up))))
    }
    guard high.x > low.x, high.y > low.y else { return nil }
    let region = ImageRegion(x: low.x, y: low.y, width: high.x - low.x, height: high.y - low.y)
    let share = Double(region.width * region.height) / Double(decoded.width * decoded.height)
    return share < 0.8 ? region : nil
  }

  /// The group indices, the most canvas pixels first (ties in plan order), so workers that
  /// take the next group as they free up finish together.
  func groupsLargestFirst() -> [Int] {
    let cost = groups.map { group in
      group.previews.reduce(0) { $0 + previews[$1].placement.canvas.width * previews[$1].placement.canvas.height }
    }
    return groups.indices.sorted { (cost[$0], $1) > (cost[$1], $0) }
  }
}
