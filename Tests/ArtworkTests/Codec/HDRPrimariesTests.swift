import ArtworkCodec
import Foundation
import TestSupport
import Testing

/// The conversion between two sets of primaries LittleCMS builds for a gain applied in the
/// alternate rendition's colour space, against the textbook matrix worked here.
struct HDRPrimariesTests {
  /// RGB to XYZ for `xy` (red, green, blue, white): the primaries' XYZ columns scaled so that
  /// RGB 1, 1, 1 is the white with Y = 1.
  private static func rgbToXYZ(_ xy: [Double]) -> [[Double]] {
    let columns: [[Double]] = stride(from: 0, to: 8, by: 2).map { (at: Int) -> [Double] in
      let (x, y) = (xy[at], xy[at + 1])
      return [x / y, 1, (1 - x - y) / y]
    }
    let primaries = (0..<3).map { row in (0..<3).map { columns[$0][row] } }
    let scale = solve(primaries, columns[3])
    return primaries.map { row in (0..<3).map { row[$0] * scale[$0] } }
  }

  /// `a` x = `b` by Cramer's rule.
  private static func solve(_ a: [[Double]], _ b: [Double]) -> [Double] {
    func determinant(_ m: [[Double]]) -> Double {
      m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    }
    let whole = determinant(a)
    return (0..<3).map { column in
      determinant(
        a.enumerated().map { row, values in values.enumerated().map { $0.offset == column ? b[row] : $0.element } })
        / whole
    }
  }

  /// For random primaries sharing a white (D65), the matrix is XYZ→RGB of one times RGB→XYZ of
  /// the other (the adaptation cancels); for any two whites, white goes to white (relative
  /// colorimetric) and the matrix there back is its inverse.
  @Test func theConversionIsTheTextbookMatrix() throws {
    var random = SeededGenerator(seed: 3411)
    let d65 = [0.3127, 0.3290]
    for round in 0..<20 {
      let white =
        round < 15
        ? d65 : [Double.random(in: 0.30...0.33, using: &random), Double.random(in: 0.31...0.36, using: &random)]
      let from = HDRPrimaries.random(white: d65, using: &random)
      let to = HDRPrimaries.random(white: white, using: &random)
      let matrix = try from.conversion(to: to, name: "test")
      let back = try to.conversion(to: from, name: "test")
      for row in 0..<3 {
        let whiteRow = matrix[row * 3] + matrix[row * 3 + 1] + matrix[row * 3 + 2]
        #expect(abs(whiteRow - 1) < 1e-4, "round \(round): white to white, row \(row) sums to \(whiteRow)")
        for column in 0..<3 {
          let product = (0..<3).map { matrix[row * 3 + $0] * back[$0 * 3 + column] }.reduce(0, +)
          #expect(abs(product - (row == column ? 1 : 0)) < 1e-4, "round \(round): there and back")
        }
      }
      guard white == d65 else { continue }
      let toXYZ = Self.rgbToXYZ(from.xy)
      // Column j of the textbook matrix: the colour `to` gives the XYZ of `from`'s unit j.
      for column in 0..<3 {
        let expected = Self.solve(Self.rgbToXYZ(to.xy), (0..<3).map { toXYZ[$0][column] })
        for row in 0..<3 {
          #expect(
            abs(matrix[row * 3 + column] - expected[row]) < 1e-4,
            "round \(round) [\(row), \(column)]: \(matrix[row * 3 + column]) against \(expected[row])")
        }
      }
    }
  }
}
