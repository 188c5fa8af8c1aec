import ArtworkPlatform
@_spi(Support) import ArtworkSupport

/// How an Xcode image stack (an `.imagestack` folder: a tvOS layered image, as Xcode's asset
/// catalogs, the Parallax Previewer and the Photoshop exporter write it; or a
/// `.solidimagestack`, a visionOS icon's layers, laid out alike) lays its layers out,
/// as Apple's Asset Catalog Format Reference gives it: the stack's `Contents.json` lists the
/// layers front first (`layers[].filename`, each an `.imagestacklayer` folder) and may give the
/// canvas (`properties.canvasSize`, else the background layer's size); a layer's
/// `Contents.json` may give its frame (`properties.frame-size`, `frame-center`, in canvas
/// pixels from the top left; else the whole canvas); each layer holds one image set, whose
/// largest-scale image is the layer's picture. Only what is inside the stack's folder is read:
/// names with a slash and symbolic links that lead out are refused.
public struct ImageStackLayout: Sendable {
  /// One layer: its name, its picture and where it goes on the canvas.
  public struct Layer: Sendable {
    /// The layer folder's name without its extension.
    public var name: String
    /// The picture's path.
    public var image: String
    /// The picture's scale in its image set (1 for `1x`, 2 for `2x`).
    public var scale: Int
    /// Its frame in the stack's points (pixels at 1x), when its Contents.json gives one.
    public var frameSize: (width: Double, height: Double)?
    /// The frame's centre in points, when given.
    public var frameCenter: (x: Double, y: Double)?
  }

  /// The most layers read: the HIG allows five; a document naming thousands is refused.
  public static let maxLayers = 16

  /// The stack folder.
  public var folder: String
  /// The layers, front first (the background last).
  public var layers: [Layer]
  /// The canvas in points, when the stack gives it (else the background layer's picture).
  public var canvasPoints: (width: Double, height: Double)?
  /// The folders the stack is made of (the stack's, each layer's, each image set's).
  public var folders: [String]
  /// The files it is made of (each Contents.json, each layer's picture), some of which may be
  /// absent (a layer's Contents.json is optional): a change to any is a change to the artwork.
  public var files: [String]

  /// Whether `path` names an image stack folder (by its extension, as Xcode reads it).
  public static func isStack(_ path: String) -> Bool { layerExtensions[FileKind.fileExtension(of: path)] != nil }

  /// Each stack folder's extension, and its layer folders'.
  static let layerExtensions = ["imagestack": "imagestacklayer", "solidimagestack": "solidimagestacklayer"]

  /// Reads the layout of the stack at `folder`, or says what in it cannot be read.
  public static func read(_ folder: String) throws(ImageError) -> ImageStackLayout {
    func fail(_ reason: String) -> ImageError { .unreadableStack(file: folder, reason: reason) }
    let root = try contents(of: folder, required: true, fail: fail)
    guard case .array(let entries)? = member("layers", of: root), !entries.isEmpty else {
      throw fail("its Contents.json lists no layers (\"layers\": [{\"filename\": …}])")
    }
    guard entries.count <= maxLayers else {
      throw fail("its Contents.json lists \(entries.count) layers; artfit reads at most \(maxLayers)")
    }
    var layout = ImageStackLayout(
      folder: folder, layers: [],
      canvasPoints: try size(member("canvasSize", of: member("properties", of: root)), of: "the canvas", fail: fail),
      folders: [folder], files: [folder + "/Contents.json"])
    for entry in entries {
      guard case .string(let name)? = member("filename", of: entry) else {
        throw fail("a layer in its Contents.json has no \"filename\"")
      }
      try layout.add(layer: name, fail: fail)
    }
    return layout
  }

  /// Reads the layer folder `name` of the stack and appends it.
  private mutating func add(layer name: String, fail: (String) -> ImageError) throws(ImageError) {
    let layerExtension = Self.layerExtensions[FileKind.fileExtension(of: folder)] ?? "imagestacklayer"
    guard Self.isPlainName(name), FileKind.fileExtension(of: name) == layerExtension else {
      throw fail("the layer \"\(name)\" is not an .\(layerExtension) folder inside the stack")
    }
    let path = folder + "/" + name
    guard Self.isFolder(path) else { throw fail("the layer \(name) is missing (no such folder in the stack)") }
    try stayInside(path, fail: fail)
    let settings = try Self.contents(of: path, required: false, fail: fail)
    if Self.member("content-reference", of: settings) != nil {
      throw fail(
        "the layer \(name) refers to an image set elsewhere in its asset catalog; artfit reads layers that hold their image set"
      )
    }
    let properties = Self.member("properties", of: settings)
    let frameSize = try Self.size(Self.member("frame-size", of: properties), of: "the layer \(name)", fail: fail)
    let frameCenter = try Self.point(Self.member("frame-center", of: properties), of: "the layer \(name)", fail: fail)
    let sets = Self.entries(of: path).filter { FileKind.fileExtension(of: $0) == "imageset" }
    guard sets.count == 1 else {
      throw fail("the layer \(name) holds \(sets.count) image sets; a layer holds one")
    }
    let set = path + "/" + sets[0]
    try stayInside(set, fail: fail)
    let (image, scale) = try Self.picture(in: set, layer: name, fail: fail)
    try stayInside(image, fail: fail)
    layers.append(
      Layer(
        name: String(name.dropLast(layerExtension.count + 1)), image: image, scale: scale, frameSize: frameSize,
        frameCenter: frameCenter))
    folders += [path, set]
    files += [path + "/Contents.json", set + "/Contents.json", image]
  }

