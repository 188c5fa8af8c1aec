import TestSupport
import Testing

@testable import ArtworkCodec

/// The fastest PNG effort's deflate, checked by another inflater: each stream is put in a gray
/// PNG whose rows are the deflated bytes (filter type 0 on every row) and decoded by libpng and
/// zlib.
struct DeflateRunsTests {
  /// `rows` (each a 0 filter byte and `width` samples) deflated into a PNG and decoded again.
  static func decoded(_ rows: [UInt8], width: Int, deflated: [UInt8]) throws -> [UInt8] {
    let height = rows.count / (width + 1)
    let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 0, 0, 0, 0]
    let zlib = [0x78, 0x01] + deflated + bigEndian(adler32(rows))
    let png =
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] + pngChunk("IHDR", header) + pngChunk("IDAT", zlib)
      + pngChunk("IEND", [])
    return samples8(try ImageDecoder.decode(data: png, name: "runs.png"))
  }

  /// Rows of `width` samples from `samples`, each after a 0 filter byte.
  static func rows(_ samples: [UInt8], width: Int) -> [UInt8] {
    stride(from: 0, to: samples.count, by: width).flatMap { [0] + samples[$0..<min($0 + width, samples.count)] }
  }

  /// Samples a photograph's filtered rows look like: small differences, a few larger.
  static func residues(count: Int, seed: UInt64) -> [UInt8] {
    var generator = SeededGenerator(seed: seed)
    return (0..<count).map { _ in
      let small = Int.random(in: -6...6, using: &generator)
      return UInt8(truncatingIfNeeded: Int.random(in: 0..<16, using: &generator) == 0 ? small * 9 : small)
    }
  }

  /// Runs of every length from 1 to 700, across the 258-byte match limit and the lengths
  /// that leave 1 or 2 bytes over, each a value other than its neighbours'.
  @Test func runsOfEveryLengthComeBackExactly() throws {
    let samples = (1...700).flatMap { length in [UInt8](repeating: UInt8(length % 200 + 1), count: length) }
    let width = 4000
    let rows = Self.rows(samples + [UInt8](repeating: 7, count: width - samples.count % width), width: width)
    let deflated = try #require(rawDeflateRuns(rows, last: true, capacity: rows.count))
    #expect(deflated.count < rows.count / 20, "runs become matches")
    #expect(try Self.decoded(rows, width: width, deflated: deflated) == samples8Of(rows, width: width))
  }

  /// A flat band: about 2 bits a run of 258 bytes, where literals alone would take at least a
  /// bit a byte (128 KiB).
  @Test func aFlatBandIsAFewKilobytes() throws {
    let width = 1023
    let rows = Self.rows([UInt8](repeating: 0x80, count: width * 1024), width: width)
    let deflated = try #require(rawDeflateRuns(rows, last: true, capacity: rows.count))
    #expect(deflated.count < 8 * 1024, "\(deflated.count) bytes")
    #expect(try Self.decoded(rows, width: width, deflated: deflated) == samples8Of(rows, width: width))
  }

  /// Noise does not fit in the bytes of stored blocks, and is refused there (the writer then
  /// stores it); given room, it still comes back exactly.
  @Test func noiseIsRefusedWhereStoredBlocksWouldDo() throws {
    var generator = SeededGenerator(seed: 11)
    let width = 999
    let rows = Self.rows((0..<(width * 100)).map { _ in UInt8.random(in: 0...255, using: &generator) }, width: width)
    let stored = rows.count + 5 * ((rows.count + 65534) / 65535)
    #expect(rawDeflateRuns(rows, last: true, capacity: stored) == nil)
    let roomy = try #require(rawDeflateRuns(rows, last: true, capacity: 2 * rows.count))
    #expect(try Self.decoded(rows, width: width, deflated: roomy) == samples8Of(rows, width: width))
  }

  /// Bands deflated apart, the first not last, join into one stream: the joins the writer
  /// makes between its bands, here at a byte inside a row.
  @Test func bandsDeflatedApartJoinIntoOneStream() throws {
    let width = 640
    let rows = Self.rows(Self.residues(count: width * 300, seed: 3), width: width)
    let cut = 70_001
    let first = try #require(rawDeflateRuns(Array(rows[..<cut]), last: false, capacity: rows.count))
    let second = try #require(rawDeflateRuns(Array(rows[cut...]), last: true, capacity: rows.count))
    #expect(first.count + second.count < rows.count * 3 / 4)
    #expect(try Self.decoded(rows, width: width, deflated: first + second) == samples8Of(rows, width: width))
  }

  /// Every short band (1 to 40 bytes: less than one 8-byte step, and a few steps), with
  /// repeats and without.
  @Test func shortBandsComeBackExactly() throws {
    var generator = SeededGenerator(seed: 5)
    for size in 2...41 {
      let width = size - 1
      let samples = (0..<width).map { _ in UInt8.random(in: 0...3, using: &generator) }
      let rows = Self.rows(samples, width: width)
      let deflated = try #require(rawDeflateRuns(rows, last: true, capacity: 4096), "\(size) bytes")
      #expect(try Self.decoded(rows, width: width, deflated: deflated) == samples, "\(size) bytes")
    }
  }

  /// Bands of every make (runs of any length, noise, residues, in any mix and at any width),
  /// each either refused at the size of stored blocks or inflated back exactly.
  @Test func mixedBandsComeBackExactlyOrAreRefused() throws {
    var generator = SeededGenerator(seed: 23)
    var refused = 0
    for band in 0..<120 {
      let width = Int.random(in: 1...3000, using: &generator)
      var samples: [UInt8] = []
      while samples.count < width * Int.random(in: 1...40, using: &generator) {
        let length = Int.random(in: 1...900, using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: samples += [UInt8](repeating: UInt8.random(in: 0...255, using: &generator), count: length)
        case 1: samples += (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
        default: samples += Self.residues(count: length, seed: UInt64(band * 1000 + samples.count))
        }
      }
      samples = Array(samples[..<(samples.count / width * width)])
      guard !samples.isEmpty else { continue }
      let rows = Self.rows(samples, width: width)
      let stored = rows.count + 5 * ((rows.count + 65534) / 65535)
      guard let deflated = rawDeflateRuns(rows, last: true, capacity: stored) else {
        refused += 1
        continue
      }
      #expect(deflated.count <= stored)
      #expect(try Self.decoded(rows, width: width, deflated: deflated) == samples, "band \(band), width \(width)")
    }
    // Both ways are taken: a mix mostly of noise is refused (1 of 120 with this seed).
    #expect((1..<60).contains(refused), "\(refused) refused")
  }

  /// The samples of `rows` (their filter bytes dropped).
  func samples8Of(_ rows: [UInt8], width: Int) -> [UInt8] {
    stride(from: 0, to: rows.count, by: width + 1).flatMap { rows[($0 + 1)..<($0 + 1 + width)] }
  }
}
