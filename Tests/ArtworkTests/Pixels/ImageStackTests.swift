import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec
@testable import ArtworkPixels

/// Image stacks read as Xcode lays them out and drawn as the system shows them at rest: the
/// composite against an independent "over" in premultiplied doubles, each layer's figures
/// against a brute-force scan, the frames and scales by hand, and every unreadable layout
/// named.
struct ImageStackTests {
  let folder = TemporaryFolder()

  /// A random RGBA picture: some pixels clear, some opaque, the rest in between.
  static func picture(_ width: Int, _ height: Int, _ random: inout SeededGenerator) -> Image {
    var samples: [UInt8] = []
    for _ in 0..<(width * height) {
      samples += [
        UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
        UInt8.random(in: 0...255, using: &random),
      ]
      let roll = Int.random(in: 0..<4, using: &random)
      samples.append(roll == 0 ? 0 : roll == 1 ? 255 : UInt8.random(in: 1...254, using: &random))
    }
    return Image(width: width, height: height, layout: .rgba, storage: .uint8(samples))
  }

  @Test(
    "random stacks of each kind (tvOS, visionOS): every composite pixel is the layers drawn over each other, back first, within rounding",
    arguments: ["imagestack", "solidimagestack"])
  func theCompositeIsTheLayersOverEachOther(kind: String) throws {
    var random = SeededGenerator(seed: 54)
    for round in 0..<12 {
      let canvas = (Int.random(in: 8...40, using: &random), Int.random(in: 8...40, using: &random))
      let count = Int.random(in: 2...5, using: &random)
      var layers: [ImageStackFixture.Layer] = []
      var placed: [(Image, Int, Int)] = []  // picture, left, top: back last
      for index in 0..<count {
        let isBack = index == count - 1
        let size = isBack ? canvas : (Int.random(in: 2...30, using: &random), Int.random(in: 2...30, using: &random))
        let picture = Self.picture(size.0, size.1, &random)
        // Frames whose size is the picture's (no resampling), anywhere, partly off the canvas too.
        let left = isBack ? 0 : Int.random(in: -size.0 / 2...canvas.0 - size.0 / 2, using: &random)
        let top = isBack ? 0 : Int.random(in: -size.1 / 2...canvas.1 - size.1 / 2, using: &random)
        layers.append(
          ImageStackFixture.Layer(
            "L\(index)", picture, frameSize: (Double(size.0), Double(size.1)),
            frameCenter: (Double(left) + Double(size.0) / 2, Double(top) + Double(size.1) / 2)))
        placed.append((picture, left, top))
      }
      let path = folder.path("round\(round).\(kind)")
      try ImageStackFixture.write(layers, to: path, canvas: (Double(canvas.0), Double(canvas.1)))
      let stack = try ImageStackComposite.compose(ImageStackLayout.read(path), limits: ImageLimits())
      #expect(stack.image.width == canvas.0 && stack.image.height == canvas.1)
      let tolerance = Double(count) + 1
      for y in 0..<canvas.1 {
        for x in 0..<canvas.0 {
          // Premultiplied, in doubles, no rounding between layers: the reference "over".
          var (red, green, blue, alpha) = (0.0, 0.0, 0.0, 0.0)
          for (picture, left, top) in placed.reversed() {
            let (u, v) = (x - left, y - top)
            guard u >= 0, v >= 0, u < picture.width, v < picture.height else { continue }
            let p = picture.pixel(x: u, y: v).map(Double.init)
            let a = p[3] / 255
            red = p[0] * a + red * (1 - a)
            green = p[1] * a + green * (1 - a)
            blue = p[2] * a + blue * (1 - a)
            alpha = a + alpha * (1 - a)
          }
          let got = stack.image.pixel(x: x, y: y).map(Double.init)
          let gotAlpha = stack.image.layout.hasAlpha ? got[3] / 255 : 1
          #expect(abs(gotAlpha - alpha) * 255 <= tolerance, "alpha at \(x),\(y) in round \(round)")
          // Colour is judged where enough of it shows for 8 bits to hold it.
          if alpha >= 0.25 {
            for (channel, expected) in [red, green, blue].enumerated() {
              #expect(abs(got[channel] - expected / alpha) <= tolerance * 2, "channel \(channel) at \(x),\(y)")
            }
          }
        }
      }
      // Each layer's figures against a scan of its own pixels.
      for (index, layer) in stack.layers.enumerated() {
        let (picture, left, top) = placed[index]
        var box: (Int, Int, Int, Int)? = nil
        var opaque = true
        for v in 0..<picture.height {
          for u in 0..<picture.width {
            let a = picture.pixel(x: u, y: v)[3]
            if a < 255 { opaque = false }
            let (x, y) = (left + u, top + v)
            guard a > 0, x >= 0, y >= 0, x < canvas.0, y < canvas.1 else { continue }
            box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
          }
        }
        let expected = box.map { ImageRegion(x: $0.0, y: $0.1, width: $0.2 - $0.0 + 1, height: $0.3 - $0.1 + 1) }
        #expect(layer.content == expected, "layer \(index) of round \(round)")
        #expect(layer.frame == ImageRegion(x: left, y: top, width: picture.width, height: picture.height))
        let covers = left <= 0 && top <= 0 && left + picture.width >= canvas.0 && top + picture.height >= canvas.1
        #expect(layer.coversOpaque == (opaque && covers), "layer \(index) of round \(round)")
      }
    }
    folder.remove()
  }

