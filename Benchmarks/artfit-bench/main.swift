// artfit-bench: times artfit's stages on one image, for Benchmarks/compare.sh
// (`artfit-bench --help` for its commands and options).
//
// `resize` follows the peer benchmark's canonical geometry (scaled size rounded half up,
// centre crop or pad at the floor of half the difference) so its outputs compare pixel for
// pixel with the peers' and with the float64 reference; it prints the median time of each
// operation and writes <stem>__<target>__<mode>.png when --out is given.
import Artwork
@_spi(Support) import ArtworkSupport
import Foundation

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("artfit-bench: \(message)\n".utf8))
  exit(2)
}

let usage = """
  usage: artfit-bench decode IMAGE [--shrink N] [--reps R]
         artfit-bench resize IMAGE --targets FILE.json [--modes fill,fit] [--threads N] [--reps R]
                             [--kernel K] [--linear] [--out DIR] [--encode] [--png-level N]
         artfit-bench encode FOLDER|IMAGE [--threads N] [--reps R] [--levels 1,2]
  """
var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
  print(usage)
  exit(0)
}
guard arguments.count >= 2 else { fail(usage) }
let command = arguments.removeFirst()
let path = arguments.removeFirst()
var options: [String: String] = [:]
var flags = Set<String>()
while let argument = arguments.first {
  arguments.removeFirst()
  if ["--linear", "--encode"].contains(argument) {
    flags.insert(argument)
  } else if let value = arguments.first {
    options[argument] = value
    arguments.removeFirst()
  } else {
    fail("\(argument) needs a value")
  }
}
let reps = Int(options["--reps"] ?? "5") ?? 5
let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent

