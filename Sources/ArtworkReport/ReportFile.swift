/// A report file a run can write (`--reports`). report.json is the run's record, which
/// `merge-reports`, `--baseline` and tools read, so it is always written; the others are
/// chosen.
public enum ReportFile: String, Sendable, Hashable, CaseIterable {
  /// report.json: every artwork and result (always written).
  case json
  /// report.jsonl: report.json's artworks again, one line each, for line-by-line tools.
  case jsonl
  /// report.csv: one row per result.
  case csv
  /// junit.xml: one test case per result, for CI test views.
  case junit
  /// index.html and its pages: the contact sheet.
  case html

  /// The file it is written to in the output folder.
  public var fileName: String {
    switch self {
    case .json: "report.json"
    case .jsonl: "report.jsonl"
    case .csv: "report.csv"
    case .junit: "junit.xml"
    case .html: "index.html"
    }
  }

  /// What a build needs from `check`: the record and the CI test view.
  public static let forBuilds: Set<ReportFile> = [.json, .junit]
  /// What a person reviewing a `render` opens, and the tables beside it; report.jsonl is
  /// the same artworks again, written when asked.
  public static let forReview: Set<ReportFile> = [.json, .csv, .junit, .html]

  /// `files` in declaration order, as help and messages list them.
  public static func listed(_ files: Set<ReportFile>) -> [ReportFile] { allCases.filter(files.contains) }
}