  @Test("an opaque stack comes out RGB; one whose back shows through keeps alpha and says its back is not opaque")
  func opaqueStacksLoseTheirAlpha() throws {
    let back = Image(width: 20, height: 10, layout: .rgb, filledWith: [10, 20, 30])
    let front = Image(width: 20, height: 10, layout: .rgba, filledWith: [255, 255, 255, 0])
    try ImageStackFixture.write([.init("Front", front), .init("Back", back)], to: folder.path("a.imagestack"))
    let opaque = try ImageStackComposite.compose(ImageStackLayout.read(folder.path("a.imagestack")), limits: .init())
    #expect(opaque.image.layout == .rgb && opaque.image.pixel(x: 3, y: 3) == [10, 20, 30])
    #expect(opaque.layers.map(\.coversOpaque) == [false, true] && opaque.layers[0].content == nil)
    let halfBack = Image(width: 20, height: 10, layout: .rgba, filledWith: [10, 20, 30, 128])
    try ImageStackFixture.write([.init("Front", front), .init("Back", halfBack)], to: folder.path("b.imagestack"))
    let clear = try ImageStackComposite.compose(ImageStackLayout.read(folder.path("b.imagestack")), limits: .init())
    #expect(clear.image.layout == .rgba && clear.image.pixel(x: 0, y: 0) == [10, 20, 30, 128])
    #expect(clear.layers.last?.coversOpaque == false)
    folder.remove()
  }

  @Test(
    "frames and scales: the largest scale draws the canvas, frames in points scale with it, a picture not the frame's size is resampled to it"
  )
  func framesAndScalesAreInPoints() throws {
    // The back at 1x and 2x; the front only at 1x, a 5x4-point frame centred at (6, 3).
    let back1 = Image(width: 16, height: 8, layout: .rgb, filledWith: [0, 0, 0])
    let back2 = Image(width: 32, height: 16, layout: .rgb, filledWith: [0, 0, 255])
    let front = Image(width: 5, height: 4, layout: .rgb, filledWith: [255, 0, 0])
    var backLayer = ImageStackFixture.Layer("Back", back1)
    backLayer.pictures[2] = back2
    let frontLayer = ImageStackFixture.Layer("Front", front, frameSize: (5, 4), frameCenter: (6, 3))
    try ImageStackFixture.write([frontLayer, backLayer], to: folder.path("s.imagestack"))
    let layout = try ImageStackLayout.read(folder.path("s.imagestack"))
    #expect(layout.layers.map(\.scale) == [1, 2])
    let stack = try ImageStackComposite.compose(layout, limits: .init())
    // The canvas is the back's picture in points (16x8) at 2x; the front's frame 10x8 px at
    // (6 − 2.5, 3 − 2) × 2 = (7, 2), its 5x4 picture resampled to it: one colour stays one.
    #expect(stack.scale == 2 && stack.image.width == 32 && stack.image.height == 16)
    #expect(stack.layers[0].frame == ImageRegion(x: 7, y: 2, width: 10, height: 8))
    for y in 0..<16 {
      for x in 0..<32 {
        let inFront = (7..<17).contains(x) && (2..<10).contains(y)
        #expect(stack.image.pixel(x: x, y: y) == (inFront ? [255, 0, 0] : [0, 0, 255]), "at \(x),\(y)")
      }
    }
    folder.remove()
  }

  /// A stack that is written whole, then broken by `breaking`, must be refused naming `words`
  /// and the stack, or the file in it that cannot be read.
  func refused(_ name: String, words: String, breaking: (String) throws -> Void) throws {
    let path = folder.path(name + ".imagestack")
    let picture = Image(width: 4, height: 4, layout: .rgb, filledWith: [1, 2, 3])
    try ImageStackFixture.write([.init("Front", picture), .init("Back", picture)], to: path)
    try breaking(path)
    do {
      _ = try ImageStackComposite.compose(ImageStackLayout.read(path), limits: ImageLimits())
      Issue.record("\(name): read, though \(words)")
    } catch {
      #expect(error.file == path || error.file.hasPrefix(path + "/"), "\(name): \(error)")
      #expect(error.message.contains(words), "\(name): \(error.message)")
    }
  }

