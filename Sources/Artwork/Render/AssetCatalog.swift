import Dispatch

/// Writes an Xcode asset catalog from master artwork: one `NAME.imageset` per artwork with a
/// PNG per idiom and scale and the `Contents.json` Xcode reads (Apple's "Asset Catalog
/// Format Reference": `images` with `idiom`, `scale`, `filename`; `info` with `author` and
/// `version`). Folders below the input folder become groups, each with its own Contents.json.
public struct AssetCatalog: Sendable {
  /// Which device families get images, and at which scales.
  public enum Idiom: String, Sendable, CaseIterable {
    case universal
    case iphone
    case ipad

    /// The scales Xcode lists for the idiom today.
    public var scales: [Int] {
      switch self {
      case .universal: [1, 2, 3]
      case .iphone: [2, 3]
      case .ipad: [1, 2]
      }
    }
  }

  /// The size of the image in points; nil takes the artwork as @3x (its pixels / 3).
  public var points: Size?
  public var idioms: [Idiom]
  /// `fill` crops to exactly the points' aspect (by `gravity` and the focus); `fit` scales
  /// the whole artwork into the box, keeping its own aspect.
  public var mode: FitMode
  public var gravity: Gravity
  public var focus: FocusRegion?
  public var kernel: ResampleKernel
  public var limits: ImageLimits

  public init(
    points: Size? = nil, idioms: [Idiom] = [.universal], mode: FitMode = .fill, gravity: Gravity = .center,
    focus: FocusRegion? = nil, kernel: ResampleKernel = .lanczos3, limits: ImageLimits = ImageLimits()
  ) {
    self.points = points
    self.idioms = idioms
    self.mode = mode
    self.gravity = gravity
    self.focus = focus
    self.kernel = kernel
    self.limits = limits
  }

  /// The folder's Contents.json, and each group's.
  public static let folderContents = "{\n  \"info\" : {\n    \"author\" : \"artfit\",\n    \"version\" : 1\n  }\n}\n"

  /// One image of an image set.
  public struct Entry: Sendable, Equatable {
    public var idiom: Idiom
    public var scale: Int
    public var filename: String
    public var size: PixelSize
  }

  /// Writes `file`'s image set into the catalog at `catalog`; returns what it wrote.
  public func write(_ file: ArtworkFile, into catalog: String) throws(ImageError) -> [Entry] {
    let image = try ImageDecoder.decode(file: file.path, limits: limits)
    let source = Size(Double(image.width), Double(image.height))
    let box = points ?? Size(source.width / 3, source.height / 3)
    let parts = file.stem.split(separator: "/").map(String.init)
    let name = parts.last ?? file.stem
    var folder = ""
    for group in parts.dropLast() {
      folder += group + "/"
      try AtomicFile.write(Array(Self.folderContents.utf8), to: OutputFolder.path(folder + "Contents.json", in: catalog))
    }
    let set = folder + name + ".imageset/"
    var entries: [Entry] = []
    for idiom in idioms {
      for scale in idiom.scales {
        let canvas = PixelSize(max(1, Int((box.width * Double(scale)).rounded())), max(1, Int((box.height * Double(scale)).rounded())))
        let placement = FitSolver.solve(source: source, canvas: canvas, mode: mode == .fit ? .fit : .fill, gravity: gravity, focus: focus)
        let size = mode == .fit ? PixelSize(placement.renderedPlacement.width, placement.renderedPlacement.height) : canvas
        let picture = Resampler.resample(image, from: mode == .fit ? nil : placement.crop, to: size, options: ResampleOptions(kernel: kernel))
        let filename = idiom == .universal ? "\(name)@\(scale)x.png" : "\(name)-\(idiom.rawValue)@\(scale)x.png"
        try AtomicFile.write(try ImageEncoder.png(picture, name: filename), to: OutputFolder.path(set + filename, in: catalog))
        entries.append(Entry(idiom: idiom, scale: scale, filename: filename, size: size))
      }
    }
    try AtomicFile.write(Array(Self.contents(entries).utf8), to: OutputFolder.path(set + "Contents.json", in: catalog))
    return entries
  }

  /// Writes the image sets of `files`, `jobs` at a time; one outcome per file, in order.
  public func write(_ files: [ArtworkFile], into catalog: String, jobs: Int) -> [Result<[Entry], ImageError>] {
    let outcomes = Locked([Result<[Entry], ImageError>](repeating: .success([]), count: files.count))
    let workers = max(1, min(jobs, files.count))
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      for index in stride(from: worker, to: files.count, by: workers) {
        let outcome = Result { () throws(ImageError) in try write(files[index], into: catalog) }
        outcomes.withLock { $0[index] = outcome }
      }
    }
    return outcomes.withLock { $0 }
  }

  /// An image set's Contents.json, in the layout Xcode writes.
  public static func contents(_ entries: [Entry]) -> String {
    var text = "{\n  \"images\" : [\n"
    for (index, entry) in entries.enumerated() {
      var filename = ByteBuffer(capacity: 64)
      JSONValue.writeString(entry.filename, into: &filename)
      text += "    {\n      \"filename\" : \(String(decoding: filename.bytes, as: UTF8.self)),\n"
      text += "      \"idiom\" : \"\(entry.idiom.rawValue)\",\n      \"scale\" : \"\(entry.scale)x\"\n    }"
      text += index == entries.count - 1 ? "\n" : ",\n"
    }
    return text + "  ],\n  \"info\" : {\n    \"author\" : \"artfit\",\n    \"version\" : 1\n  }\n}\n"
  }
}