  /// The image set's largest-scale picture that is a file inside it.
  private static func picture(
    in set: String, layer: String, fail: (String) -> ImageError
  ) throws(ImageError) -> (String, Int) {
    let contents = try contents(of: set, required: true, fail: fail)
    guard case .array(let images)? = member("images", of: contents) else {
      throw fail("the image set of layer \(layer) lists no images")
    }
    var best: (String, Int)? = nil
    for image in images {
      guard case .string(let file)? = member("filename", of: image) else { continue }
      guard isPlainName(file) else { throw fail("the image \"\(file)\" of layer \(layer) is outside its image set") }
      var scale = 1
      if case .string(let text)? = member("scale", of: image) {
        guard text.hasSuffix("x"), let value = Int(text.dropLast()), (1...3).contains(value) else {
          throw fail("the image \(file) of layer \(layer) has the scale \"\(text)\" (1x, 2x or 3x)")
        }
        scale = value
      }
      if best == nil || scale > best!.1 { best = (set + "/" + file, scale) }
    }
    guard let best else { throw fail("the image set of layer \(layer) names no image file") }
    return best
  }

  /// Refuses a layer, image set or picture that a symbolic link puts outside the stack: a
  /// stack is read from its own folder only.
  private func stayInside(_ path: String, fail: (String) -> ImageError) throws(ImageError) {
    let root = CanonicalPath.of(folder)
    let real = CanonicalPath.of(path)
    guard real.hasPrefix(root + "/") else {
      throw fail("\(path) leads outside the stack (to \(real)); a stack is read from its own folder only")
    }
  }

  /// A name that stays in its folder: one component, not `.` or `..`.
  private static func isPlainName(_ name: String) -> Bool {
    !name.isEmpty && !name.contains("/") && name != "." && name != ".." && !name.contains("\0")
  }

  private static func isFolder(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  /// The names in `folder`, hidden ones left out, sorted.
  private static func entries(of folder: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      if !name.hasPrefix(".") { names.append(name) }
    }
    return names.sorted()
  }

  /// The parsed `Contents.json` of `folder`; an empty object when it has none and none is
  /// required.
  private static func contents(
    of folder: String, required: Bool, fail: (String) -> ImageError
  ) throws(ImageError) -> JSONValue {
    let path = folder + "/Contents.json"
    guard access(path, F_OK) == 0 else {
      if required { throw fail("\(path) is missing") }
      return .object([])
    }
    let bytes: [UInt8]
    switch SettingsFile.read(path, limit: 1 << 20) {
    case .success(let read): bytes = read
    case .failure(let failure): throw fail("cannot read \(path): \(failure.reason)")
    }
    do {
      let value = try JSONParser.parse(bytes)
      guard case .object = value else { throw fail("\(path) is not a JSON object") }
      return value
    } catch let error as JSONParser.Failure {
      throw fail("\(path) is not valid JSON (\(error))")
    } catch { throw error as! ImageError }
  }

  private static func member(_ key: String, of value: JSONValue?) -> JSONValue? {
    guard case .object(let members)? = value else { return nil }
    return members.first { $0.0 == key }?.1
  }

  private static func number(_ value: JSONValue?) -> Double? {
    switch value {
    case .integer(let whole)?: Double(whole)
    case .number(let number)? where number.isFinite: number
    default: nil
    }
  }

  /// `{"width": w, "height": h}`, both positive; nil when absent.
  private static func size(
    _ value: JSONValue?, of what: String, fail: (String) -> ImageError
  ) throws(ImageError) -> (width: Double, height: Double)? {
    guard let value else { return nil }
    guard let width = number(member("width", of: value)), let height = number(member("height", of: value)),
      width > 0, height > 0, width <= 1e6, height <= 1e6
    else { throw fail("the size of \(what) is not {\"width\", \"height\"} in positive points") }
    return (width, height)
  }

  /// `{"x": x, "y": y}`; nil when absent.
  private static func point(
    _ value: JSONValue?, of what: String, fail: (String) -> ImageError
  ) throws(ImageError) -> (x: Double, y: Double)? {
    guard let value else { return nil }
    guard let x = number(member("x", of: value)), let y = number(member("y", of: value)), abs(x) <= 1e6, abs(y) <= 1e6
    else { throw fail("the frame centre of \(what) is not {\"x\", \"y\"} in points") }
    return (x, y)
  }
}
