import ArtworkCodec
import Foundation

/// Scripts/make_conformance_corpus.py's corpus: files of every format made by other projects'
/// tools, each with its reference decoder's pixels.
public struct ConformanceCorpus {
  public struct Entry: Sendable {
    public var name: String
    public var path: String
    public var reference: String
    public var tools: String
  }

  public let root: TemporaryFolder
  public let entries: [Entry]
  /// What the script could not make here, and why.
  public let skipped: [String]

  static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scripts/make_conformance_corpus.py")

  /// Runs the script into a new temporary folder.
  public init() throws {
    root = TemporaryFolder()
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments = ["python3", Self.script.path, root.url.path]
    python.standardOutput = FileHandle.nullDevice
    try python.run()
    python.waitUntilExit()
    guard python.terminationStatus == 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "make_conformance_corpus.py failed"])
    }
    let root = self.root
    func rows(_ file: String) throws -> [[String]] {
      try String(contentsOfFile: root.path(file), encoding: .utf8).split(separator: "\n")
        .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }
    entries = try rows("expected.tsv").map {
      Entry(name: $0[0], path: root.path("corpus/" + $0[0]), reference: root.path($0[1]), tools: $0[2])
    }
    skipped = try rows("skipped.tsv").map { $0.joined(separator: ": ") }
  }

  /// A PAM or binary PNM file (P5, P6, P7) as 8-bit samples (16-bit ones scaled), with its
  /// channel count.
  public static func readNetpbm(_ path: String) throws -> (width: Int, height: Int, channels: Int, samples: [UInt8]) {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    var at = 0
    func token() -> String {
      while at < bytes.count, bytes[at] == 0x23 || bytes[at] <= 0x20 {
        if bytes[at] == 0x23 { while at < bytes.count, bytes[at] != 0x0A { at += 1 } } else { at += 1 }
      }
      let start = at
      while at < bytes.count, bytes[at] > 0x20 { at += 1 }
      return String(decoding: bytes[start..<at], as: UTF8.self)
    }
    let magic = token()
    var width = 0
    var height = 0
    var channels = 0
    var maxval = 0
    if magic == "P7" {
      while true {
        let key = token()
        if key == "ENDHDR" { break }
        let value = token()
        switch key {
        case "WIDTH": width = Int(value) ?? 0
        case "HEIGHT": height = Int(value) ?? 0
        case "DEPTH": channels = Int(value) ?? 0
        case "MAXVAL": maxval = Int(value) ?? 0
        default: break
        }
      }
    } else {
      width = Int(token()) ?? 0
      height = Int(token()) ?? 0
      maxval = Int(token()) ?? 0
      channels = magic == "P5" ? 1 : 3
    }
    at += 1  // the single whitespace byte before the samples
    let count = width * height * channels
    let wide = maxval > 255
    var samples = [UInt8](repeating: 0, count: count)
    for index in 0..<count {
      if wide {
        let value = Int(bytes[at + 2 * index]) << 8 | Int(bytes[at + 2 * index + 1])
        samples[index] = UInt8((value * 255 + maxval / 2) / maxval)
      } else {
        samples[index] = UInt8(Int(bytes[at + index]) * 255 / max(maxval, 1))
      }
    }
    return (width, height, channels, samples)
  }

  /// Per 8 × 8 block and channel, the largest difference of means between two pictures given
  /// as samples of `channels` each (1 gray, 2 gray+alpha, 3 RGB, 4 RGBA), colour weighted by
  /// alpha so that what is fully transparent does not count.
  public static func largestBlockDifference(
    _ a: (channels: Int, samples: [UInt8]), _ b: (channels: Int, samples: [UInt8]), width: Int, height: Int
  ) -> Double {
    func rgba(_ picture: (channels: Int, samples: [UInt8]), _ index: Int) -> [Double] {
      let s = picture.samples
      let base = index * picture.channels
      let (r, g, bl, alpha): (Double, Double, Double, Double) =
        switch picture.channels {
        case 1: (Double(s[base]), Double(s[base]), Double(s[base]), 255)
        case 2: (Double(s[base]), Double(s[base]), Double(s[base]), Double(s[base + 1]))
        case 3: (Double(s[base]), Double(s[base + 1]), Double(s[base + 2]), 255)
        default: (Double(s[base]), Double(s[base + 1]), Double(s[base + 2]), Double(s[base + 3]))
        }
      return [r * alpha / 255, g * alpha / 255, bl * alpha / 255, alpha]
    }
    var largest = 0.0
    for blockY in stride(from: 0, to: height, by: 8) {
      for blockX in stride(from: 0, to: width, by: 8) {
        var sums = [Double](repeating: 0, count: 8)
        var count = 0.0
        for y in blockY..<min(blockY + 8, height) {
          for x in blockX..<min(blockX + 8, width) {
            let index = y * width + x
            let (pa, pb) = (rgba(a, index), rgba(b, index))
            for channel in 0..<4 {
              sums[channel] += pa[channel]
              sums[4 + channel] += pb[channel]
            }
            count += 1
          }
        }
        for channel in 0..<4 { largest = max(largest, abs(sums[channel] - sums[4 + channel]) / count) }
      }
    }
    return largest
  }
}
