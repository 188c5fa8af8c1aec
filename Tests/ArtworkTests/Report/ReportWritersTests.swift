import Foundation
import TestSupport
import Testing

@testable import ArtworkGeometry
@testable import ArtworkPixels
@testable import ArtworkRender
@testable import ArtworkReport
@_spi(Support) @testable import ArtworkSupport

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Each writer as a pure function of a report.
struct ReportWritersTests {
  /// A report with awkward names: commas, quotes, a newline, markup.
  static func sample() throws -> RunReport {
    let screens = try ["iPhone 15 Pro", "video-16x9"].map { name in
      Screen(
        target: try #require(Catalog.target(named: name)), orientation: name == "video-16x9" ? .landscape : .portrait)
    }
    let focus = FocusRegion(x: 0.4, y: 0.1, width: 0.2, height: 0.2, origin: .manifest)
    func artwork(_ path: String) -> ArtworkReport {
      var results: [ReportedResult] = []
      for screen in screens {
        for mode in [FitMode.fit, .fill] {
          let result = TargetResult.solve(
            source: Size(2732, 2732), screen: screen, mode: mode, gravity: .focus, focus: focus,
            checks: Checks(maxCropLoss: 0.25, requireFocus: true))
          results.append(ReportedResult(result, preview: "x/\(screen.target.slug)-\(mode.rawValue)@3x.png"))
        }
      }
      return ArtworkReport(
        file: ArtworkFile(path: path, stem: "x"), width: 2732, height: 2732, focus: focus, results: results)
    }
    return RunReport(
      options: RenderOptions().json,
      artworks: [
        artwork("art/hero, \"final\".png"), artwork("art/<script>alert(1)</script>.png"), artwork("art/two\nlines.png"),
      ],
      errors: [InputError(source: "art/broken <b>.jpg", message: "JPEG data ends early (truncated file)")])
  }

  struct Document: Decodable {
    struct Artwork: Decodable {
      struct Result: Decodable {
        struct Box: Decodable {
          var x: Double
          var y: Double
          var w: Double
          var h: Double
        }
        struct Canvas: Decodable {
          var w: Int
          var h: Int
        }
        struct Bars: Decodable {
          var top: Int
          var bottom: Int
          var left: Int
          var right: Int
        }
        struct Classes: Decodable {
          var width: String
          var height: String
        }
        var target: String
        var slug: String
        var family: String
        var orientation: String
        var mode: String
        var scale: Double
        var canvas: Canvas
        var sizeClass: Classes?
        var placement: Box
        var crop: Box
        var boxing: String
        var bars: Bars
        var barsFraction: Double
        var cropLoss: Double
        var safeCropLoss: Double
        var focusVisible: Bool?
        var focusLoss: Double?
        var passed: Bool
        var failures: [Failure]
        var preview: String?
      }
      struct Failure: Decodable {
        var check: String
        var value: Double?
        var limit: Double?
        var message: String
      }
      struct Warning: Decodable {
        var kind: String
        var message: String
      }
      struct Focus: Decodable {
        struct Rect: Decodable {
          var x: Double
          var y: Double
          var w: Double
          var h: Double
        }
        var x: Double
        var y: Double
        var w: Double
        var h: Double
        var origin: String
      }
      var source: String
      var width: Int
      var height: Int
      var focus: Focus?
      var embeddedBars: [String: Int]?
      var safeEverywhere: Focus.Rect?
      var profile: [String: String]?
      var warnings: [Warning]
      var results: [Result]
    }
    struct ErrorEntry: Decodable {
      var source: String
      var message: String
    }
    struct Summary: Decodable {
      var artworks: Int
      var results: Int
      var failed: Int
      var errors: Int
    }
    var version: Int
    var generator: String
    var artworks: [Artwork]
    var errors: [ErrorEntry]
    var summary: Summary
  }

  /// Reads the contract's snake_case keys into the camelCase properties above.
  static let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
  }()

