import Artwork
import Foundation

/// Writes an Xcode image stack folder as Apple's Asset Catalog Format Reference lays it out:
/// the stack's Contents.json listing the layers front first, each layer an
/// `.imagestacklayer` folder with its Contents.json (frame when given) and one image set.
public struct ImageStackFixture {
  /// One layer to write.
  public struct Layer {
    public var name: String
    /// The pictures of its image set, by scale (1 for 1x).
    public var pictures: [Int: Image]
    /// Its frame in points, when given.
    public var frameSize: (Double, Double)?
    public var frameCenter: (Double, Double)?

    public init(
      _ name: String, _ picture: Image, scale: Int = 1, frameSize: (Double, Double)? = nil,
      frameCenter: (Double, Double)? = nil
    ) {
      self.name = name
      pictures = [scale: picture]
      self.frameSize = frameSize
      self.frameCenter = frameCenter
    }
  }

  /// Writes the stack at `folder` (made if needed); `canvas` in points when given. The
  /// layers' folders take the stack's kind: `.solidimagestacklayer` in a `.solidimagestack`.
  public static func write(_ layers: [Layer], to folder: String, canvas: (Double, Double)? = nil) throws {
    let manager = FileManager.default
    let layerExtension = folder.hasSuffix(".solidimagestack") ? ".solidimagestacklayer" : ".imagestacklayer"
    try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var root: [String: Any] = [
      "layers": layers.map { ["filename": $0.name + layerExtension] },
      "info": ["author": "xcode", "version": 1],
    ]
    if let canvas { root["properties"] = ["canvasSize": ["width": canvas.0, "height": canvas.1]] }
    try json(root, to: folder + "/Contents.json")
    for layer in layers {
      let path = folder + "/" + layer.name + layerExtension
      let set = path + "/Content.imageset"
      try manager.createDirectory(atPath: set, withIntermediateDirectories: true)
      var properties: [String: Any] = [:]
      if let size = layer.frameSize { properties["frame-size"] = ["width": size.0, "height": size.1] }
      if let centre = layer.frameCenter { properties["frame-center"] = ["x": centre.0, "y": centre.1] }
      try json(["info": ["author": "xcode", "version": 1], "properties": properties], to: path + "/Contents.json")
      var images: [[String: Any]] = []
      for (scale, picture) in layer.pictures.sorted(by: { $0.key < $1.key }) {
        let file = "\(layer.name)@\(scale)x.png"
        _ = manager.createFile(atPath: set + "/" + file, contents: Data(try ImageEncoder.png(picture)))
        images.append(["idiom": "tv", "filename": file, "scale": "\(scale)x"])
      }
      try json(["images": images, "info": ["author": "xcode", "version": 1]], to: set + "/Contents.json")
    }
  }

  /// Rewrites a JSON file.
  public static func json(_ object: Any, to path: String) throws {
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    guard FileManager.default.createFile(atPath: path, contents: data) else {
      throw CocoaError(.fileWriteUnknown)
    }
  }
}
