import ArtworkCodec
import Foundation
import TestSupport
import Testing

extension Slow {
  /// Files of every format made by other projects' tools (Scripts/make_conformance_corpus.py):
  /// each decodes (or, an SVG or PDF, draws) within 1.5 levels of its format's reference
  /// decoder in 8 px block means, at its size, upright as its author shows it.
  @Suite(.tags(.slow))
  struct ConformanceTests {
    @Test func everyFileMatchesItsReferenceDecoder() throws {
      let corpus = try ConformanceCorpus()
      defer { corpus.root.remove() }
      #expect(corpus.skipped.isEmpty, "made without: \(corpus.skipped)")
      let formats = Set(corpus.entries.map { $0.name.split(separator: "-").first.map(String.init) ?? "" })
      #expect(formats.isSuperset(of: ["png", "jpeg", "webp", "tiff", "heif", "svg", "pdf"]), "\(formats)")
      for entry in corpus.entries {
        let reference = try ConformanceCorpus.readNetpbm(entry.reference)
        let image: Image
        do {
          image = try Self.picture(entry, size: (reference.width, reference.height))
        } catch {
          Issue.record("\(entry.name) (\(entry.tools)): \(error)")
          continue
        }
        guard image.width == reference.width, image.height == reference.height else {
          Issue.record(
            "\(entry.name): \(image.width)x\(image.height), the reference \(reference.width)x\(reference.height)")
          continue
        }
        let difference = ConformanceCorpus.largestBlockDifference(
          (image.layout.channels, Self.eightBit(image)), (reference.channels, reference.samples), width: image.width,
          height: image.height)
        #expect(difference <= 1.5, "\(entry.name) (\(entry.tools)): \(difference) levels from the reference")
      }
    }

    /// The samples at 8 bits, 16-bit ones rounded.
    static func eightBit(_ image: Image) -> [UInt8] {
      switch image.storage {
      case .uint8(let samples): samples
      case .uint16(let samples): samples.map { UInt8((UInt32($0) * 255 + 32767) / 65535) }
      }
    }

    /// A raster's decode; a vector's drawing at the reference's size.
    static func picture(_ entry: ConformanceCorpus.Entry, size: (Int, Int)) throws -> Image {
      let info = try ImageDecoder.probe(file: entry.path)
      guard info.format.isVector else { return try ImageDecoder.decode(file: entry.path) }
      let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: entry.path)))
      return try VectorDocument(bytes: bytes, name: entry.path).draw(into: size)
    }
  }
}
