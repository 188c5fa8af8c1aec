/// Writes report.json, report.csv, junit.xml and index.html into the output folder.
public enum ReportWriter {
  public static func writeAll(_ report: RunReport, to folder: String) throws(ImageError) {
    try AtomicFile.write(report.json.bytes() + [0x0a], to: folder + "/report.json")
    try AtomicFile.write(Array(CSVWriter.csv(report).utf8), to: folder + "/report.csv")
    try AtomicFile.write(Array(JUnitWriter.xml(report).utf8), to: folder + "/junit.xml")
    try AtomicFile.write(Array(HTMLWriter.html(report).utf8), to: folder + "/index.html")
  }
}
