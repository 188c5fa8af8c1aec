import TestSupport
import Testing

@testable import ArtworkCodec

/// The fast PNG encoder's row filters: both builds (baseline and AVX2) give exactly the rows a
/// plain reading of the PNG specification and libpng's minimum-sum heuristic gives.
struct PNGFilterTests {
  /// PNG's Paeth predictor as the specification writes it.
  static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
    let p = a + b - c
    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
    return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
  }

  /// Every row filtered all five ways; the one with the smallest sum of |byte as Int8| wins,
  /// the lowest type on a tie. With `choiceRows` above 1, only every `choiceRows`-th row
  /// chooses and the rows after it take its filter.
  static func reference(_ samples: [UInt8], width: Int, height: Int, channels: Int, choiceRows: Int = 1) -> [UInt8] {
    let stride = width * channels
    var out: [UInt8] = []
    var kept = 0
    for y in 0..<height {
      func sample(_ row: Int, _ i: Int) -> Int { row < 0 || i < 0 ? 0 : Int(samples[row * stride + i]) }
      var best: [UInt8] = []
      var bestCost = Int.max
      for type in 0..<5 {
        var filtered: [UInt8] = [UInt8(type)]
        for i in 0..<stride {
          let (x, a, b, c) = (sample(y, i), sample(y, i - channels), sample(y - 1, i), sample(y - 1, i - channels))
          let predicted = [0, a, b, (a + b) / 2, paeth(a, b, c)][type]
          filtered.append(UInt8(truncatingIfNeeded: x - predicted))
        }
        let cost = filtered.dropFirst().reduce(0) { $0 + abs(Int(Int8(bitPattern: $1))) }
        let chooses = y % choiceRows == 0
        if chooses ? cost < bestCost : type == kept { (best, bestCost) = (filtered, cost) }
      }
      kept = Int(best[0])
      out += best
    }
    return out
  }

  /// Rows that favour each filter in turn, then noise (which reaches every branch of Paeth and
  /// the -128 cost), at widths around the 32-byte step.
  static func rows(width: Int, height: Int, channels: Int, seed: UInt64) -> [UInt8] {
    var random = SeededGenerator(seed: seed)
    var samples: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        for c in 0..<channels {
          let value: Int
          switch y % 6 {
          case 0: value = 90 + c
          case 1: value = x * 5 + c * 3
          case 2: value = (y / 6) * 11 + x % 17
          case 3: value = (x + y) * 3 + c * 50
          case 4: value = Int.random(in: 120...136, using: &random) + x
          default: value = Int.random(in: 0...255, using: &random)
          }
          samples.append(UInt8(truncatingIfNeeded: value))
        }
      }
    }
    return samples
  }

  /// The first byte where two filterings part, as (row, filter type each, offset in the row),
  /// so a failure names a place instead of printing both buffers.
  static func firstDifference(_ lhs: [UInt8], _ rhs: [UInt8], stride: Int) -> String? {
    guard lhs.count == rhs.count else { return "\(lhs.count) bytes against \(rhs.count)" }
    guard let at = lhs.indices.first(where: { lhs[$0] != rhs[$0] }) else { return nil }
    let row = at / stride
    return "row \(row) (types \(lhs[row * stride]) and \(rhs[row * stride])), byte \(at % stride)"
  }

  static let avx2Available = rawFilterPNGRows([0], width: 1, height: 1, channels: 1, avx2: true) != nil

  @Test(arguments: 1...4)
  func baselineMatchesTheSpecification(channels: Int) throws {
    for width in [1, 2, 10, 11, 32, 33, 64, 97] {
      let samples = Self.rows(width: width, height: 24, channels: channels, seed: UInt64(width))
      let rows = try #require(rawFilterPNGRows(samples, width: width, height: 24, channels: channels, avx2: false))
      let reference = Self.reference(samples, width: width, height: 24, channels: channels)
      #expect(Self.firstDifference(rows, reference, stride: 1 + width * channels) == nil, "width \(width)")
    }
  }

  /// The writer's rows: the choice made on rows 0, 8, 16, … and kept for the seven after.
  @Test(arguments: 1...4)
  func aChoiceHoldsForEightRows(channels: Int) throws {
    for width in [1, 33, 97] {
      let samples = Self.rows(width: width, height: 30, channels: channels, seed: UInt64(width + 3))
      for avx2 in Self.avx2Available ? [false, true] : [false] {
        let rows = try #require(
          rawFilterPNGRows(samples, width: width, height: 30, channels: channels, avx2: avx2, choiceRows: 8))
        let reference = Self.reference(samples, width: width, height: 30, channels: channels, choiceRows: 8)
        #expect(Self.firstDifference(rows, reference, stride: 1 + width * channels) == nil, "width \(width)")
      }
    }
  }

  @Test(.enabled(if: avx2Available, "needs a CPU with AVX2"), arguments: 1...4)
  func avx2MatchesTheBaseline(channels: Int) throws {
    var chosen = Set<UInt8>()
    for width in [1, 7, 8, 10, 11, 21, 22, 32, 33, 43, 64, 65, 97, 301] {
      let samples = Self.rows(width: width, height: 30, channels: channels, seed: UInt64(width * 7 + channels))
      let baseline = try #require(rawFilterPNGRows(samples, width: width, height: 30, channels: channels, avx2: false))
      let avx2 = try #require(rawFilterPNGRows(samples, width: width, height: 30, channels: channels, avx2: true))
      let stride = 1 + width * channels
      #expect(Self.firstDifference(avx2, baseline, stride: stride) == nil, "width \(width)")
      for y in 0..<30 { chosen.insert(avx2[y * stride]) }
    }
    #expect(chosen == [0, 1, 2, 3, 4], "every filter type is chosen somewhere")
  }

  /// Paeth's three-way choice for every (a, b, c) of extreme levels, where the 8-bit lanes'
  /// |a + b - 2c| saturates: each second byte of row 1 is exactly its Paeth prediction, so the
  /// row takes Paeth and any wrong prediction shows in its bytes.
  @Test(.enabled(if: avx2Available, "needs a CPU with AVX2"))
  func paethAgreesOnExtremeNeighbours() throws {
    let levels = [0, 1, 2, 63, 127, 128, 129, 191, 253, 254, 255]
    // Row 0 holds c then b, row 1 holds a then x: one (a, b, c) per pair of bytes.
    var top: [UInt8] = []
    var bottom: [UInt8] = []
    for c in levels {
      for b in levels {
        for a in levels {
          top += [UInt8(c), UInt8(b)]
          bottom += [UInt8(a), UInt8(Self.paeth(a, b, c))]
        }
      }
    }
    let width = top.count
    let baseline = try #require(rawFilterPNGRows(top + bottom, width: width, height: 2, channels: 1, avx2: false))
    let avx2 = try #require(rawFilterPNGRows(top + bottom, width: width, height: 2, channels: 1, avx2: true))
    #expect(baseline[width + 1] == 4, "row 1 takes Paeth")
    #expect(Self.firstDifference(avx2, baseline, stride: width + 1) == nil)
    let reference = Self.reference(top + bottom, width: width, height: 2, channels: 1)
    #expect(Self.firstDifference(baseline, reference, stride: width + 1) == nil)
  }
}
