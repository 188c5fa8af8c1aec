import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ArtworkCodec

/// A file opened once (`EncodedImage`: one sniff, one header read per scale, one libheif
/// context) probes and decodes exactly as the one-off calls do, for every raster fixture and
/// sample, at every scale, in any order, whole or a region, and from two threads at once;
/// and fails exactly as they fail.
struct EncodedImageTests {
  static let rasterExtensions: Set<String> = ["png", "jpg", "jpeg", "webp", "tif", "tiff", "heic", "avif"]

  static var files: [String] {
    let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("SampleArt").path
    return [Fixtures.folder.path, sample].flatMap { folder in
      ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        .filter { rasterExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
        .map { folder + "/" + $0 }
    }
  }

  /// What a call gave: its value or its error.
  private static func outcome<T: Equatable>(_ body: () throws(ImageError) -> T) -> Result<T, ImageError> {
    Result { () throws(ImageError) in try body() }
  }

  @Test func opensOnceAndReadsAsTheOneOffCallsDo() throws {
    let files = Self.files
    #expect(files.count > 40, "the fixtures and SampleArt are found")
    var random = SeededGenerator(seed: 45)
    for path in files {
      let bytes = try FileBytes.read(path, limit: ImageLimits().maxFileBytes)
      let once = EncodedImage(bytes: bytes, name: path)
      let probed = Self.outcome { () throws(ImageError) in try ImageDecoder.probe(data: bytes, name: path) }
      #expect(Self.outcome { () throws(ImageError) in try once.probe() } == probed, "\(path)")
      guard case .success(let info) = probed, info.width * info.height <= 30_000_000 else { continue }
      // Every scale twice, in a shuffled order: the second of each comes from what the first left.
      for shrink in ([1, 2, 4, 8] + [1, 2, 4, 8]).shuffled(using: &random) {
        let expected = Self.outcome { () throws(ImageError) in
          try ImageDecoder.decode(data: bytes, name: path, shrink: shrink)
        }
        #expect(
          Self.outcome { () throws(ImageError) in try once.decode(shrink: shrink) } == expected,
          "\(path) at 1/\(shrink)")
      }
      guard info.width >= 8, info.height >= 8 else { continue }
      let region = ImageRegion(x: info.width / 4, y: info.height / 4, width: info.width / 2, height: info.height / 2)
      let expected = Self.outcome { () throws(ImageError) in
        try ImageDecoder.decode(data: bytes, name: path, region: region)
      }
      #expect(Self.outcome { () throws(ImageError) in try once.decode(region: region) } == expected, "\(path) region")
    }
  }

  @Test func twoThreadsDecodeThroughOneFileAsOneDoes() throws {
    let files = Self.files.filter { [".heic", ".avif", ".jpg", ".png"].contains(where: $0.lowercased().hasSuffix) }
    for path in files.prefix(24) {
      let bytes = try FileBytes.read(path, limit: ImageLimits().maxFileBytes)
      let expected = Self.outcome { () throws(ImageError) in try ImageDecoder.decode(data: bytes, name: path) }
      let once = EncodedImage(bytes: bytes, name: path)
      let results = Mutex<[Result<Image, ImageError>]>([])
      DispatchQueue.concurrentPerform(iterations: 2) { _ in
        let result = Self.outcome { () throws(ImageError) in try once.decode() }
        results.withLock { $0.append(result) }
      }
      #expect(results.withLock { $0 } == [expected, expected], "\(path)")
    }
  }
}
