import Foundation
import TestSupport
import Testing

@testable import ArtworkGeometry
@testable import ArtworkReport
@_spi(Support) @testable import ArtworkSupport

/// Every number a user types or a file gives goes through one rule and never crashes what
/// comes after it: sizes (`--source`, `--points`, `--targets WxH@S`), user catalog figures and
/// report fields, fuzzed with the numbers that break arithmetic (huge, tiny, negative, not a
/// number, fractions where pixels are counted). What a parser accepts is solved and written
/// as every report writes it.
struct NumberFuzzTests {
  static let numbers = [
    "0", "-0", "1", "3", "2732", "0.0001", "1e-300", "-1", "1e19", "9223372036854775807", "18446744073709551616",
    "1e308", "2e15", "inf", "-inf", "nan", "0x10", "1_000", " 7", "3.5", "1e6", "100000", "100001", "", ".", "e",
  ]
  static let separators = ["x", "X", "×", "*", "xx", "@", ""]

  static func sizeText(using random: inout SeededGenerator) -> String {
    var text =
      numbers.randomElement(using: &random)! + separators.randomElement(using: &random)!
      + numbers.randomElement(using: &random)!
    if Int.random(in: 0..<4, using: &random) == 0 { text += "@" + numbers.randomElement(using: &random)! }
    return text
  }

  /// Solves `source` on `target` in every mode and orientation and writes the results as
  /// report.json, CSV, JUnit and HTML do: every figure finite.
  static func solveAndWrite(_ source: Size, on target: Target) {
    var results: [ReportedResult] = []
    for orientation in target.orientations {
      for mode in FitMode.allCases {
        let result = TargetResult.solve(
          source: source, screen: Screen(target: target, orientation: orientation), mode: mode, gravity: .center,
          focus: nil, checks: Checks(maxCropLoss: 0.25))
        #expect(
          result.placement.cropLoss.isFinite && result.placement.barsFraction.isFinite, "\(source) \(target.name)")
        results.append(ReportedResult(result))
      }
    }
    let artwork = ArtworkReport(
      file: ArtworkFile(path: "a.png", stem: "a"), width: Int(min(source.width, 1e9)),
      height: Int(min(source.height, 1e9)), focus: nil, results: results)
    let report = RunReport(options: .object([]), artworks: [artwork], errors: [])
    _ = report.jsonBytes()
    _ = CSVWriter.csv(report)
    _ = JUnitWriter.xml(report)
  }

  @Test func typedSizesAreHeldToOneRuleAndNothingAfterThemCrashes() throws {
    var random = SeededGenerator(seed: 52)
    let phone = try #require(Catalog.target(named: "iPhone 16 Pro"))
    var accepted = 0
    for _ in 0..<3000 {
      let text = Self.sizeText(using: &random)
      let limit = [1 << 28, 1 << 40, 100].randomElement(using: &random)!
      if let pixels = try? SizeText.pixels(text, maxPixels: limit) {
        #expect(pixels.width >= 1 && pixels.height >= 1 && pixels.width * pixels.height <= limit, "\(text)")
        Self.solveAndWrite(Size(Double(pixels.width), Double(pixels.height)), on: phone)
        accepted += 1
      }
      if let points = try? SizeText.points(text, scale: 3, maxPixels: limit) {
        #expect(points.width > 0 && points.height > 0, "\(text)")
        #expect((points.width * 3).rounded(.up) * (points.height * 3).rounded(.up) <= Double(limit), "\(text)")
      }
      if let canvas = try? TargetSelection.canvas(text) {
        #expect(canvas.points.width.isFinite && canvas.points.width > 0 && canvas.scale > 0, "\(text)")
        Self.solveAndWrite(Size(2732, 2048), on: canvas)
        accepted += 1
      }
    }
    #expect(accepted > 100)
  }

  /// `value` with each number (one in `rate` of them) replaced by a random hard one; the
  /// report's version kept.
  static func mutated(_ value: JSONValue, using random: inout SeededGenerator, rate: Int) -> JSONValue {
    switch value {
    case .integer, .number:
      guard Int.random(in: 0..<rate, using: &random) == 0 else { return value }
      let hard: [JSONValue] = [
        .number(2e15), .number(1e19), .number(-1e19), .number(1e308), .number(-0.0), .number(1e-300), .integer(Int.max),
        .integer(Int.min), .integer(-1), .number(0.5), .integer(0),
      ]
      return hard.randomElement(using: &random)!
    case .array(let items): return .array(items.map { mutated($0, using: &random, rate: rate) })
    case .object(let members):
      return .object(members.map { $0.0 == "version" ? $0 : ($0.0, mutated($0.1, using: &random, rate: rate)) })
    default: return value
    }
  }

  @Test func reportFieldsOutsideTheirRangeAreRefusedNotACrash() throws {
    var random = SeededGenerator(seed: 53)
    let written = try JSONParser.parse(ReportWritersTests.sample().jsonBytes())
    _ = try ReportReader.report(written)
    var refused = 0
    for _ in 0..<500 {
      // One number in five of them, or just one, so both refusals and readings are met.
      let value = Self.mutated(written, using: &random, rate: [5, 200, 2000].randomElement(using: &random)!)
      guard let report = try? ReportReader.report(value) else {
        refused += 1
        continue
      }
      // What is read back is written again by every writer.
      _ = report.jsonBytes()
      _ = CSVWriter.csv(report)
      _ = JUnitWriter.xml(report)
      _ = HTMLWriter.html(report)
    }
    #expect(refused > 0 && refused < 500)
  }

  @Test func catalogFiguresOutsideTheirRangeAreRefusedNotACrash() throws {
    var random = SeededGenerator(seed: 54)
    let phone = try #require(Catalog.target(named: "iPhone 16 Pro"))
    guard case .object(var members) = phone.json else { throw FocusEditorTests.Unexpected("a target is an object") }
    members = members.map { $0.0 == "slug" ? ($0.0, .string("fuzz-phone")) : $0 }
    members = members.map { $0.0 == "name" ? ($0.0, .string("Fuzz Phone")) : $0 }
    members = members.map { $0.0 == "aliases" ? ($0.0, .array([])) : $0 }
    let entry = JSONValue.object(members)
    var refused = 0
    for _ in 0..<500 {
      let document = JSONValue.object([
        ("targets", .array([Self.mutated(entry, using: &random, rate: Int.random(in: 1...30, using: &random))]))
      ])
      guard let catalog = try? UserCatalog.parse(document.bytes(pretty: false), path: "fuzz.json") else {
        refused += 1
        continue
      }
      for target in catalog.catalog.all where target.slug == "fuzz-phone" {
        Self.solveAndWrite(Size(2732, 2048), on: target)
      }
    }
    #expect(refused > 0)
  }
}
