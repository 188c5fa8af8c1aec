import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec

/// Files as their formats' own projects publish them (link-u's AVIF samples, libtiff's test
/// images and their netpbm twins; Fixtures/RealWorld/README.md), each read as its publishers
/// meant: its size, and an 8 × 8 grid of cell means over black within a tolerance of the
/// reference they publish beside it (`truths.json`, made by `make_truths.py` with decoders
/// other than artfit's). A wrong crop, turn, mirror or alpha moves whole cells by far more.
@Suite struct RealWorldCorpusTests {
  static let folder = Fixtures.path("RealWorld")
  static let notArtwork: Set<String> = ["README.md", "truths.json", "make_truths.py"]

  struct Truth {
    let width: Int
    let height: Int
    let grid: [[Double]]
    let tolerance: Double
    let reference: String
  }

  static let truths: [String: Truth] = {
    guard let data = FileManager.default.contents(atPath: folder + "/truths.json"),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: [String: Any]]
    else { return [:] }
    return object.compactMapValues { entry in
      guard let width = entry["width"] as? Int, let height = entry["height"] as? Int,
        let grid = entry["grid"] as? [[Double]], let tolerance = entry["tolerance"] as? Double,
        let reference = entry["reference"] as? String
      else { return nil }
      return Truth(width: width, height: height, grid: grid, tolerance: tolerance, reference: reference)
    }
  }()

  static let files: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { !notArtwork.contains($0) }.sorted()
  }()

  /// Every file has a truth and every truth a file: none is passed over.
  @Test func everyFileHasItsTruth() {
    #expect(Self.files.count >= 50)
    #expect(Set(Self.files) == Set(Self.truths.keys), "files without truths or truths without files")
  }

  @Test(arguments: files)
  func readAsItsPublishersMeant(name: String) throws {
    let truth = try #require(Self.truths[name], "no truth for \(name)")
    let image = try ImageDecoder.decode(file: Self.folder + "/" + name)
    #expect(image.width == truth.width && image.height == truth.height, "\(image.width)x\(image.height)")
    guard image.width == truth.width && image.height == truth.height else { return }
    let cells = Self.grid(image)
    var worst = 0.0
    for (cell, expected) in zip(cells, truth.grid) {
      for channel in 0..<4 { worst = max(worst, abs(cell[channel] - expected[channel])) }
    }
    #expect(worst <= truth.tolerance, "\(name): a cell is \(worst) levels from \(truth.reference)")
  }

  /// What a strict reader refuses and artfit reads past is said, at the header already (so
  /// `check` says it too): link-u's clean apertures with half-pixel edges and its alpha files'
  /// repeated `ipma` boxes; a file that needs neither says nothing.
  @Test(arguments: files.filter { $0.hasSuffix(".avif") })
  func whatIsReadPastIsSaid(name: String) throws {
    let note = try ImageDecoder.probe(file: Self.folder + "/" + name).readerNote ?? ""
    #expect(note.contains("clean aperture") == name.contains(".crop."), "\(name): \(note)")
    #expect(note.contains("ipma") == name.hasPrefix("plum-blossom"), "\(name): \(note)")
  }

  /// 8 × 8 cell means of red, green, blue over black and of alpha, 0...255, as make_truths.py
  /// computes them.
  static func grid(_ image: Image) -> [[Double]] {
    let channels = image.layout.channels
    let full: Double = image.storage.bitDepth == 16 ? 65535 : 255
    func sample(_ index: Int) -> Double {
      switch image.storage {
      case .uint8(let samples): Double(samples[index]) * 255 / full
      case .uint16(let samples): Double(samples[index]) * 255 / full
      }
    }
    var cells: [[Double]] = []
    let (w, h) = (image.width, image.height)
    for j in 0..<8 {
      for i in 0..<8 {
        var sums = [0.0, 0.0, 0.0, 0.0]
        var count = 0.0
        for y in j * h / 8..<(j + 1) * h / 8 {
          for x in i * w / 8..<(i + 1) * w / 8 {
            let base = (y * w + x) * channels
            let alpha = image.layout.hasAlpha ? sample(base + channels - 1) : 255
            for c in 0..<3 { sums[c] += sample(base + (channels <= 2 ? 0 : c)) * alpha / 255 }
            sums[3] += alpha
            count += 1
          }
        }
        cells.append(sums.map { count > 0 ? $0 / count : 0 })
      }
    }
    return cells
  }
}