  @Test func jsonDecodesIntoTheContractShape() throws {
    let report = try Self.sample()
    let document = try Self.decoder.decode(Document.self, from: Data(report.jsonBytes()))
    #expect(document.version == 2 && document.generator == ArtfitVersion.generator)
    #expect(document.artworks.count == 3 && document.errors.count == 1)
    #expect(
      document.summary.results == 12 && document.summary.failed == report.failedCount && document.summary.errors == 1)
    let first = try #require(document.artworks.first?.results.first)
    #expect(first.target == "iPhone 15 Pro" && first.mode == "fit" && first.canvas.w == 1179)
    for result in document.artworks.flatMap(\.results) {
      for fraction in [result.cropLoss, result.barsFraction, result.safeCropLoss] {
        #expect((fraction * 10000).rounded() == fraction * 10000, "4 decimals")
      }
    }
    // Failures are objects: the check by name, its exact figure and limit, version 1's words.
    let written = report.artworks.flatMap(\.results).flatMap(\.failures)
    let decoded = document.artworks.flatMap(\.results).flatMap(\.failures)
    #expect(!written.isEmpty && decoded.map(\.check) == written.map(\.check.name))
    #expect(decoded.map(\.message) == written.map(\.message) && decoded.map(\.value) == written.map(\.value))
    #expect(decoded.map(\.limit) == written.map(\.limit))
    // Keys come in the contract's order, so reports diff cleanly.
    let text = String(decoding: report.jsonBytes(), as: UTF8.self)
    let keys = [
      "\"target\"", "\"slug\"", "\"family\"", "\"orientation\"", "\"mode\"", "\"scale\"", "\"canvas\"",
      "\"size_class\"", "\"placement\"", "\"crop\"", "\"boxing\"", "\"bars\"", "\"bars_fraction\"",
      "\"crop_loss\"", "\"safe_crop_loss\"", "\"focus_visible\"", "\"focus_loss\"", "\"passed\"",
      "\"failures\"", "\"preview\"",
    ]
    let positions = keys.compactMap { text.range(of: $0)?.lowerBound }
    #expect(positions.count == keys.count && positions == positions.sorted())
  }

  /// safe_everywhere: one decimal, the intersection of the results' safe source regions, and
  /// read back as written.
  @Test func safeEverywhereIsWrittenAndReadBack() throws {
    let report = try Self.sample()
    let text = String(decoding: report.jsonBytes(), as: UTF8.self)
    let document = try Self.decoder.decode(Document.self, from: Data(text.utf8))
    let artwork = try #require(report.artworks.first)
    let exact = try #require(SafeEverywhere.region(artwork.results.map(\.result)))
    let written = try #require(document.artworks.first?.safeEverywhere)
    for (have, want) in [
      (written.x, exact.x), (written.y, exact.y), (written.w, exact.width), (written.h, exact.height),
    ] {
      #expect(abs(have - want) <= 0.05 && (have * 10).rounded() == have * 10, "one decimal: \(have) for \(want)")
    }
    #expect(document.artworks.first?.warnings.isEmpty == true && document.artworks.first?.profile == nil)
    let read = try ReportReader.report(try JSONParser.parse(Array(text.utf8)))
    let back = try #require(read.artworks.first?.safeEverywhere)
    #expect([back.x, back.y, back.width, back.height] == [written.x, written.y, written.w, written.h])
    #expect(HTMLWriter.html(report).contains("Safe on every screen: keep the subject inside x "))
  }

  /// A small RFC 4180 reader, to read the CSV back.
  static func parseCSV(_ text: String) -> [[String]] {
    var rows: [[String]] = []
    var row: [String] = []
    var field = ""
    var quoted = false
    var characters = Array(text)[...]
    while let c = characters.popFirst() {
      if quoted {
        if c == "\"" {
          if characters.first == "\"" {
            field.append("\"")
            characters.removeFirst()
          } else {
            quoted = false
          }
        } else {
          field.append(c)
        }
      } else if c == "\"" {
        quoted = true
      } else if c == "," {
        row.append(field)
        field = ""
      } else if c == "\r\n" || c == "\n" {
        row.append(field)
        rows.append(row)
        row = []
        field = ""
      } else {
        field.append(c)
      }
    }
    return rows
  }

  @Test func csvParsesBackWithQuoting() throws {
    let report = try Self.sample()
    let rows = Self.parseCSV(CSVWriter.csv(report))
    #expect(rows.first == CSVWriter.header)
    #expect(rows.count == 1 + report.resultCount)
    #expect(Set(rows.dropFirst().map { $0[0] }) == Set(report.artworks.map(\.file.path)))
    #expect(rows.dropFirst().allSatisfy { $0.count == CSVWriter.header.count })
  }

  @Test func junitIsWellFormedAndCountsMatch() throws {
    let report = try Self.sample()
    let xml = JUnitWriter.xml(report)
    final class Counter: NSObject, XMLParserDelegate {
      var testcases = 0
      var failures = 0
      var errors = 0
      var rootFailures = -1
      func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
      ) {
        switch name {
        case "testcase": testcases += 1
        case "failure": failures += 1
        case "error": errors += 1
        case "testsuites": rootFailures = Int(attributes["failures"] ?? "") ?? -1
        default: break
        }
      }
    }
    let parser = XMLParser(data: Data(xml.utf8))
    let counter = Counter()
    parser.delegate = counter
    #expect(parser.parse(), "well-formed: \(parser.parserError.map { "\($0)" } ?? "")")
    #expect(counter.testcases == report.resultCount + report.errors.count)
    #expect(counter.errors == report.errors.count)
    #expect(counter.rootFailures == report.failedCount)
    #expect(counter.failures >= report.failedCount)
  }

  @Test func htmlShowsEveryResultAndEscapesNames() throws {
    let report = try Self.sample()
    let html = HTMLWriter.html(report)
    #expect(!html.contains("<script>alert(1)</script>"), "file names are text, not markup")
    #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;.png"))
    #expect(html.contains("art/broken &lt;b&gt;.jpg") && html.contains("JPEG data ends early"))
    let rows = html.components(separatedBy: "\n<tr").count - 1  // one line per result row
    #expect(rows == report.resultCount)
    #expect(html.components(separatedBy: "<tr class=\"failed\">").count - 1 == report.failedCount)
    #expect(!html.contains("http://") && !html.contains("https://"), "no network")
  }

  /// report.json is streamed, compact; parsed and printed again through JSONValue it must come
  /// back byte for byte, so the stream and the value printer agree on every number.
  @Test func streamedJSONPrintsAsJSONValueDoes() throws {
    let report = try Self.sample()
    let streamed = report.jsonBytes()
    #expect(try JSONParser.parse(streamed).bytes(pretty: false) == streamed)
    let text = String(decoding: streamed, as: UTF8.self)
    #expect(!text.contains("\n"), "one line, no layout")
    #expect(text.contains("\"canvas\":{\"w\":"))
    #expect(text.contains("\"summary\":{\"artworks\":3,\"results\":12,"))
  }

  /// The byte formatter writes what Swift's own number printing writes for rounded values.
  @Test func numbersMatchSwiftsPrinting() {
    var generator = SeededGenerator(seed: 11)
    for _ in 0..<20000 {
      let value = Double.random(in: -5000...5000, using: &generator) * (Bool.random(using: &generator) ? 1 : 0.0001)
      for places in [1, 4] {
        var buffer = ByteBuffer()
        buffer.decimal(value, places: places)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == JSONValue.rounded(value, places).serialized())
      }
      var fixed = ByteBuffer()
      fixed.fixed(value, places: 4)
      #expect(
        String(decoding: fixed.bytes, as: UTF8.self)
          == String(format: "%.4f", (value * 10000).rounded() / 10000).replacingOccurrences(
            of: "-0.0000", with: "0.0000"))
      var percentText = ByteBuffer()
      percentText.percent(value / 1000)
      #expect(String(decoding: percentText.bytes, as: UTF8.self) == Checks.percent(value / 1000))
    }
  }
}
