import ArtworkCodec
import ArtworkGeometry
import ArtworkPixels
import ArtworkReport

extension ArtworkLayer {
  /// The report's record of one layer as the composite drew it: its frame and visible box in
  /// canvas pixels, and whether it covers the canvas opaquely.
  init(_ layer: ImageStackComposite.Layer) {
    func pixels(_ region: ImageRegion) -> PixelRect {
      PixelRect(x: region.x, y: region.y, width: region.width, height: region.height)
    }
    self.init(
      name: layer.name, image: layer.image, frame: pixels(layer.frame), opaque: layer.coversOpaque,
      content: layer.content.map(pixels))
  }
}
