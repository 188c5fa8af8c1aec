import ArtworkGeometry
@_spi(Support) import ArtworkSupport

/// junit.xml: one test case per artwork × target × mode; failed checks are failures,
/// unreadable inputs errors. The shape CI servers read (Jenkins, GitLab, GitHub actions).
public enum JUnitWriter {
  /// junit.xml for `report`.
  public static func xml(_ report: RunReport) -> String {
    var buffer = ByteBuffer()
    write(report, to: &buffer)
    return String(decoding: buffer.bytes, as: UTF8.self)
  }

  static func write(_ report: RunReport, to out: inout ByteBuffer) {
    writeHead(report.tally, to: &out)
    for artwork in report.artworks { writeSuite(artwork, to: &out) }
    writeTail(report.errors, to: &out)
  }

  /// The root element, with the run's totals.
  static func writeHead(_ tally: RunTally, to out: inout ByteBuffer) {
    out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"artfit\" tests=\"")
    out.integer(tally.results + tally.errors.count)
    out.append("\" failures=\"")
    out.integer(tally.failed)
    out.append("\" errors=\"")
    out.integer(tally.errors.count)
    out.append("\">\n")
  }

  /// One artwork's test suite: a test case per result.
  static func writeSuite(_ artwork: ArtworkReport, to out: inout ByteBuffer) {
    out.append("  <testsuite name=\"")
    out.xml(artwork.file.path)
    out.append("\" tests=\"")
    out.integer(artwork.results.count)
    out.append("\" failures=\"")
    out.integer(artwork.results.reduce(0) { $0 + ($1.failsRun ? 1 : 0) })
    out.append("\" errors=\"0\" skipped=\"")
    out.integer(artwork.results.reduce(0) { $0 + ($1.baselined ? 1 : 0) })
    out.append("\">\n")
    var classname = ByteBuffer(capacity: 64)
    classname.xml(artwork.file.stem)
    for index in artwork.results.indices {  // by index: no copy of each result
      writeCase(artwork.results[index], classname: classname, to: &out)
    }
    out.append("  </testsuite>\n")
  }

  /// One result's test case.
  private static func writeCase(_ result: borrowing ReportedResult, classname: ByteBuffer, to out: inout ByteBuffer) {
    out.append("    <testcase classname=\"")
    out.append(classname)
    out.append("\" name=\"")
    out.xml(result.screen.target.name)
    out.append(byte: 0x20)
    out.append(result.screen.orientation.rawValue)
    out.append(byte: 0x20)
    out.append(result.placement.requestedMode.rawValue)
    out.append(" @")
    out.append(Screen.scaleText(result.screen.scale))
    out.append("x\" time=\"0\"")
    if result.passed {
      out.append("/>\n")
    } else if result.baselined {
      // Known from the baseline: shown, not failed.
      out.append(">\n      <skipped message=\"baselined: ")
      out.xml(result.result.failureMessages)
      out.append("\"/>\n    </testcase>\n")
    } else {
      out.append(">\n")
      for failure in result.failures {
        out.append("      <failure type=\"")
        out.append(failure.check.name)
        out.append("\" message=\"")
        out.xml(result.result.message(of: failure))
        out.append("\">")
        out.xml(result.result.message(of: failure))
        out.append("</failure>\n")
      }
      out.append("    </testcase>\n")
    }
    out.flushIfFull()
  }

  /// The unreadable inputs as errors, and the root closed.
  static func writeTail(_ errors: [InputError], to out: inout ByteBuffer) {
    if !errors.isEmpty {
      out.append("  <testsuite name=\"inputs\" tests=\"")
      out.integer(errors.count)
      out.append("\" failures=\"0\" errors=\"")
      out.integer(errors.count)
      out.append("\" skipped=\"0\">\n")
      for error in errors {
        out.append("    <testcase classname=\"inputs\" name=\"")
        out.xml(error.source)
        out.append("\" time=\"0\">\n      <error type=\"input\" message=\"")
        out.xml(error.message)
        out.append("\">")
        out.xml(error.source)
        out.append(": ")
        out.xml(error.message)
        out.append("</error>\n    </testcase>\n")
      }
      out.append("  </testsuite>\n")
    }
    out.append("</testsuites>\n")
  }

}
