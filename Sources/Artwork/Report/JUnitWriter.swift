/// junit.xml: one test case per artwork × target × mode; failed checks are failures,
/// unreadable inputs errors. The shape CI servers read (Jenkins, GitLab, GitHub actions).
public enum JUnitWriter {
  public static func xml(_ report: RunReport) -> String {
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites name=\"artfit\" tests=\"\(report.resultCount + report.errors.count)\" failures=\"\(report.failedCount)\" errors=\"\(report.errors.count)\">\n"
    for artwork in report.artworks {
      let failures = artwork.results.filter { !$0.passed }.count
      out += "  <testsuite name=\"\(escape(artwork.file.path))\" tests=\"\(artwork.results.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
      for result in artwork.results {
        let p = result.placement
        let name = "\(result.screen.target.name) \(result.screen.orientation.rawValue) \(p.requestedMode.rawValue) @\(scaleText(result.screen.scale))x"
        out += "    <testcase classname=\"\(escape(artwork.file.stem))\" name=\"\(escape(name))\" time=\"0\""
        if result.passed {
          out += "/>\n"
        } else {
          out += ">\n"
          for failure in result.failures {
            out += "      <failure type=\"check\" message=\"\(escape(failure))\">\(escape(failure))</failure>\n"
          }
          out += "    </testcase>\n"
        }
      }
      out += "  </testsuite>\n"
    }
    if !report.errors.isEmpty {
      out += "  <testsuite name=\"inputs\" tests=\"\(report.errors.count)\" failures=\"0\" errors=\"\(report.errors.count)\" skipped=\"0\">\n"
      for error in report.errors {
        out += "    <testcase classname=\"inputs\" name=\"\(escape(error.source))\" time=\"0\">\n"
        out += "      <error type=\"input\" message=\"\(escape(error.message))\">\(escape(error.source)): \(escape(error.message))</error>\n"
        out += "    </testcase>\n"
      }
      out += "  </testsuite>\n"
    }
    return out + "</testsuites>\n"
  }

  /// Text safe inside XML attributes and elements; characters XML 1.0 forbids are dropped.
  static func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\n": out += "&#10;"
      case "\r": out += "&#13;"
      case "\t": out += "&#9;"
      default:
        let v = scalar.value
        if v < 0x20 || (v >= 0xd800 && v <= 0xdfff) || v == 0xfffe || v == 0xffff { continue }
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
