/// The process exit statuses of every command: the contract's table, written once.
public enum ExitStatus: Int32, CaseIterable, Sendable {
  /// Everything rendered and every check passed.
  case success = 0
  /// A check failed (`max_crop_loss`, `require_focus`).
  case checkFailed = 1
  /// Bad usage: an unknown option, a bad value, an unknown target, an unusable file given
  /// as an option's value.
  case usage = 2
  /// Some inputs could not be read or decoded (the others were still processed).
  case inputErrors = 3
  /// The output folder could take no more (disk full, read-only, quota); the run stopped.
  case outputUnavailable = 4

  /// What the status says, in the words of the help texts.
  public var meaning: String {
    switch self {
    case .success: "all passed"
    case .checkFailed: "a check failed"
    case .usage: "bad usage"
    case .inputErrors: "some inputs could not be read"
    case .outputUnavailable: "the output folder took no more writes (disk full, read-only)"
    }
  }

  /// "Exit status: 0 all passed, 1 a check failed, …" for `statuses`, wrapped at 100
  /// columns.
  public static func helpLine(_ statuses: [ExitStatus] = allCases) -> String {
    let items = statuses.map { "\($0.rawValue) \($0.meaning)" }
    var lines = ["Exit status:"]
    for (index, item) in items.enumerated() {
      let text = item + (index == items.count - 1 ? "." : ",")
      if lines[lines.count - 1].count + 1 + text.count > 100 {
        lines.append(text)
      } else {
        lines[lines.count - 1] += " " + text
      }
    }
    return lines.joined(separator: "\n")
  }
}