do {
  switch command {
  case "decode":
    let shrink = Int(options["--shrink"] ?? "1") ?? 1
    var times: [Double] = []
    var image: Image? = nil
    for _ in 0..<reps {
      let start = MonotonicClock.seconds()
      image = try ImageDecoder.decode(file: path, shrink: shrink)
      times.append(MonotonicClock.seconds() - start)
    }
    print(
      "decode \(stem) shrink 1/\(shrink): \(image!.width)x\(image!.height), median \(String(format: "%.1f", median(times) * 1000)) ms (\(reps) runs)"
    )

  case "encode":
    // IMAGE is a folder of PNG previews (or one image): each effort 0...9 of artfit's writer on
    // one thread and on --threads, against libpng's adaptive filters with zlib at the same level.
    let files =
      ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
      .filter { $0.hasSuffix(".png") && $0 != "crop-map.png" }.sorted().map { path + "/" + $0 }
    // Without profiles: libpng refuses some embedded sRGB profiles, and they are not what is measured.
    let images = try (files.isEmpty ? [path] : files).map { file in
      var image = try ImageDecoder.decode(file: file)
      image.iccProfile = nil
      return image
    }
    let rawBytes = images.reduce(0) { $0 + ($1.width * $1.layout.channels + 1) * $1.height }
    let threads = Int(options["--threads"] ?? "2") ?? 2
    func run(_ encode: (Image) throws -> Int) throws -> (seconds: Double, bytes: Int) {
      var times: [Double] = []
      var bytes = 0
      for _ in 0..<reps {
        let start = MonotonicClock.seconds()
        bytes = try images.reduce(0) { $0 + (try encode($1)) }
        times.append(MonotonicClock.seconds() - start)
      }
      return (median(times), bytes)
    }
    func rate(_ seconds: Double) -> String { String(format: "%.0f", Double(rawBytes) / seconds / 1e6) }
    func megabytes(_ bytes: Int) -> String { String(format: "%.2f", Double(bytes) / 1e6) }
    print("\(images.count) images, \(megabytes(rawBytes)) MB of filtered rows; median of \(reps) runs")
    print(
      "| --png-level | artfit MB/s (1 thread) | artfit MB/s (\(threads) threads) | artfit MB | zlib MB/s | zlib MB |")
    print("|---:|---:|---:|---:|---:|---:|")
    let writer = PNGWriter()
    // --levels 1,2: only those efforts (an A/B of one level takes seconds, all of them minutes).
    let levels = options["--levels"].map { $0.split(separator: ",").compactMap { Int($0) } } ?? Array(PNGEffort.range)
    for effort in levels.compactMap(PNGEffort.init(rawValue:)) {
      let one = try run { image in try writer.withPNG(of: image, effort: effort, name: "t.png") { $0.count } }
      let many = try run { image in
        try writer.withPNG(of: image, effort: effort, threads: threads, name: "t.png") { $0.count }
      }
      let zlib = try run { image in try ImageEncoder.png(image, effort: effort, filter: -1).count }
      print(
        "| \(effort.rawValue) | \(rate(one.seconds)) | \(rate(many.seconds)) | \(megabytes(one.bytes)) | \(rate(zlib.seconds)) | \(megabytes(zlib.bytes)) |"
      )
    }

  case "resize":
    guard let targetsPath = options["--targets"],
      let data = FileManager.default.contents(atPath: targetsPath),
      let targets = try JSONSerialization.jsonObject(with: data) as? [[String: Any]]
    else { fail("--targets FILE.json (a list of {name, width_px, height_px})") }
    let modes = (options["--modes"] ?? "fill,fit").split(separator: ",").map(String.init)
    let threads = Int(options["--threads"] ?? "0") ?? 0
    let kernel = ResampleKernel(rawValue: options["--kernel"] ?? "lanczos3") ?? .lanczos3
    let resample = ResampleOptions(kernel: kernel, linear: flags.contains("--linear"), threads: threads)
    let effort = PNGEffort(rawValue: Int(options["--png-level"] ?? "1") ?? 1) ?? .fastest
    let decodeStart = MonotonicClock.seconds()
    let image = try ImageDecoder.decode(file: path)
    let decodeTime = MonotonicClock.seconds() - decodeStart
    var resizeTotal = 0.0
    var encodeTotal = 0.0
    var bytesTotal = 0
    for target in targets {
      let name = target["name"] as! String
      let canvasWidth = target["width_px"] as! Int
      let canvasHeight = target["height_px"] as! Int
      for mode in modes {
        let w = Double(image.width)
        let h = Double(image.height)
        let s =
          mode == "fill"
          ? max(Double(canvasWidth) / w, Double(canvasHeight) / h)
          : min(Double(canvasWidth) / w, Double(canvasHeight) / h)
        var sw = Int(w * s + 0.5)
        var sh = Int(h * s + 0.5)
        let rect: Rect
        let outSize: PixelSize
        if mode == "fill" {
          sw = max(sw, canvasWidth)
          sh = max(sh, canvasHeight)
          let dx = (sw - canvasWidth) / 2
          let dy = (sh - canvasHeight) / 2
          let sx = Double(sw) / w
          let sy = Double(sh) / h
          rect = Rect(
            x: Double(dx) / sx, y: Double(dy) / sy, width: Double(canvasWidth) / sx, height: Double(canvasHeight) / sy)
          outSize = PixelSize(canvasWidth, canvasHeight)
        } else {
          sw = max(1, min(sw, canvasWidth))
          sh = max(1, min(sh, canvasHeight))
          rect = Rect.of(Size(w, h))
          outSize = PixelSize(sw, sh)
        }
        var times: [Double] = []
        var result: Image? = nil
        for _ in 0..<reps {
          let start = MonotonicClock.seconds()
          result = Resampler.resample(image, from: rect, to: outSize, options: resample)
          times.append(MonotonicClock.seconds() - start)
        }
        resizeTotal += median(times)
        var line = "\(name) \(mode) \(outSize): resize \(String(format: "%.2f", median(times) * 1000)) ms"
        if flags.contains("--encode") || options["--out"] != nil {
          var output = result!
          if mode == "fit" {
            // pad onto a canvasWidth x canvasHeight canvas, black opaque bars, as the peers do
            var canvas = Canvas(size: PixelSize(canvasWidth, canvasHeight), background: RGB(0, 0, 0))
            canvas.draw(output, at: ((canvasWidth - sw) / 2, (canvasHeight - sh) / 2))
            output =
              output.layout.hasAlpha
              ? padded(output, canvasWidth, canvasHeight, (canvasWidth - sw) / 2, (canvasHeight - sh) / 2)
              : canvas.image()
          }
          let start = MonotonicClock.seconds()
          let bytes = try ImageEncoder.png(output, effort: effort)
          encodeTotal += MonotonicClock.seconds() - start
          bytesTotal += bytes.count
          line +=
            ", encode \(String(format: "%.1f", (MonotonicClock.seconds() - start) * 1000)) ms, \(bytes.count) bytes"
          if let out = options["--out"] {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: "\(out)/\(stem)__\(name)__\(mode).png", contents: Data(bytes))
          }
        }
        print(line)
      }
    }
    print(
      "total: decode \(String(format: "%.1f", decodeTime * 1000)) ms, resize \(String(format: "%.1f", resizeTotal * 1000)) ms (medians), encode \(String(format: "%.1f", encodeTotal * 1000)) ms, \(bytesTotal) bytes"
    )

  default:
    fail("unknown command \(command)")
  }
} catch {
  fail("\(error)")
}

/// An alpha image padded onto an opaque black canvasWidth x canvasHeight canvas (keeps the alpha channel).
func padded(_ image: Image, _ canvasWidth: Int, _ canvasHeight: Int, _ dx: Int, _ dy: Int) -> Image {
  let channels = image.layout.channels
  switch image.storage {
  case .uint8(let samples):
    var out = [UInt8](repeating: 0, count: canvasWidth * canvasHeight * channels)
    for i in stride(from: channels - 1, to: out.count, by: channels) { out[i] = 255 }
    for y in 0..<image.height {
      for x in 0..<image.width {
        for c in 0..<channels {
          out[((y + dy) * canvasWidth + x + dx) * channels + c] = samples[(y * image.width + x) * channels + c]
        }
      }
    }
    return Image(width: canvasWidth, height: canvasHeight, layout: image.layout, storage: .uint8(out))
  case .uint16(let samples):
    var out = [UInt16](repeating: 0, count: canvasWidth * canvasHeight * channels)
    for i in stride(from: channels - 1, to: out.count, by: channels) { out[i] = 65535 }
    for y in 0..<image.height {
      for x in 0..<image.width {
        for c in 0..<channels {
          out[((y + dy) * canvasWidth + x + dx) * channels + c] = samples[(y * image.width + x) * channels + c]
        }
      }
    }
    return Image(width: canvasWidth, height: canvasHeight, layout: image.layout, storage: .uint16(out))
  }
}