  @Test("every unreadable stack is refused with the part and the cause named, nothing outside the stack read")
  func unreadableStacksAreNamed() throws {
    let manager = FileManager.default
    func root(_ path: String, _ object: Any) throws { try ImageStackFixture.json(object, to: path + "/Contents.json") }
    try refused("no-contents", words: "Contents.json is missing") {
      try manager.removeItem(atPath: $0 + "/Contents.json")
    }
    try refused("not-json", words: "not valid JSON") {
      _ = manager.createFile(atPath: $0 + "/Contents.json", contents: Data("{".utf8))
    }
    try refused("no-layers", words: "lists no layers") { try root($0, ["layers": [Any]()]) }
    try refused("escape", words: "not an .imagestacklayer folder inside the stack") {
      try root($0, ["layers": [["filename": "../Front.imagestacklayer"]]])
    }
    try refused("missing", words: "the layer Gone.imagestacklayer is missing") {
      try root($0, ["layers": [["filename": "Gone.imagestacklayer"]]])
    }
    try refused("many", words: "artfit reads at most") {
      try root($0, ["layers": Array(repeating: ["filename": "Front.imagestacklayer"], count: 17)])
    }
    try refused("two-sets", words: "holds 2 image sets") {
      try manager.createDirectory(
        atPath: $0 + "/Front.imagestacklayer/Other.imageset", withIntermediateDirectories: true)
    }
    try refused("referenced", words: "refers to an image set elsewhere") {
      try ImageStackFixture.json(
        ["content-reference": ["type": "image-set", "name": "Hero", "matching-style": "fully-qualified-name"]],
        to: $0 + "/Front.imagestacklayer/Contents.json")
    }
    try refused("no-image", words: "names no image file") {
      try ImageStackFixture.json(
        ["images": [["idiom": "tv", "scale": "1x"]]], to: $0 + "/Front.imagestacklayer/Content.imageset/Contents.json")
    }
    try refused("bad-scale", words: "has the scale \"9x\"") {
      try ImageStackFixture.json(
        ["images": [["idiom": "tv", "scale": "9x", "filename": "Front@1x.png"]]],
        to: $0 + "/Front.imagestacklayer/Content.imageset/Contents.json")
    }
    try refused("image-escape", words: "is outside its image set") {
      try ImageStackFixture.json(
        [
          "images": [
            ["idiom": "tv", "scale": "1x", "filename": "../../Back.imagestacklayer/Content.imageset/Back@1x.png"]
          ]
        ],
        to: $0 + "/Front.imagestacklayer/Content.imageset/Contents.json")
    }
    try refused("bad-frame", words: "the size of the layer Front.imagestacklayer") {
      try ImageStackFixture.json(
        ["properties": ["frame-size": ["width": -4, "height": 4]]], to: $0 + "/Front.imagestacklayer/Contents.json")
    }
    try refused("linked-out", words: "leads outside the stack") {
      let picture = $0 + "/Front.imagestacklayer/Content.imageset/Front@1x.png"
      let outside = folder.path("outside.png")
      try manager.moveItem(atPath: picture, toPath: outside)
      try manager.createSymbolicLink(atPath: picture, withDestinationPath: outside)
    }
    try refused("linked-layer", words: "leads outside the stack") {
      let layer = $0 + "/Front.imagestacklayer"
      try manager.moveItem(atPath: layer, toPath: folder.path("Elsewhere.imagestacklayer"))
      try manager.createSymbolicLink(atPath: layer, withDestinationPath: folder.path("Elsewhere.imagestacklayer"))
    }
    try refused("fifo", words: "not valid JSON") {
      try manager.removeItem(atPath: $0 + "/Contents.json")
      #expect(mkfifo($0 + "/Contents.json", 0o600) == 0)
    }
    try refused("picture-fifo", words: "not a regular file") {
      let picture = $0 + "/Front.imagestacklayer/Content.imageset/Front@1x.png"
      try manager.removeItem(atPath: picture)
      #expect(mkfifo(picture, 0o600) == 0)
    }
    for (kind, document) in [
      ("SVG", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"10\"/>"), ("PDF", "%PDF-1.4\n%%EOF\n"),
    ] {
      try refused("vector-\(kind)", words: "its layer Front is a\(kind == "SVG" ? "n" : "") \(kind)") {
        _ = manager.createFile(
          atPath: $0 + "/Front.imagestacklayer/Content.imageset/Front@1x.png", contents: Data(document.utf8))
      }
    }
    try refused("profiles", words: "carry different colour profiles") {
      var tagged = Image(width: 4, height: 4, layout: .rgb, filledWith: [1, 2, 3])
      tagged.iccProfile = ColourFixtures.displayP3
      _ = manager.createFile(
        atPath: $0 + "/Front.imagestacklayer/Content.imageset/Front@1x.png",
        contents: Data(try ImageEncoder.png(tagged)))
    }
    folder.remove()
  }
}
