import ArtworkGeometry
@_spi(Support) import ArtworkSupport

/// One layer of a layered image (a tvOS image stack), as report.json says it: its name, its
/// picture, where that lies on the canvas, whether it covers the canvas opaquely (the
/// background must) and the box around what of it shows.
public struct ArtworkLayer: Sendable, Equatable {
  /// The layer's name.
  public var name: String
  /// Its picture's path.
  public var image: String
  /// Where its picture lies on the canvas, in canvas pixels.
  public var frame: PixelRect
  /// Whether it covers the whole canvas with opaque pixels.
  public var opaque: Bool
  /// The box around its visible pixels on the canvas; nil when nothing of it shows.
  public var content: PixelRect?

  /// A layer from its figures.
  public init(name: String, image: String, frame: PixelRect, opaque: Bool, content: PixelRect?) {
    self.name = name
    self.image = image
    self.frame = frame
    self.opaque = opaque
    self.content = content
  }

  /// The share (0...1) of the layer's visible box that lies outside `safe` (source pixels);
  /// 0 when nothing of it shows. The system moves and scales layers in focus by amounts
  /// Apple does not publish, so each is held to the slot's one safe region.
  public func outsideShare(of safe: Rect) -> Double {
    guard let content, content.width > 0, content.height > 0 else { return 0 }
    let box = Rect(
      x: Double(content.x), y: Double(content.y), width: Double(content.width), height: Double(content.height))
    let inside = box.intersection(safe)
    let kept = inside.width > 0 && inside.height > 0 ? inside.width * inside.height : 0
    return max(0, 1 - kept / (box.width * box.height))
  }

  /// The layer's object in report.json.
  package func write(to json: inout JSONStream) {
    json.beginObject()
    json.key(.name)
    json.string(name)
    json.key(.image)
    json.string(image)
    json.key(.frame)
    writePixelRect(frame, to: &json)
    json.key(.opaque)
    json.bool(opaque)
    json.key(.content)
    if let content { writePixelRect(content, to: &json) } else { json.null() }
    json.endObject()
  }

  /// A layer's object read back.
  static func read(_ value: JSONValue, of source: String) throws(ReportReader.Failure) -> ArtworkLayer {
    let fields = try ReportReader.Fields(value, "a layer of \(source)")
    guard case .bool(let opaque)? = fields.members[ReportKey.opaque.text] else {
      throw ReportReader.fail("\"opaque\" of a layer of \(source) must be true or false")
    }
    let content = try fields.value(.content)
    return ArtworkLayer(
      name: try fields.string(.name), image: try fields.string(.image),
      frame: try ReportReader.pixelRect(try fields.value(.frame)), opaque: opaque,
      content: content == .null ? nil : try ReportReader.pixelRect(content))
  }
}
